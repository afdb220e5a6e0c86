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
	return keyMap{
		Jump:     keys.Bind(fmt.Sprintf("alt+1…%d", tab.Count), "go to tab", tabKeys("alt+")...),
		Next:     keys.Bind("ctrl+→", "next tab", "ctrl+right"),
		Prev:     keys.Bind("ctrl+←", "previous tab", "ctrl+left"),
		Help:     keys.Bind("f1", "help, from anywhere", "f1"),
		Question: keys.Bind("?", "help, where no text is typed", "?"),
		Palette:  keys.Bind("ctrl+p", "command palette", "ctrl+p"),
		Log:      keys.Bind("ctrl+l", "recent messages, whole", "ctrl+l"),
		Dismiss:  keys.Bind("esc", "clear the error, then back", "esc"),
		Quit:     keys.Bind("ctrl+c", "quit", "ctrl+c"),

		Moves: keys.DefaultMoves(),
		Close: keys.Bind("esc/q", "close", "esc", "q"),
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
