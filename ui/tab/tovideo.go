package tab

// ToVideoMsg carries an image to the Video tab: the Image
// tab's results and gallery and the History tab send it when the person
// presses the "to video" key on an image. The shell shows the Video tab
// and delivers the message to it (a ShownMsg comes first); the tab asks
// which image-to-video endpoint to use, the last one chosen first, and
// opens its form with the image as its input. Nothing is sent until the
// person submits.
type ToVideoMsg struct {
	File   string // the image, an absolute path (under the media folder for a history image)
	Prompt string // the image's prompt, offered when the video form has none
}
