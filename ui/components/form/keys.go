package form

import (
	"charm.land/bubbles/v2/key"

	"atelier/ui/components/style"
)

// KeyMap is the form's keys. Moving past the first or last row is the
// caller's: Step reports it.
type KeyMap struct {
	Up, Down     key.Binding // the previous and next row
	Change, Back key.Binding // a choice: next and previous value; on a list, add
	Add, Remove  key.Binding // a list's items
}

// DefaultKeyMap returns the form's keys.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Up:     style.Up(),
		Down:   style.Down(),
		Change: key.NewBinding(key.WithKeys("space", "enter", "right"), key.WithHelp("space", "next value")),
		Back:   key.NewBinding(key.WithKeys("left"), key.WithHelp("←", "previous value")),
		Add:    key.NewBinding(key.WithKeys("ctrl+n"), key.WithHelp("ctrl+n", "add item")),
		Remove: key.NewBinding(key.WithKeys("ctrl+x"), key.WithHelp("ctrl+x", "remove item")),
	}
}

// Bindings are all of the form's keys, for help.
func (k KeyMap) Bindings() []key.Binding {
	return []key.Binding{k.Up, k.Down, k.Change, k.Back, k.Add, k.Remove}
}
