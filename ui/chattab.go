package ui

import (
	tea "charm.land/bubbletea/v2"

	"atelier/store"
	"atelier/store/price"
	"atelier/ui/chat"
)

// chatTab adapts chat.Model, whose Update returns its own type.
type chatTab struct{ chat.Model }

func newChatTab(deps Deps) *chatTab {
	var models store.Models
	var prices price.Table
	if deps.Settings != nil {
		models, prices = deps.Settings.Models, deps.Settings.Prices
	}
	return &chatTab{chat.New(chat.Options{Store: deps.Store, Models: models, Prices: prices, Demo: deps.Demo})}
}

func (t *chatTab) Update(msg tea.Msg) (screen, tea.Cmd) {
	var cmd tea.Cmd
	t.Model, cmd = t.Model.Update(msg)
	return t, cmd
}
