package ui

// newVideoTab is the Video tab until its real screen replaces it.
func newVideoTab() *comingTab {
	return newComingTab("Video will submit video tasks and follow them while they run.")
}
