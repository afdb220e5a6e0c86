package arena

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"atelier/ui/tab"
)

// The chat board shows as soon as the plain fit is done; its STYLED column
// comes in a command of its own (reading every judged reply's style costs
// more than the board at thousands of votes), and a fit of an older load
// is dropped.
func TestStyledColumnComesAfterTheBoard(t *testing.T) {
	db, _ := fixture(t)
	m := New(Options{Store: db, Rounds: testRounds})
	m.SetSize(120, 40)
	var cmd tea.Cmd
	m, cmd = m.reload()
	m, styleNext := update(t, m, run(t, cmd))
	b := m.boards.board
	if b == nil || b.blind.Style != nil || !b.styling {
		t.Fatalf("the board came with its style fit, or not at all: %+v", b)
	}
	if view := m.View(); !strings.Contains(view, "being computed") || strings.Contains(view, "Points per doubling") {
		t.Fatalf("while the style fit is computed the board should say so:\n%s", view)
	}
	if styleNext == nil {
		t.Fatal("no command computes the style fit")
	}
	styled := run(t, styleNext)

	// A reload meanwhile: the older load's fit is not put on the newer board.
	older := m
	m, cmd = m.reload()
	m, _ = update(t, m, styled)
	if m.boards.board.blind.Style != nil {
		t.Fatal("an older load's style fit was taken")
	}
	if m, next := update(t, m, run(t, cmd)); !m.boards.board.styling || next == nil {
		t.Fatal("the newer load's board does not ask for its own style fit")
	}

	m, _ = update(t, older, styled)
	b = m.boards.board
	if b.blind.Style == nil || b.styling || b.votes != nil {
		t.Fatalf("the style fit was not put on its board: styling %v, fit %v", b.styling, b.blind.Style)
	}
	if view := m.View(); strings.Contains(view, "being computed") || !strings.Contains(view, "Points per doubling") {
		t.Fatalf("the style fit does not show:\n%s", view)
	}
}

// run runs cmd and opens the result addressed to the Arena.
func run(t *testing.T, cmd tea.Cmd) tea.Msg {
	t.Helper()
	if cmd == nil {
		t.Fatal("no command")
	}
	msg := cmd()
	r, ok := msg.(tab.ResultMsg)
	if !ok || r.To != tab.Arena {
		t.Fatalf("%T %+v is not a result for the Arena", msg, msg)
	}
	return r.Msg
}

// update delivers msg to m.
func update(t *testing.T, m Model, msg tea.Msg) (Model, tea.Cmd) {
	t.Helper()
	return m.Update(msg)
}
