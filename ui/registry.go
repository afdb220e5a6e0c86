package ui

import (
	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"atelier/ui/tab"
)

// The registry is every action of the program as it is now, a group a
// context: the shell's groups, then the active tab's (tab.Help). The full
// help is drawn from all of it, the command palette from its live groups,
// and the rule for bare digits from the tab's live groups; the key-grammar
// test walks it through every tab's modes (tab.Walker), and README's key
// table is held to it.

// keyContext is one group of the registry and where it acts: a tab's title,
// or "" for the shell's own.
type keyContext struct {
	where string
	tab.KeyGroup
}

// registry is the shell's groups and the active tab's.
func (m Model) registry() []keyContext {
	var out []keyContext
	for _, g := range tabHelp(m.tabs[m.active], titles[m.active]).Groups {
		out = append(out, keyContext{titles[m.active], g})
	}
	for _, g := range m.keys.groups(m.cover != noCover) {
		out = append(out, keyContext{"", g})
	}
	return out
}

// tabHelp is a screen's keys as groups: its tab.Help, or, for a key map
// of another kind, a group a column of its full help under the tab's
// title, the first live.
func tabHelp(s screen, title string) tab.Help {
	km := s.KeyMap()
	if h, ok := km.(tab.Help); ok {
		return h
	}
	return helpOf(km, title)
}

func helpOf(km help.KeyMap, title string) tab.Help {
	h := tab.Help{Short: km.ShortHelp()}
	for i, col := range km.FullHelp() {
		h.Groups = append(h.Groups, tab.KeyGroup{Title: title, Keys: col, Live: i == 0})
	}
	return h
}

// bindsNow reports whether a live group of the active tab binds msg.
func (m Model) bindsNow(msg tea.KeyPressMsg) bool {
	return key.Matches(msg, tabHelp(m.tabs[m.active], titles[m.active]).Live()...)
}
