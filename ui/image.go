package ui

// newImageTab is the Image tab until its real screen replaces it.
func newImageTab() *comingTab {
	return newComingTab("Image will generate and edit images.")
}
