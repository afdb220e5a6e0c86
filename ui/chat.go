package ui

// newChatTab is the Chat tab until its real screen replaces it.
func newChatTab() *comingTab {
	return newComingTab("Chat will hold conversations with the alpha, beta and gamma models.")
}
