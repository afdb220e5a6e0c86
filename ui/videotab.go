package ui

import (
	tea "charm.land/bubbletea/v2"

	"atelier/ui/video"
)

// videoTab adapts video.Model, whose Update returns its own type, and
// tells the status bar how many tasks run whenever that changes.
type videoTab struct {
	video.Model
	running int // as last told to the status bar
}

func newVideoTab(deps Deps) *videoTab {
	o := video.Options{Store: deps.Store, Poller: deps.Poller, Settings: deps.Settings}
	if deps.Settings != nil {
		o.Endpoint, o.Prices = deps.Settings.Models.Video, deps.Settings.Prices
	}
	return &videoTab{Model: video.New(o)}
}

func (t *videoTab) Update(msg tea.Msg) (screen, tea.Cmd) {
	var cmd tea.Cmd
	t.Model, cmd = t.Model.Update(msg)
	if n := t.Running(); n != t.running {
		t.running = n
		cmd = tea.Batch(cmd, func() tea.Msg { return TasksChangedMsg{Running: n} })
	}
	return t, cmd
}
