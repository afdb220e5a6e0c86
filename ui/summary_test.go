package ui

import (
	"testing"

	"atelier/ui/tab"
)

// TestEveryTabSaysWhereItIs: on a fresh start every tab gives the status
// bar a subject, so its left part never stands empty (the Batch tab's
// list gave none).
func TestEveryTabSaysWhereItIs(t *testing.T) {
	m := inTerminal(t, New(testDeps(t)))
	for id := range tab.Count {
		if s := m.tabs[id].Summary(); s == "" {
			t.Errorf("%s: the status bar's subject is empty", titles[id])
		}
	}
}
