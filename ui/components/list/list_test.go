package list

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"atelier/ui/tab"
	"atelier/ui/tab/tabtest"
)

type task struct{ id, title string }

func tasks(n int) []task {
	out := make([]task, n)
	for i := range out {
		out[i] = task{id: fmt.Sprint(i), title: fmt.Sprintf("task %d", i)}
	}
	return out
}

// deleted is what a confirmed deletion asked for.
type deleted struct{ id string }

func newList(n int) Model[task] {
	m := New(Options[task]{
		ID:     func(t task) string { return t.id },
		Name:   func(t task) string { return t.title },
		Delete: func(t task) tea.Cmd { return func() tea.Msg { return deleted{t.id} } },
		Refuse: func(t task) tea.Cmd {
			if t.id == "3" {
				return func() tea.Msg { return "task 3 is running" }
			}
			return nil
		},
	})
	m.SetItems(tasks(n))
	m.SetHeight(4)
	return m
}

func press(m Model[task], ks ...string) (Model[task], tea.Cmd) {
	var cmd tea.Cmd
	for _, msg := range tabtest.Presses(ks...) {
		m, cmd = m.Update(msg)
	}
	return m, cmd
}

func ids(rows []task) string {
	var s []string
	for _, r := range rows {
		s = append(s, r.id)
	}
	return strings.Join(s, ",")
}

func TestCursorAndWindowBounds(t *testing.T) {
	m := newList(10)
	m, _ = press(m, "up")
	if m.Cursor() != 0 {
		t.Errorf("up at the top moved to %d", m.Cursor())
	}
	m, _ = press(m, "down", "down", "down", "down", "j")
	rows, at := m.Window()
	if ids(rows) != "2,3,4,5" || at != 3 {
		t.Errorf("window %s, cursor row %d: the window follows the cursor down", ids(rows), at)
	}
	m, _ = press(m, "up", "up", "k")
	rows, at = m.Window()
	if ids(rows) != "2,3,4,5" || at != 0 {
		t.Errorf("window %s, cursor row %d: moving up inside the window does not scroll", ids(rows), at)
	}
	m, _ = press(m, "G")
	if rows, at = m.Window(); ids(rows) != "6,7,8,9" || at != 3 {
		t.Errorf("at the end: window %s, cursor row %d", ids(rows), at)
	}
	m.SetHeight(20) // taller than the items: all show, none twice
	if rows, _ = m.Window(); len(rows) != 10 {
		t.Errorf("%d rows in a window taller than the list", len(rows))
	}
	m.SetHeight(0)
	if rows, _ = m.Window(); len(rows) != 0 {
		t.Errorf("%d rows in no room", len(rows))
	}
	if _, ok := New(Options[task]{ID: func(t task) string { return t.id }}).Selected(); ok {
		t.Error("an empty list has a selection")
	}
}

// TestPagesAndEnds: pgdn and pgup move a window's height less one, home
// and end (as g and G) to the ends, as in every list (issue 30).
func TestPagesAndEnds(t *testing.T) {
	m := newList(10) // a window of 4
	m, _ = press(m, "pgdown")
	if m.Cursor() != 3 {
		t.Errorf("pgdn from the top: %d", m.Cursor())
	}
	m, _ = press(m, "pgdown", "pgdown", "pgdown")
	if m.Cursor() != 9 {
		t.Errorf("pgdn past the end: %d", m.Cursor())
	}
	m, _ = press(m, "pgup")
	if m.Cursor() != 6 || !m.Handled() {
		t.Errorf("pgup: %d", m.Cursor())
	}
	m, _ = press(m, "home")
	if m.Cursor() != 0 {
		t.Errorf("home: %d", m.Cursor())
	}
	m, _ = press(m, "end")
	if m.Cursor() != 9 {
		t.Errorf("end: %d", m.Cursor())
	}
}

func TestSelectionFollowsItsItem(t *testing.T) {
	m := newList(5)
	m.Select("2")
	m.SetItems(append([]task{{id: "new", title: "new"}}, tasks(5)...))
	if it, _ := m.Selected(); it.id != "2" {
		t.Errorf("after an insert above, the cursor is on %q", it.id)
	}
	m.SetItems(append([]task{{id: "new", title: "new"}}, append(tasks(2), tasks(5)[3:]...)...)) // 2 deleted
	if it, _ := m.Selected(); it.id != "3" {
		t.Errorf("after deleting the selected item, the cursor is on %q, want the next", it.id)
	}
}

func TestFilterNarrowsAndClears(t *testing.T) {
	m := newList(12)
	m, _ = press(m, "/", "1")
	if !m.Filtering() || m.Len() != 3 { // task 1, 10, 11
		t.Fatalf("filter %q shows %d", m.Query(), m.Len())
	}
	if v := ansi.Strip(m.FilterView(20)); !strings.Contains(v, "/ 1") {
		t.Errorf("filter line %q", v)
	}
	m, _ = press(m, "1", "enter")
	if m.Filtering() || m.Len() != 1 || m.Query() != "11" {
		t.Errorf("after enter: filtering %v, %d shown, query %q", m.Filtering(), m.Len(), m.Query())
	}
	m, _ = press(m, "/", "x")
	if m.Len() != 0 || !strings.Contains(m.EmptyView(40, "none yet"), "no match for “11x”") {
		t.Errorf("no match: %d shown, %q", m.Len(), m.EmptyView(40, "none yet"))
	}
	m, _ = press(m, "esc")
	if m.Query() != "" || m.Len() != 12 || m.Filtering() {
		t.Errorf("esc left query %q, %d shown", m.Query(), m.Len())
	}
	if v := m.FilterView(20); v != "" {
		t.Errorf("no filter, yet a line %q", v)
	}
}

func TestDeleteAsksNamingTheItem(t *testing.T) {
	m := newList(5)
	m, _ = press(m, "down", "d")
	if q := m.Question(); q != "delete “task 1”? y delete · n keep" {
		t.Errorf("question %q", q)
	}
	if it, _ := m.Selected(); !m.Asking() || !m.AskingFor(it) {
		t.Error("not asking about the selected item")
	}
	m, cmd := press(m, "down") // other keys leave the question open, and say which keys answer
	if !m.Asking() || cmd == nil || cmd() != (tab.NoticeMsg{Text: "answer y or n", Kind: tab.Warning}) || m.Cursor() != 1 {
		t.Errorf("a stray key answered: asking %v, cursor %d", m.Asking(), m.Cursor())
	}
	m, cmd = press(m, "n")
	if m.Asking() || cmd != nil {
		t.Error("n deleted or kept asking")
	}
	m, _ = press(m, "d")
	m, cmd = press(m, "y")
	if m.Asking() || cmd == nil || cmd() != (deleted{"1"}) {
		t.Errorf("y: asking %v, deleted %v", m.Asking(), cmd)
	}
	m.Select("3")
	m, cmd = press(m, "d")
	if m.Asking() || cmd == nil || cmd() != "task 3 is running" {
		t.Error("a refused deletion was asked")
	}
	m.Select("4")
	m, _ = press(m, "d")
	m.SetItems(tasks(3)) // the item went elsewhere meanwhile: nothing to answer
	if m.Asking() || m.Question() != "" {
		t.Errorf("still asking about a vanished item: %q", m.Question())
	}
}

func TestStylesFollowTheBackground(t *testing.T) {
	dark, light := DefaultStyles(true), DefaultStyles(false)
	if dark.Question.GetForeground() == light.Question.GetForeground() || dark.Empty.GetForeground() == light.Empty.GetForeground() {
		t.Error("dark and light styles are the same")
	}
	m := newList(2)
	m.SetStyles(light)
	m, _ = press(m, "d")
	if want := light.Question.Render("delete “task 0”? y delete · n keep"); m.QuestionView(80) != want {
		t.Errorf("question drawn %q, want %q", m.QuestionView(80), want)
	}
}

func TestQuestionFitsItsWidth(t *testing.T) {
	m := newList(1)
	m.SetItems([]task{{id: "1", title: "a rather long conversation title"}})
	m, _ = press(m, "d")
	if got := ansi.Strip(m.QuestionView(80)); got != "delete “a rather long conversation title”? y delete · n keep" {
		t.Errorf("wide: %q", got)
	}
	if got := ansi.Strip(m.QuestionView(46)); got != "delete “a rather long con…”? y delete · n keep" || ansi.StringWidth(got) > 46 {
		t.Errorf("narrow: %q", got)
	}
	if got := ansi.Strip(m.QuestionView(26)); got != "delete “a rather lo…”? y/n" || ansi.StringWidth(got) > 26 {
		t.Errorf("narrower: %q", got)
	}
}

func TestFilterKeepsTheSelectedItemOrGoesToTheTop(t *testing.T) {
	m := newList(12)
	m.Select("11")
	m.SetQuery("1")
	if it, _ := m.Selected(); it.id != "11" {
		t.Errorf("the selected item still shows, yet the cursor is on %q", it.id)
	}
	m.SetQuery("")
	m.Select("5")
	m.SetQuery("1") // task 1, 10, 11: not 5
	if it, _ := m.Selected(); it.id != "1" || m.Cursor() != 0 {
		t.Errorf("after its item was filtered out the cursor is on %q (row %d)", it.id, m.Cursor())
	}
}

// TestKeepRowHoldsTheWindowOnItsItems: with KeepRow, items added and
// dropped at either end (a windowed source paging) leave the selected
// item on its row of the window; without, the window stays where it was.
func TestKeepRowHoldsTheWindowOnItsItems(t *testing.T) {
	page := func(from, n int) []task {
		out := make([]task, n)
		for i := range out {
			out[i] = task{id: fmt.Sprint(from + i), title: fmt.Sprintf("task %d", from+i)}
		}
		return out
	}
	for _, keep := range []bool{true, false} {
		m := New(Options[task]{ID: func(t task) string { return t.id }, KeepRow: keep})
		m.SetItems(page(0, 10))
		m.SetHeight(4)
		m.Move(8)               // the window 5..8, task 8 on its last row
		m.SetItems(page(5, 10)) // 0..4 dropped, 10..14 read
		rows, at := m.Window()
		if it, _ := m.Selected(); it.id != "8" {
			t.Fatalf("keep %v: the cursor is on %q, want task 8", keep, it.id)
		}
		want, wantAt := "5,6,7,8", 3 // the same items in sight
		if !keep {
			want, wantAt = "8,9,10,11", 0 // the window stayed at offset 5
		}
		if ids(rows) != want || at != wantAt {
			t.Errorf("keep %v: window %s, cursor row %d, want %s, %d", keep, ids(rows), at, want, wantAt)
		}
	}
}

// Refresh keeps the cursor on its item by id as items arrive at the top:
// a window at the top stays there, so they come into sight; one further
// down keeps its items (KeepRow) or its offset.
func TestRefreshShowsArrivalsAndKeepsTheCursor(t *testing.T) {
	newest := func(from, n int) []task { // newest first, from down
		out := make([]task, n)
		for i := range out {
			out[i] = task{id: fmt.Sprint(from - i)}
		}
		return out
	}
	for _, keep := range []bool{true, false} {
		m := New(Options[task]{ID: func(t task) string { return t.id }, KeepRow: keep})
		m.SetItems(newest(9, 10))
		m.SetHeight(4)
		m.Move(1) // on task 8, the window at the top
		m.Refresh(newest(11, 12))
		rows, at := m.Window()
		if it, _ := m.Selected(); it.id != "8" || ids(rows) != "11,10,9,8" || at != 3 {
			t.Errorf("keep %v, at the top: on %q, window %s, cursor row %d; want 8, 11,10,9,8, 3", keep, it.id, ids(rows), at)
		}

		m.Move(4) // on task 4, the window 7..4
		m.Refresh(newest(12, 13))
		rows, at = m.Window()
		if it, _ := m.Selected(); it.id != "4" || at < 0 || rows[at].id != "4" {
			t.Errorf("keep %v, further down: on %q, window %s, cursor row %d", keep, it.id, ids(rows), at)
		}
		if keep && ids(rows) != "7,6,5,4" {
			t.Errorf("keep %v, further down: window %s, want the same items, 7,6,5,4", keep, ids(rows))
		}
	}
}
