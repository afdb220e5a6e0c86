package ui

import (
	"strings"
	"testing"

	"atelier/ui/tab"
	"atelier/ui/tab/tabtest"
)

// TestDigitsInThePickerStayInChat: 2048 typed as a thinking budget in the
// picker opened from the list stays in Chat; it used to land on the Video
// tab with "8" in its prompt (issue 19, bug 2).
func TestDigitsInThePickerStayInChat(t *testing.T) {
	m := inTerminal(t, New(testDeps(t)))
	m = send(t, m, tabtest.Press("tab"), tabtest.Press("ctrl+t"))
	for range 7 { // family, model, system, max tokens, temperature, top_p, top_k
		m = send(t, m, tabtest.Press("down"))
	}
	m = send(t, m, typed("2048")...)
	m = send(t, m, tabtest.Press("enter"), tabtest.Press("esc"))
	if m.active != tab.Chat {
		t.Fatalf("the digits switched to tab %d", m.active)
	}
	if s := m.tabs[tab.Chat].Summary(); !strings.Contains(s, "thinking 2k") {
		t.Errorf("summary %q", s)
	}
}
