package ui

import (
	"os"

	tea "charm.land/bubbletea/v2"

	"atelier/ui/history"
	"atelier/ui/imageview"
)

// historyTab adapts history.Model, whose Update returns its own type.
type historyTab struct{ history.Model }

func newHistoryTab(deps Deps) *historyTab {
	cw, ch, _ := imageview.ReadWindow(os.Stdout).Cell()
	return &historyTab{history.New(history.Options{Store: deps.Store, Settings: deps.Settings, CellWidth: cw, CellHeight: ch})}
}

func (t *historyTab) Update(msg tea.Msg) (screen, tea.Cmd) {
	var cmd tea.Cmd
	t.Model, cmd = t.Model.Update(msg)
	return t, cmd
}
