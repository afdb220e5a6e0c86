package ui

import (
	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"

	"atelier/ui/tab"
)

// screen is one tab as the shell sees it.
type screen interface {
	Init() tea.Cmd
	Update(tea.Msg) (screen, tea.Cmd)
	View() string
	SetSize(w, h int)    // the room inside the frame
	SetDark(dark bool)   // the background the styles are for
	Summary() string     // the tab's target, for the status bar
	KeyMap() help.KeyMap // the tab's keys, for help
	Focused() bool       // a text field has the keyboard: bare keys are text
}

// titles are the tab bar's names, in tab.ID order.
var titles = [tab.Count]string{
	tab.Chat: "Chat", tab.Compare: "Compare", tab.Image: "Image",
	tab.Video: "Video", tab.History: "History", tab.Settings: "Settings",
	tab.Arena: "Arena",
	tab.Batch: "Batch",
}

// newScreens builds every tab from deps.
func newScreens(deps Deps) [tab.Count]screen {
	return [tab.Count]screen{
		tab.Chat:     newChatTab(deps),
		tab.Compare:  newCompareTab(deps),
		tab.Image:    newImageTab(deps),
		tab.Video:    newVideoTab(deps),
		tab.History:  newHistoryTab(deps),
		tab.Settings: newSettingsTab(deps),
		tab.Arena:    newArenaTab(deps),
		tab.Batch:    newBatchTab(deps),
	}
}
