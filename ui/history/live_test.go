package history

import (
	"strings"
	"testing"

	"atelier/store"
	"atelier/ui/tab"
	"atelier/ui/tab/tabtest"
)

// changed is the shell's word that the store changed, History on screen.
var changed = tab.StoreChangedMsg{Shown: tab.History}

// selected is the item under the cursor, failing the test when none is.
func (hs *harness) selected() row {
	hs.t.Helper()
	r, ok := hs.m.browse.list.selected()
	if !ok {
		hs.t.Fatalf("no row under the cursor in\n%s", hs.view())
	}
	return r
}

// cursorLine is the line of the view the cursor marks.
func (hs *harness) cursorLine() string {
	for _, l := range strings.Split(hs.view(), "\n") {
		if strings.HasPrefix(l, "▸ ") {
			return l
		}
	}
	return ""
}

// withAnother records the fixture, opens the tab on it at 120×30, and
// opens the same history again as another process would (other): what
// other writes, the tab learns only by looking at the store.
func withAnother(t *testing.T) (f, other *fixture, hs *harness) {
	t.Helper()
	dir := t.TempDir()
	f = newFixture(t, dir)
	return f, &fixture{db: tabtest.OpenStore(t, dir), order: f.order}, newHarness(t, f.db, 120, 30)
}

// A newer item arrives while History shows, written by another process:
// the list shows it at the top within the shell's next look, and the
// cursor stays on the item it was on, by id, on screen and for enter.
func TestHistoryFollowsTheStoreKeepingTheCursor(t *testing.T) {
	t.Parallel()
	f, other, hs := withAnother(t)
	hs.to("CRDT")
	was := hs.selected()

	other.addChat(t)
	other.pinTimes(t) // the newest
	hs.Send(changed)

	if rows := hs.titles(); len(rows) != len(f.order)+1 || rows[0] != "write a haiku about tea" {
		t.Fatalf("the list did not take the new chat: %q", rows)
	}
	if now := hs.selected(); rowID(now) != rowID(was) {
		t.Fatalf("the cursor moved from %s to %s", rowID(was), rowID(now))
	}
	if l := hs.cursorLine(); !strings.Contains(l, "CRDT") {
		t.Fatalf("the cursor is drawn on %q, not the comparison:\n%s", l, hs.view())
	}
	if !strings.HasPrefix(strings.Split(hs.view(), "\n")[1], "  chat") {
		t.Fatalf("the new chat is not in sight at the top:\n%s", hs.view())
	}
	hs.Keys("enter")
	if !hs.m.reader.open || rowID(hs.m.reader.row) != rowID(was) {
		t.Fatalf("enter opened %s, not %s", rowID(hs.m.reader.row), rowID(was))
	}
	hs.NoErrors()
}

// A filtered list follows the store too: a comparison made elsewhere shows
// in the list of comparisons.
func TestHistoryFilteredListFollowsTheStore(t *testing.T) {
	t.Parallel()
	_, other, hs := withAnother(t)
	hs.Keys("f", "down", "down", "enter") // kind: compare
	if rows := hs.titles(); len(rows) != 1 {
		t.Fatalf("the comparisons before: %q", rows)
	}
	other.addCompare(t)
	other.pinTimes(t)
	hs.Send(changed)
	if rows := hs.titles(); len(rows) != 2 {
		t.Fatalf("the comparisons after another process made one: %q\n%s", rows, hs.view())
	}
}

// g reads the newest again, even when no look at the store told the tab,
// and puts the cursor on the first row: enter opens the newest.
func TestHistoryTopReadsTheNewest(t *testing.T) {
	t.Parallel()
	_, other, hs := withAnother(t)
	hs.Keys("f", "down", "down", "enter").Keys("j") // comparisons only
	made := other.addCompare(t)
	other.pinTimes(t)

	hs.Keys("g")
	if rows := hs.titles(); len(rows) != 2 {
		t.Fatalf("g did not read the new comparison: %q", rows)
	}
	if r := hs.selected(); r.ref.ID != made {
		t.Fatalf("after g the cursor is on %s, not the newest", rowID(r))
	}
	hs.Keys("enter")
	if hs.m.reader.row.ref.ID != made {
		t.Fatalf("enter opened %s, not the newest", rowID(hs.m.reader.row))
	}
}

// Out of sight, the tab reads nothing when the store changes: it reads
// again when shown, the cursor kept.
func TestHistoryOutOfSightWaitsUntilShown(t *testing.T) {
	t.Parallel()
	f, other, hs := withAnother(t)
	hs.to("lighthouse")
	was := hs.selected()
	other.addChat(t)
	other.pinTimes(t)

	reads := f.db.Reads()
	hs.Send(tab.StoreChangedMsg{Shown: tab.Chat})
	if n := f.db.Reads() - reads; n != 0 {
		t.Fatalf("out of sight, a change cost %d reads", n)
	}
	hs.Send(tab.ShownMsg{})
	if rows := hs.titles(); len(rows) != len(f.order)+1 {
		t.Fatalf("shown, the list did not take the new chat: %q", rows)
	}
	if now := hs.selected(); rowID(now) != rowID(was) {
		t.Fatalf("the cursor moved from %s to %s", rowID(was), rowID(now))
	}
}

// Deep in a long history (its first rows dropped from the window), a
// change reads the window held again: the cursor stays on its item.
func TestHistoryFollowsTheStoreDeepInTheList(t *testing.T) {
	t.Parallel()
	db := numberedChats(t, 3*pageSize+50)
	hs := newHarness(t, db, 120, 30)
	for range 2*pageSize + 100 {
		hs.Keys("j")
	}
	if !hs.m.browse.list.above {
		t.Fatal("the first rows were not dropped: the test needs a deeper list")
	}
	was := hs.selected()
	tabtest.Must[int64](t)(db.NewConversation(bg, store.KindChat, "newest"))
	hs.Send(changed)
	if now := hs.selected(); rowID(now) != rowID(was) || hs.cursorLine() == "" {
		t.Fatalf("the cursor moved from %s to %s, or is out of sight", rowID(was), rowID(now))
	}
	hs.Keys("g")
	if r := hs.selected(); r.title != "newest" {
		t.Fatalf("g went to %q, not the newest", r.title)
	}
}

// A batch is one row of the history, its cells not among the others;
// enter lists its cells, which open as any item does, and esc goes back
// to the whole history with the cursor on the batch.
func TestHistoryBatchOpensItsCells(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	f := newFixture(t, dir)
	b := tabtest.Must[int64](t)(f.db.NewBatch(bg, "caps", "caps.toml", []byte(`{"name":"caps"}`), []store.CellKey{{Cell: 0}, {Cell: 1, Target: 1}}))
	for _, title := range []string{"batch caps: capital of France → alpha (1/1)", "batch caps: capital of France → beta (1/1)"} {
		c := tabtest.Must[int64](t)(f.db.NewBatchConversation(bg, b, title))
		tabtest.Must[int64](t)(f.db.AddMessage(bg, store.Message{ConversationID: c, Role: store.RoleUser, Text: "capital of France?"}))
	}
	hs := newHarness(t, f.db, 120, 30)
	if rows := hs.titles(); len(rows) != len(f.order)+1 || rows[0] != "caps" || strings.Contains(hs.view(), "batch caps:") {
		t.Fatalf("the history's rows: %q", rows)
	}
	hs.Keys("enter")
	if rows := hs.titles(); len(rows) != 2 || !strings.HasPrefix(rows[0], "batch caps:") {
		t.Fatalf("the batch's cells: %q\n%s", rows, hs.view())
	}
	if !strings.Contains(hs.view(), "batch caps · its cells") {
		t.Fatalf("the top line does not say which batch:\n%s", hs.view())
	}
	hs.Keys("j", "enter")
	if !hs.m.reader.open || hs.m.reader.row.ref.Kind != store.KindChat {
		t.Fatalf("enter on a cell opened %+v", hs.m.reader.row)
	}
	hs.Keys("esc") // the cell closes: back to the batch's cells
	if rows := hs.titles(); len(rows) != 2 {
		t.Fatalf("back from a cell: %q", rows)
	}
	hs.Keys("esc") // the batch closes: back to the history
	if r := hs.selected(); r.ref.Kind != store.KindBatch || len(hs.titles()) != len(f.order)+1 {
		t.Fatalf("back from the batch the cursor is on %s in %q", rowID(r), hs.titles())
	}
	hs.Keys("x")
	if n := hs.Notices(); len(n) == 0 || !strings.Contains(n[len(n)-1], "Batch tab") {
		t.Fatalf("x on a batch said %q", n)
	}
	hs.NoErrors()
}
