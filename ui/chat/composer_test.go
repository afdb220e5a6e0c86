package chat

import (
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// TestComposerViewFollowsEveryChange: the field's view is kept between
// frames, every change draws it anew, and two composers drawn in turn
// (the cache is shared by the copies) each draw their own. (The textarea
// shares its lines and its viewport with its copies, so a copy taken
// before a change is not drawn again here: the tab never does.)
func TestComposerViewFollowsEveryChange(t *testing.T) {
	c := newComposer(key.NewBinding(key.WithKeys("shift+enter"))).focus(true).resize(40, 8)
	v := c.view()
	if c.view() != v {
		t.Fatal("the view changed with nothing done")
	}
	steps := []struct {
		what string
		do   func(composer) composer
		ok   func(before, after string) bool
	}{
		{"a key typed", func(c composer) composer { c, _ = c.update(tea.KeyPressMsg{Code: 'q', Text: "q"}); return c },
			func(_, v string) bool { return strings.Contains(v, "q") }},
		{"a narrower field", func(c composer) composer { return c.resize(20, 8) },
			func(b, v string) bool { return v != b }},
		{"the focus taken away", func(c composer) composer { return c.focus(false) },
			func(b, v string) bool { return v != b }},
		{"text set", func(c composer) composer { return c.withText("second") },
			func(_, v string) bool { return strings.Contains(v, "second") }},
		{"the field cleared", func(c composer) composer { return c.cleared() },
			func(_, v string) bool { return !strings.Contains(v, "second") }},
	}
	for _, s := range steps {
		c = s.do(c)
		after := c.view()
		if !s.ok(v, after) {
			t.Fatalf("%s: drawn as\n%s\nafter\n%s", s.what, after, v)
		}
		v = after
	}
	a, b := c.withText("alpha"), c.withText("beta")
	for range 2 {
		if va, vb := a.view(), b.view(); !strings.Contains(va, "alpha") || !strings.Contains(vb, "beta") {
			t.Fatalf("two composers drawn in turn:\n%s\n%s", va, vb)
		}
	}
}
