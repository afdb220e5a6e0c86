package ui

import (
	"fmt"
	"slices"
	"strconv"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"atelier/ui/components/keys"
	"atelier/ui/tab"
)

// keyMap is the shell's own keys, used both to act and for help. Bare
// digits are none of them: a bare digit is always the current view's own
// choice (a rating, a board, a code block), and where the view has none
// the shell says so.
type keyMap struct {
	Jump     key.Binding // alt+1…alt+N, a key a tab: always
	Next     key.Binding
	Prev     key.Binding
	Help     key.Binding // f1: always
	Question key.Binding // ?: outside text fields, or in an empty one
	Palette  key.Binding // ctrl+p: the actions of here, by name
	Log      key.Binding // ctrl+l: the recent messages, whole
	Dismiss  key.Binding // esc clears the error shown, and goes on to the tab
	Quit     key.Binding

	// Under the help or the messages.
	keys.Moves
	Close key.Binding
}

func defaultKeyMap() keyMap {
	b := func(keys []string, k, what string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(k, what))
	}
	return keyMap{
		Jump:     b(tabKeys("alt+"), fmt.Sprintf("alt+1…%d", tab.Count), "go to tab"),
		Next:     b([]string{"ctrl+right"}, "ctrl+→", "next tab"),
		Prev:     b([]string{"ctrl+left"}, "ctrl+←", "previous tab"),
		Help:     b([]string{"f1"}, "f1", "help, from anywhere"),
		Question: b([]string{"?"}, "?", "help, where no text is typed"),
		Palette:  b([]string{"ctrl+p"}, "ctrl+p", "command palette"),
		Log:      b([]string{"ctrl+l"}, "ctrl+l", "recent messages, whole"),
		Dismiss:  b([]string{"esc"}, "esc", "clear the error, then back"),
		Quit:     b([]string{"ctrl+c"}, "ctrl+c", "quit"),

		Moves: keys.DefaultMoves(),
		Close: b([]string{"esc", "q"}, "esc/q", "close"),
	}
}

// tabKeys are prefix+1, prefix+2…, one a tab in tab.ID order.
func tabKeys(prefix string) []string {
	out := make([]string, tab.Count)
	for i := range out {
		out[i] = prefix + strconv.Itoa(i+1)
	}
	return out
}

// position is which of b's keys msg is: the tab a jump goes to.
func position(b key.Binding, msg tea.KeyPressMsg) int {
	return slices.Index(b.Keys(), msg.String())
}

// The titles of the shell's groups of keys.
const (
	tabsKeys       = "Tabs"
	everywhereKeys = "Everywhere"
	coverKeys      = "Help and messages"
)

// groups are the shell's keys, labelled: the tabs' and those of
// everywhere act at all times; the cover's while help or the messages show.
func (k keyMap) groups(covered bool) []tab.KeyGroup {
	return []tab.KeyGroup{
		{Title: tabsKeys, Keys: []key.Binding{k.Jump, k.Next, k.Prev}, Live: true},
		{Title: everywhereKeys, Keys: []key.Binding{k.Help, k.Question, k.Palette, k.Log, k.Quit}, Live: true},
		{Title: coverKeys, Keys: append(k.Moves.Bindings(), k.Close), Live: covered},
	}
}
