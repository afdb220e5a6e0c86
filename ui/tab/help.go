package tab

import (
	"slices"

	"charm.land/bubbles/v2/key"
)

// KeyGroup is a labelled group of a tab's keys for the full help: the keys
// of one context (the prompt, a list, a picker).
type KeyGroup struct {
	Title string
	Keys  []key.Binding
}

// Help is a tab's keys as the shell shows them (a help.KeyMap): Short on
// the bottom line, Groups in the full help, each under its title.
type Help struct {
	Short  []key.Binding
	Groups []KeyGroup
}

// ShortHelp is the bottom line's keys.
func (h Help) ShortHelp() []key.Binding { return h.Short }

// FullHelp is a column a group.
func (h Help) FullHelp() [][]key.Binding {
	out := make([][]key.Binding, len(h.Groups))
	for i, g := range h.Groups {
		out[i] = g.Keys
	}
	return out
}

// HelpTitles names the columns of FullHelp.
func (h Help) HelpTitles() []string {
	out := make([]string, len(h.Groups))
	for i, g := range h.Groups {
		out[i] = g.Title
	}
	return out
}

// First is h with the group titled title first: the context the tab is in
// leads the full help.
func (h Help) First(title string) Help {
	i := slices.IndexFunc(h.Groups, func(g KeyGroup) bool { return g.Title == title })
	if i <= 0 {
		return h
	}
	g := slices.Clone(h.Groups)
	h.Groups = append([]KeyGroup{g[i]}, append(g[:i:i], g[i+1:]...)...)
	return h
}

// Retitle is b saying what it does here: the same keys, another
// description.
func Retitle(b key.Binding, what string) key.Binding {
	b.SetHelp(b.Help().Key, what)
	return b
}
