package tab

import (
	"slices"
	"testing"

	"charm.land/bubbles/v2/key"
)

// TestInMode checks a tab's table of contexts: a mode it names has its
// groups live, the first leading; any other mode has otherwise's.
func TestInMode(t *testing.T) {
	b := func(k string) key.Binding { return key.NewBinding(key.WithKeys(k), key.WithHelp(k, k)) }
	all := Help{Groups: []KeyGroup{{Title: "form", Keys: []key.Binding{b("tab")}},
		{Title: "list", Keys: []key.Binding{b("j")}}, {Title: "item", Keys: []key.Binding{b("d")}}}}
	table := map[int][]string{1: {"item", "list"}}
	live := func(h Help) (out []string) {
		for _, g := range h.Groups {
			if g.Live {
				out = append(out, g.Title)
			}
		}
		return out
	}
	got := InMode(all, 1, table, "form")
	if got.Groups[0].Title != "item" || !slices.Equal(live(got), []string{"item", "list"}) {
		t.Errorf("mode 1: groups %v, live %v; want item first, list and item live", got.Groups, live(got))
	}
	got = InMode(all, 2, table, "form")
	if got.Groups[0].Title != "form" || !slices.Equal(live(got), []string{"form"}) {
		t.Errorf("mode 2 (not in the table): groups %v, live %v; want form first and alone live", got.Groups, live(got))
	}
}
