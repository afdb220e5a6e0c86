package video

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"atelier/poller"
	"atelier/ui/tab"
)

// EventMsg is a poller event as the shell handles it: a task's update,
// addressed to the Video tab (delivered even while another tab shows), or
// why tasks are not followed, for the status bar.
func EventMsg(e poller.Event) tea.Msg {
	if e.Err != nil {
		return tab.ErrorMsg{Err: fmt.Errorf("video tasks are not followed: %w", e.Err)}
	}
	return tab.Result(tab.Video, updateMsg{e.Update})
}
