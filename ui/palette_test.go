package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"atelier/ui/tab"
	"atelier/ui/tab/tabtest"
)

// TestPaletteRunsAnAction: ctrl+p lists the actions that act where the
// person is (the tab's live groups and the shell's), each with its key;
// what is typed narrows them, and enter runs the one chosen as its key
// would (issue 30).
func TestPaletteRunsAnAction(t *testing.T) {
	m := inTerminal(t, New(testDeps(t)))
	m = send(t, m, tabtest.Press("alt+2"), tabtest.Press("ctrl+p"))
	if m.cover != paletteCover || !strings.Contains(screenText(m), "Actions · Compare") {
		t.Fatalf("ctrl+p did not open the palette:\n%s", screenText(m))
	}
	descs := map[string]bool{}
	for _, it := range m.palette.Shown() {
		descs[it.Desc] = true
	}
	for _, want := range []string{"blind next run", "targets", "go to Image", "quit", "help, from anywhere"} {
		if !descs[want] {
			t.Errorf("the palette lacks %q: %v", want, descs)
		}
	}
	for _, not := range []string{"apply", "save", "command palette", "page down"} { // the targets form's, a note's, itself, the help's
		if descs[not] {
			t.Errorf("the palette offers %q, which does not act here", not)
		}
	}
	m = send(t, m, typed("blind next")...)
	m = send(t, m, tabtest.Press("enter"))
	if m.cover != noCover || !strings.Contains(screenText(m), "Blind: the next run shows its targets as A, B") {
		t.Fatalf("enter did not run ctrl+b:\n%s", screenText(m))
	}

	m = send(t, m, tabtest.Press("ctrl+p"))
	m = send(t, m, typed("go to history")...)
	m = send(t, m, tabtest.Press("enter"))
	if m.active != tab.History || m.cover != noCover {
		t.Errorf("go to History: active %s, cover %d", titles[m.active], m.cover)
	}

	m = send(t, m, tabtest.Press("ctrl+p"), tabtest.Press("x"), tabtest.Press("esc"))
	if m.cover != noCover || m.active != tab.History || m.palette != nil {
		t.Errorf("esc did not just close the palette: cover %d, active %s", m.cover, titles[m.active])
	}
}

// TestPaletteExpandsChoices: a rating on the digits is one action a digit,
// each run by its own key.
func TestPaletteExpandsChoices(t *testing.T) {
	m, _ := withFakes(New(testDeps(t)))
	r := &rater{}
	m.tabs[tab.Compare] = r
	m = send(t, m, tea.WindowSizeMsg{Width: 100, Height: 30}, tabtest.Press("alt+2"), tabtest.Press("ctrl+p"))
	var keys []string
	for _, it := range m.palette.Shown() {
		if it.Desc == "rate" {
			keys = append(keys, it.Key)
		}
	}
	if strings.Join(keys, " ") != "1 2 3 4 5" {
		t.Fatalf("rate's entries: %q", keys)
	}
	m = send(t, m, typed("rate 4")...)
	m = send(t, m, tabtest.Press("enter"))
	if !r.received(tabtest.Press("4")) {
		t.Errorf("the tab got %v, not 4", r.got)
	}
}

// TestYThenADigitStaysInChat: in Chat's reply pane, y then 2 never leaves
// Chat (issue 30: with one code block, y copied it and 2 went to
// Compare); with no block to choose, 2 says it chose nothing.
func TestYThenADigitStaysInChat(t *testing.T) {
	m := inTerminal(t, New(testDeps(t)))
	m = send(t, m, tabtest.Press("tab"), tabtest.Press("tab")) // the list, then the conversation
	if m.tabs[tab.Chat].Focused() {
		t.Fatal("the composer still has the keyboard")
	}
	m = send(t, m, tabtest.Press("y"))
	m = send(t, m, tabtest.Press("2"))
	if m.active != tab.Chat {
		t.Fatalf("y 2 went to %s", titles[m.active])
	}
	if b := bottom(m); !strings.Contains(b, "! 2 chooses nothing here · alt+2 goes to Compare") {
		t.Errorf("bottom line %q", b)
	}
}
