package ui

// newCompareTab is the Compare tab until its real screen replaces it.
func newCompareTab() *comingTab {
	return newComingTab("Compare will run one prompt on several models side by side.")
}
