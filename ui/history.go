package ui

// newHistoryTab is the History tab until its real screen replaces it.
func newHistoryTab() *comingTab {
	return newComingTab("History will search and reopen past chats, images and videos.")
}
