package keys

import (
	"slices"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// TestPressIsTheKeyNamed: the press built from a name is read back by
// Bubble Tea as that name, for every kind of key the tabs bind.
func TestPressIsTheKeyNamed(t *testing.T) {
	for _, name := range []string{
		"a", "W", "?", "/", "#", "[", "1", "enter", "esc", "tab", "shift+tab", "space", "backspace",
		"delete", "up", "down", "left", "right", "home", "end", "pgup", "pgdown", "f1",
		"ctrl+p", "ctrl+b", "ctrl+right", "alt+1", "alt+a", "shift+enter", "ctrl+j",
	} {
		k, ok := Press(name)
		if !ok || k.String() != name {
			t.Errorf("Press(%q) = %q, %v", name, k.String(), ok)
		}
	}
	if k, _ := Press("space"); k.Text != " " {
		t.Errorf("space carries no text: %q", k.Text)
	}
	if k, _ := Press("W"); k.Text != "W" {
		t.Errorf("W carries %q", k.Text)
	}
	for _, bad := range []string{"", "ab", "ctrl+", "letters"} {
		if _, ok := Press(bad); ok {
			t.Errorf("Press(%q) made a key", bad)
		}
	}
}

// TestNames: what a label names, and what it does not.
func TestNames(t *testing.T) {
	cases := []struct {
		label string
		want  []string
	}{
		{"↑/k", []string{"up", "k"}},
		{"1-5/0", []string{"1", "2", "3", "4", "5", "0"}},
		{"alt+1…8", []string{"alt+1", "alt+2", "alt+3", "alt+4", "alt+5", "alt+6", "alt+7", "alt+8"}},
		{"⇧enter/ctrl+j", []string{"shift+enter", "ctrl+j"}},
		{"/", []string{"/"}},
		{"f//", []string{"f", "/"}},
		{"pgdn", []string{"pgdown"}},
		{"⌫", []string{"backspace"}},
		{"y N", []string{"y", "N"}},
		{"a/b/t/x", []string{"a", "b", "t", "x"}},
		{"g/home", []string{"g", "home"}},
		{"/ or f", []string{"f", "/"}},
		{"ctrl+→", []string{"ctrl+right"}},
	}
	for _, c := range cases {
		if got := Names(c.label); !slices.Equal(got, c.want) {
			t.Errorf("Names(%q) = %q, want %q", c.label, got, c.want)
		}
	}
	if n := Names("letters enter"); !slices.Contains(n, "C") || !slices.Contains(n, "c") || !slices.Contains(n, "enter") {
		t.Errorf("letters enter names %q", n)
	}
	if !Covers("y", "Y") || Covers("y", "n") || Covers("1-5", "6") || Covers("↑", "k") {
		t.Error("Covers is wrong")
	}
}

// TestSharedBindingsNameTheirKeys: the grammar's own bindings show every
// key they act on.
func TestSharedBindingsNameTheirKeys(t *testing.T) {
	for _, b := range append(Shared(), Yes("delete"), No("keep it")) {
		for _, k := range b.Keys() {
			if !Covers(b.Help().Key, k) {
				t.Errorf("%q (%s) does not show %q", b.Help().Key, b.Help().Desc, k)
			}
			if p, ok := Press(k); !ok || p.String() != k {
				t.Errorf("no press for %q", k)
			}
		}
	}
}

// TestMove: each move, kept within the rows.
func TestMove(t *testing.T) {
	m := DefaultMoves()
	for _, c := range []struct {
		key     string
		at, to  int
		isAMove bool
	}{
		{"up", 3, 2, true}, {"k", 0, 0, true}, {"down", 3, 4, true}, {"j", 9, 9, true},
		{"pgup", 3, 0, true}, {"pgdown", 3, 7, true}, {"pgdown", 8, 9, true},
		{"g", 5, 0, true}, {"home", 5, 0, true}, {"G", 2, 9, true}, {"end", 2, 9, true}, {"x", 4, 4, false},
	} {
		p, _ := Press(c.key)
		if to, ok := m.Move(p, c.at, 10, 4); to != c.to || ok != c.isAMove {
			t.Errorf("%s at %d: %d %v, want %d %v", c.key, c.at, to, ok, c.to, c.isAMove)
		}
	}
	if to, _ := m.Move(mustPress("G"), 0, 0, 4); to != 0 {
		t.Errorf("G in an empty list: %d", to)
	}
}

func mustPress(s string) tea.KeyPressMsg { p, _ := Press(s); return p }

// TestSays: an answer's words without the answer, for a question's hint.
func TestSays(t *testing.T) {
	if Says(Yes("delete")) != "delete" || Says(No("keep it")) != "keep it" || Says(Yes("")) != "yes" || Says(Up()) != "up" {
		t.Errorf("%q %q %q %q", Says(Yes("delete")), Says(No("keep it")), Says(Yes("")), Says(Up()))
	}
}
