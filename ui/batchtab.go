package ui

import (
	tea "charm.land/bubbletea/v2"

	"atelier/ui/batch"
)

// batchTab adapts batch.Model, whose Update returns its own type.
type batchTab struct{ batch.Model }

func newBatchTab(deps Deps) *batchTab {
	return &batchTab{batch.New(batch.Options{Store: deps.Store, Settings: deps.Settings})}
}

func (t *batchTab) Update(msg tea.Msg) (screen, tea.Cmd) {
	var cmd tea.Cmd
	t.Model, cmd = t.Model.Update(msg)
	return t, cmd
}
