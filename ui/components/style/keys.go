package style

import "charm.land/bubbles/v2/key"

// The bindings shared by every list and form: the same keys, the same
// words in help.

// Up moves to the row above.
func Up() key.Binding { return key.NewBinding(key.WithKeys("up"), key.WithHelp("↑", "up")) }

// Down moves to the row below.
func Down() key.Binding { return key.NewBinding(key.WithKeys("down"), key.WithHelp("↓", "down")) }

// ListUp moves to the row above in a list, where nothing is typed: k too.
func ListUp() key.Binding {
	return key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "up"))
}

// ListDown moves to the row below in a list: j too.
func ListDown() key.Binding {
	return key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "down"))
}
