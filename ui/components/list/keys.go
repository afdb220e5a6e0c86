package list

import (
	"charm.land/bubbles/v2/key"

	"atelier/ui/components/confirm"
	"atelier/ui/components/style"
)

// KeyMap is the list's keys.
type KeyMap struct {
	Up, Down    key.Binding
	Top, Bottom key.Binding
	Filter      key.Binding // open the filter
	Accept      key.Binding // keep the filter typed, give the keys back to the list
	ClearFilter key.Binding // drop the filter
	Delete      key.Binding // ask to delete the selected item
	Yes, No     key.Binding // answer the question
}

// DefaultKeyMap returns the list's keys.
func DefaultKeyMap() KeyMap {
	answers := confirm.Keys("delete", "keep")
	return KeyMap{
		Up:          style.ListUp(),
		Down:        style.ListDown(),
		Top:         key.NewBinding(key.WithKeys("home", "g"), key.WithHelp("g", "first")),
		Bottom:      key.NewBinding(key.WithKeys("end", "G"), key.WithHelp("G", "last")),
		Filter:      key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "filter")),
		Accept:      key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "keep filter")),
		ClearFilter: key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "clear filter")),
		Delete:      key.NewBinding(key.WithKeys("d", "delete"), key.WithHelp("d", "delete")),
		Yes:         answers.Yes,
		No:          answers.No,
	}
}
