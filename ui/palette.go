package ui

import (
	"strings"
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"atelier/ui/components/keys"
	"atelier/ui/components/palette"
	"atelier/ui/tab"
)

// openPalette shows the command palette over the tab: the actions of the
// registry's live groups, the tab's first, then the shell's.
func (m Model) openPalette() Model {
	m.cover = paletteCover
	p := palette.New(m.paletteItems(), palette.DefaultStyles(m.dark()))
	p.SetRows(m.coverRows() - 2)
	m.palette = &p
	return m
}

// paletteKey gives a key to the open palette; the action chosen runs as
// its key would, with the palette closed.
func (m Model) paletteKey(msg tea.KeyPressMsg) (tea.Model, tea.Cmd) {
	p, out, cmd := m.palette.Update(msg)
	m.palette = &p
	if !out.Closed {
		return m, cmd
	}
	m.cover, m.palette = noCover, nil
	if out.Run == nil {
		return m, cmd
	}
	press, ok := keys.Press(out.Run.Press)
	if !ok {
		return m, cmd
	}
	next, run := m.key(press)
	return next, tea.Batch(cmd, run)
}

// paletteItems are the actions that act now, each once.
func (m Model) paletteItems() []palette.Item {
	var out []palette.Item
	seen := map[string]bool{}
	add := func(it palette.Item) {
		if id := it.Press + "\x00" + it.Desc; !seen[id] {
			seen[id] = true
			out = append(out, it)
		}
	}
	for _, c := range m.registry() {
		if !c.Live || c.Title == coverKeys {
			continue
		}
		for _, b := range c.Keys {
			if !b.Enabled() || b.Help().Key == "" || len(b.Keys()) == 0 || sameKeys(b, m.keys.Palette) {
				continue
			}
			for _, it := range m.itemsOf(b, c.Title) {
				add(it)
			}
		}
	}
	return out
}

// itemsOf is binding b as palette items: one for a verb on several keys
// (the first runs it), one a key for a choice of letters or digits (a
// rating, a vote, a board), one a tab for the jumps.
func (m Model) itemsOf(b key.Binding, where string) []palette.Item {
	h := b.Help()
	if sameKeys(b, m.keys.Jump) {
		out := make([]palette.Item, 0, len(b.Keys()))
		for i, k := range b.Keys() {
			out = append(out, palette.Item{Key: k, Desc: "go to " + titles[tab.ID(i)], Where: where, Press: k})
		}
		return out
	}
	if choices := choiceKeys(b.Keys()); len(choices) > 1 {
		out := make([]palette.Item, 0, len(choices))
		for _, k := range choices {
			out = append(out, palette.Item{Key: k, Desc: h.Desc, Where: where, Press: k})
		}
		return out
	}
	return []palette.Item{{Key: h.Key, Desc: h.Desc, Where: where, Press: b.Keys()[0]}}
}

// choiceKeys are ks when each is a single letter or digit (in either case
// the same choice): keys that each choose something else; none for a verb
// with several keys (↑ and k, n and esc).
func choiceKeys(ks []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, k := range ks {
		if utf8.RuneCountInString(k) != 1 || !strings.ContainsAny(k, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") {
			return nil
		}
		if l := strings.ToLower(k); !seen[l] {
			seen[l] = true
			out = append(out, k)
		}
	}
	return out
}

func sameKeys(a, b key.Binding) bool {
	ak, bk := a.Keys(), b.Keys()
	if len(ak) != len(bk) {
		return false
	}
	for i := range ak {
		if ak[i] != bk[i] {
			return false
		}
	}
	return true
}
