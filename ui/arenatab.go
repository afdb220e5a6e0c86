package ui

import (
	tea "charm.land/bubbletea/v2"

	"atelier/ui/arena"
)

// arenaTab adapts arena.Model, whose Update returns its own type.
type arenaTab struct{ arena.Model }

func newArenaTab(deps Deps) *arenaTab {
	return &arenaTab{arena.New(arena.Options{Store: deps.Store, Now: deps.Now})}
}

func (t *arenaTab) Update(msg tea.Msg) (screen, tea.Cmd) {
	var cmd tea.Cmd
	t.Model, cmd = t.Model.Update(msg)
	return t, cmd
}
