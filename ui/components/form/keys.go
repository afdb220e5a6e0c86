package form

import (
	"charm.land/bubbles/v2/key"

	"atelier/ui/components/keys"
)

// KeyMap is the form's keys. Moving past the first or last row is the
// caller's: Step reports it. A choice takes h and l as ← and →: a row
// that takes text takes them as text.
type KeyMap struct {
	Up, Down     key.Binding // the previous and next row
	Change, Back key.Binding // a choice: next and previous value; on a list, add
	Enter        key.Binding // a choice's next value, a text row's next row (a caller may take enter first)
	Add, Remove  key.Binding // a list's items
}

// DefaultKeyMap returns the form's keys.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Up:     keys.RowUp(),
		Down:   keys.RowDown(),
		Change: keys.Bind("space/→/l", "next value", "space", "right", "l"),
		Back:   keys.Bind("←/h", "previous value", "left", "h"),
		Enter:  keys.Bind("enter", "next value, or next row", "enter"),
		Add:    keys.Bind("ctrl+n", "add item", "ctrl+n"),
		Remove: keys.Bind("ctrl+x", "remove item", "ctrl+x"),
	}
}

// Bindings are all of the form's keys, for help.
func (k KeyMap) Bindings() []key.Binding {
	return []key.Binding{k.Up, k.Down, k.Change, k.Back, k.Enter, k.Add, k.Remove}
}
