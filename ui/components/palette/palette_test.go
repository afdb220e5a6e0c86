package palette

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"atelier/ui/components/keys"
	"atelier/ui/tab/tabtest"
)

var items = []Item{
	{Key: "ctrl+r", Desc: "run", Where: "Runs", Press: "ctrl+r"},
	{Key: "W", Desc: "withdraw the vote", Where: "Blind (arena)", Press: "W"},
	{Key: "ctrl+b", Desc: "blind next run", Where: "Blind (arena)", Press: "ctrl+b"},
	{Key: "alt+3", Desc: "go to Image", Where: "Tabs", Press: "alt+3"},
}

func typeIn(m Model, s string) Model {
	for _, r := range s {
		p, _ := keys.Press(string(r))
		m, _, _ = m.Update(p)
	}
	return m
}

func press(m Model, k string) (Model, Outcome) {
	p, _ := keys.Press(k)
	m, out, _ := m.Update(p)
	return m, out
}

// TestNarrowsAsTyped: every word typed must be in what an action does,
// its key or its context, in any case; the cursor goes to the first left.
func TestNarrowsAsTyped(t *testing.T) {
	m := New(items, DefaultStyles(true))
	if len(m.Shown()) != len(items) {
		t.Fatalf("an empty filter shows %d of %d", len(m.Shown()), len(items))
	}
	m = typeIn(m, "BLIND")
	if got := m.Shown(); len(got) != 2 || got[0].Desc != "withdraw the vote" {
		t.Fatalf("blind: %v", got)
	}
	m = typeIn(m, " next")
	if it, ok := m.Selected(); !ok || it.Desc != "blind next run" || len(m.Shown()) != 1 {
		t.Fatalf("blind next: %v", m.Shown())
	}
	m = typeIn(m, "x")
	if _, ok := m.Selected(); ok || !strings.Contains(ansi.Strip(m.View(60, 10)), "no action matches") {
		t.Errorf("nothing matches, yet %v", m.Shown())
	}
	if _, out := press(m, "enter"); out.Run != nil || out.Closed {
		t.Errorf("enter with nothing shown: %+v", out)
	}
}

// TestEnterRunsTheOneUnderTheCursor: ↓ moves, enter closes the palette
// with the action to run; esc closes with none; j is text, not a move.
func TestEnterRunsTheOneUnderTheCursor(t *testing.T) {
	m := New(items, DefaultStyles(true))
	m, _ = press(m, "down")
	m, _ = press(m, "down")
	if _, out := press(m, "enter"); !out.Closed || out.Run == nil || out.Run.Press != "ctrl+b" {
		t.Errorf("enter on the third: %+v", out)
	}
	if _, out := press(m, "esc"); !out.Closed || out.Run != nil {
		t.Errorf("esc: %+v", out)
	}
	m = typeIn(New(items, DefaultStyles(true)), "j")
	if len(m.Shown()) != 0 {
		t.Errorf("j moved rather than narrowed: %v", m.Shown())
	}
}

// TestViewShowsKeysAndContexts: a row an action, its key, its words and
// its context; the cursor marked; no line wider than the width.
func TestViewShowsKeysAndContexts(t *testing.T) {
	m := New(items, DefaultStyles(true))
	m, _ = press(m, "down")
	v := ansi.Strip(m.View(60, 8))
	for _, want := range []string{"> ", "▸ W", "withdraw the vote", "Blind (arena)", "ctrl+r", "Tabs"} {
		if !strings.Contains(v, want) {
			t.Errorf("no %q in\n%s", want, v)
		}
	}
	for _, l := range strings.Split(m.View(40, 8), "\n") {
		if w := ansi.StringWidth(l); w > 40 {
			t.Errorf("line %d wide: %q", w, ansi.Strip(l))
		}
	}
	if n := len(strings.Split(m.View(60, 4), "\n")); n > 4 {
		t.Errorf("%d lines in a height of 4", n)
	}
}

func TestContrast(t *testing.T) {
	tabtest.CheckBasicContrast(t, func(dark bool) any { return DefaultStyles(dark) })
}
