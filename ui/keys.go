package ui

import (
	"slices"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// keyMap is the shell's own keys, used both to act and for help.
type keyMap struct {
	Jump     key.Binding // alt+1…alt+6: always
	Digit    key.Binding // 1…6: only while no text field has the keyboard
	Next     key.Binding
	Prev     key.Binding
	Help     key.Binding // f1: always
	Question key.Binding // ?: outside text fields, or in an empty one
	Log      key.Binding // ctrl+l: the recent messages, whole
	Dismiss  key.Binding
	Quit     key.Binding

	// Under the help or the messages.
	Up, Down, PageUp, PageDown, Top, Bottom, Close key.Binding
}

func defaultKeyMap() keyMap {
	b := func(keys []string, k, what string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(k, what))
	}
	return keyMap{
		Jump:     b([]string{"alt+1", "alt+2", "alt+3", "alt+4", "alt+5", "alt+6", "alt+7"}, "alt+1…7", "go to tab"),
		Digit:    b([]string{"1", "2", "3", "4", "5", "6", "7"}, "1…7", "go to tab, outside text"),
		Next:     b([]string{"ctrl+right"}, "ctrl+→", "next tab"),
		Prev:     b([]string{"ctrl+left"}, "ctrl+←", "previous tab"),
		Help:     b([]string{"f1"}, "f1", "help, from anywhere"),
		Question: b([]string{"?"}, "?", "help, where no text is typed"),
		Log:      b([]string{"ctrl+l"}, "ctrl+l", "recent messages, whole"),
		Dismiss:  b([]string{"esc"}, "esc", "clear the error"),
		Quit:     b([]string{"ctrl+c"}, "ctrl+c", "quit"),

		Up:       b([]string{"up", "k"}, "↑/k", "scroll up"),
		Down:     b([]string{"down", "j"}, "↓/j", "scroll down"),
		PageUp:   b([]string{"pgup"}, "pgup", "page up"),
		PageDown: b([]string{"pgdown", "space"}, "pgdn", "page down"),
		Top:      b([]string{"home", "g"}, "home/g", "top"),
		Bottom:   b([]string{"end", "G"}, "end/G", "bottom"),
		Close:    b([]string{"esc", "q"}, "esc/q", "close"),
	}
}

// position is which of b's keys msg is: the tab a jump or digit goes to.
func position(b key.Binding, msg tea.KeyPressMsg) int {
	return slices.Index(b.Keys(), msg.String())
}

// groups are the shell's keys for the full help, labelled.
func (k keyMap) groups() []keyGroup {
	return []keyGroup{
		{"Tabs", []key.Binding{k.Jump, k.Digit, k.Next, k.Prev}},
		{"Everywhere", []key.Binding{k.Help, k.Question, k.Log, k.Dismiss, k.Quit}},
		{"Help and messages", []key.Binding{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom, k.Close}},
	}
}
