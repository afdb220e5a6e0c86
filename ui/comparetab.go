package ui

import (
	tea "charm.land/bubbletea/v2"

	"atelier/ui/compare"
)

// compareTab adapts compare.Model, whose Update returns its own type.
type compareTab struct{ compare.Model }

func newCompareTab(deps Deps) *compareTab {
	return &compareTab{compare.New(compare.Options{Store: deps.Store, Settings: deps.Settings, Demo: deps.Demo})}
}

func (t *compareTab) Update(msg tea.Msg) (screen, tea.Cmd) {
	var cmd tea.Cmd
	t.Model, cmd = t.Model.Update(msg)
	return t, cmd
}
