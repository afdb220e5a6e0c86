package markdown

import (
	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"

	"atelier/ui/components/keys"
)

var _ help.KeyMap = KeyMap{}

// KeyMap holds the keys that scroll the view. It feeds both Update and the
// help bar (it implements help.KeyMap).
type KeyMap struct {
	Up       key.Binding
	Down     key.Binding
	PageUp   key.Binding
	PageDown key.Binding
	Home     key.Binding
	End      key.Binding
}

// DefaultKeyMap returns pager keys, the grammar's (ui/components/keys):
// arrows and j/k by line, page keys by screen, g/home and G/end to the
// ends.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Up:       keys.Up(),
		Down:     keys.Down(),
		PageUp:   keys.PageUp(),
		PageDown: keys.PageDown(),
		Home:     keys.Top(),
		End:      keys.Bottom(),
	}
}

// ShortHelp returns the keys for the one-line help.
func (k KeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Up, k.Down, k.PageUp, k.PageDown}
}

// FullHelp returns the keys for the full help, in columns.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Up, k.Down}, {k.PageUp, k.PageDown}, {k.Home, k.End}}
}
