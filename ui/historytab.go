package ui

import (
	tea "charm.land/bubbletea/v2"

	"atelier/ui/history"
)

// historyTab adapts history.Model, whose Update returns its own type.
type historyTab struct{ history.Model }

func newHistoryTab(deps Deps) *historyTab {
	return &historyTab{history.New(history.Options{Store: deps.Store, Settings: deps.Settings})}
}

func (t *historyTab) Update(msg tea.Msg) (screen, tea.Cmd) {
	var cmd tea.Cmd
	t.Model, cmd = t.Model.Update(msg)
	return t, cmd
}
