package ui

import (
	"slices"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// keyMap is the shell's own keys, used both to act and for help.
type keyMap struct {
	Jump    key.Binding // alt+1…alt+6: always
	Digit   key.Binding // 1…6: only while no text field has the keyboard
	Next    key.Binding
	Prev    key.Binding
	Help    key.Binding
	Dismiss key.Binding
	Quit    key.Binding
}

func defaultKeyMap() keyMap {
	return keyMap{
		Jump: key.NewBinding(key.WithKeys("alt+1", "alt+2", "alt+3", "alt+4", "alt+5", "alt+6"),
			key.WithHelp("alt+1…6", "go to tab")),
		Digit: key.NewBinding(key.WithKeys("1", "2", "3", "4", "5", "6"),
			key.WithHelp("1…6", "go to tab (outside text fields)")),
		Next:    key.NewBinding(key.WithKeys("ctrl+right"), key.WithHelp("ctrl+→", "next tab")),
		Prev:    key.NewBinding(key.WithKeys("ctrl+left"), key.WithHelp("ctrl+←", "previous tab")),
		Help:    key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "help")),
		Dismiss: key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "clear error / close")),
		Quit:    key.NewBinding(key.WithKeys("ctrl+c"), key.WithHelp("ctrl+c", "quit")),
	}
}

// position is which of b's keys msg is: the tab a jump or digit goes to.
func position(b key.Binding, msg tea.KeyPressMsg) int {
	return slices.Index(b.Keys(), msg.String())
}

// ShortHelp is the shell's part of the bottom line: the rest is one ? away.
func (k keyMap) ShortHelp() []key.Binding { return []key.Binding{k.Help} }

// FullHelp is the shell's column of the full help.
func (k keyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Jump, k.Digit, k.Next, k.Prev}, {k.Dismiss, k.Help, k.Quit}}
}
