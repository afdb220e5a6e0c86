package scroll

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"atelier/ui/tab/tabtest"
)

// pane is a scroller of h lines on n, the zero Model or New.
func pane(zero bool, n, h int) Model {
	m := New()
	if zero {
		m = Model{}
	}
	m.SetTotal(n)
	m.SetHeight(h)
	return m
}

// TestKeysMoveWithinTheContent: every key moves as it says, in either
// case of Model, and no key takes the window off the content.
func TestKeysMoveWithinTheContent(t *testing.T) {
	for _, zero := range []bool{true, false} {
		for _, c := range []struct {
			keys []string
			want int
		}{
			{[]string{"down"}, 1}, {[]string{"j", "j", "k"}, 1}, {[]string{"up"}, 0},
			{[]string{"pgdown"}, 10}, {[]string{"pgdown", "pgdown", "pgdown", "pgdown"}, 40}, {[]string{"pgdown", "pgup"}, 0},
			{[]string{"G"}, 40}, {[]string{"end", "up"}, 39}, {[]string{"G", "g"}, 0}, {[]string{"G", "home"}, 0},
			{[]string{"G", "j", "down"}, 40},
		} {
			m := pane(zero, 50, 10)
			for _, k := range c.keys {
				var took bool
				if m, took = m.Update(tabtest.Press(k)); !took {
					t.Fatalf("%s not taken", k)
				}
			}
			if m.Offset() != c.want {
				t.Errorf("zero %v, %v: offset %d, want %d", zero, c.keys, m.Offset(), c.want)
			}
		}
	}
	m := pane(false, 50, 10)
	if _, took := m.Update(tabtest.Press("x")); took || m.Takes(tabtest.Press("enter")) || !m.Takes(tabtest.Press("G")) {
		t.Error("a key that does not scroll was taken, or G was not")
	}
}

// TestWheel: the wheel moves three lines a notch, sideways nothing.
func TestWheel(t *testing.T) {
	m := pane(false, 50, 10)
	m, took := m.Update(tea.MouseWheelMsg{Button: tea.MouseWheelDown})
	if !took || m.Offset() != 3 {
		t.Fatalf("wheel down: took %v, offset %d", took, m.Offset())
	}
	m, _ = m.Update(tea.MouseWheelMsg{Button: tea.MouseWheelUp})
	if m, took = m.Update(tea.MouseWheelMsg{Button: tea.MouseWheelLeft}); took || m.Offset() != 0 {
		t.Errorf("sideways: took %v, offset %d", took, m.Offset())
	}
}

// TestContentThatChanges: less content, or a taller window, keeps the
// window on the content; Show moves it as little as it must.
func TestContentThatChanges(t *testing.T) {
	m := pane(false, 50, 10)
	m.GotoBottom()
	m.SetTotal(20)
	if m.Offset() != 10 || !m.AtBottom() {
		t.Fatalf("shrunk: offset %d", m.Offset())
	}
	m.SetHeight(30)
	if m.Offset() != 0 || !m.Fits() || m.Position() != "" {
		t.Fatalf("taller than the content: offset %d, position %q", m.Offset(), m.Position())
	}
	m = pane(false, 50, 10)
	m.Show(25)
	if m.Offset() != 16 {
		t.Errorf("show 25: offset %d", m.Offset())
	}
	m.Show(20)
	if m.Offset() != 16 {
		t.Errorf("show 20, in sight: offset %d", m.Offset())
	}
	m.Show(3)
	if m.Offset() != 3 || m.AtTop() {
		t.Errorf("show 3: offset %d", m.Offset())
	}
	if moved := m.ScrollBy(-10); !moved || !m.AtTop() || m.ScrollBy(-1) {
		t.Errorf("scroll to the top: offset %d", m.Offset())
	}
}

// TestWindowAndPosition: the lines shown and the words for them.
func TestWindowAndPosition(t *testing.T) {
	lines := make([]string, 50)
	for i := range lines {
		lines[i] = fmt.Sprint(i + 1)
	}
	m := pane(false, len(lines), 10)
	m.SetOffset(12)
	if got := strings.Join(m.Window(lines), " "); got != "13 14 15 16 17 18 19 20 21 22" {
		t.Errorf("window %q", got)
	}
	if m.Position() != "lines 13–22 of 50" {
		t.Errorf("position %q", m.Position())
	}
	if got := m.Window(lines[:15]); len(got) != 3 {
		t.Errorf("fewer lines than told: %q", got)
	}
	if got := m.Window(nil); len(got) != 0 {
		t.Errorf("no lines: %q", got)
	}
}
