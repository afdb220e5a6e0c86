package tab

import (
	"slices"

	"charm.land/bubbles/v2/key"
)

// KeyGroup is a labelled group of a tab's keys for the full help: the keys
// of one context (the prompt, a list, a picker). Live groups are those
// whose keys act now: the command palette offers their actions, and a
// bare digit no live group binds does nothing (the shell says so).
type KeyGroup struct {
	Title string
	Keys  []key.Binding
	Live  bool
}

// Help is a tab's keys as the shell shows them (a help.KeyMap): Short on
// the bottom line, Groups in the full help, each under its title. It is
// the tab's part of the shell's registry of actions (ui/components/keys).
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

// In is h in the contexts titled titles: their groups live, the others
// not, and the first of them first, since the context the tab is in leads
// the full help.
func (h Help) In(titles ...string) Help {
	g := slices.Clone(h.Groups)
	for i := range g {
		g[i].Live = slices.Contains(titles, g[i].Title)
	}
	if i := slices.IndexFunc(g, func(g KeyGroup) bool { return len(titles) > 0 && g.Title == titles[0] }); i > 0 {
		g = append([]KeyGroup{g[i]}, append(g[:i:i], g[i+1:]...)...)
	}
	h.Groups = g
	return h
}

// InMode is h in the contexts a tab's table gives mode (see In), or in
// otherwise where the table names no contexts for it: which groups act in
// which mode is each tab's data, the choosing one function.
func InMode[M comparable](h Help, mode M, table map[M][]string, otherwise ...string) Help {
	if titles, ok := table[mode]; ok {
		return h.In(titles...)
	}
	return h.In(otherwise...)
}

// Live are the keys of the live groups: those that act now.
func (h Help) Live() []key.Binding {
	var out []key.Binding
	for _, g := range h.Groups {
		if g.Live {
			out = append(out, g.Keys...)
		}
	}
	return out
}

// Asking is the help of a tab while a question waits for its answer: keys
// are the answers, the only keys that act.
func Asking(keys []key.Binding) Help {
	return Help{Short: keys, Groups: []KeyGroup{{Title: "The question", Keys: keys, Live: true}}}
}

// Retitle is b saying what it does here: the same keys, another
// description.
func Retitle(b key.Binding, what string) key.Binding {
	b.SetHelp(b.Help().Key, what)
	return b
}
