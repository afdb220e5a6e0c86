package chat

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"atelier/store"
)

// seed stores n conversations titled "chat 0" (oldest) to "chat n-1".
func seed(t *testing.T, db *store.Store, n int) {
	t.Helper()
	ctx := context.Background()
	for i := range n {
		id, err := db.NewConversation(ctx, store.KindChat, "")
		if err == nil {
			_, err = db.AddMessage(ctx, store.Message{ConversationID: id, Role: store.RoleUser, Text: fmt.Sprintf("chat %d", i)})
		}
		if err != nil {
			t.Fatal(err)
		}
	}
}

// seeded is a data folder of n conversations (see seed).
func seeded(t *testing.T, n int) string {
	t.Helper()
	dir := t.TempDir()
	db, err := store.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	seed(t, db, n)
	db.Close()
	return dir
}

func TestListNewRenameDelete(t *testing.T) {
	h := newHarness(t, "")
	h.prompt("first topic")
	h.Keys("ctrl+n")
	if h.m.conv.id != 0 || len(h.m.conv.entries) != 0 || h.m.focus != onComposer {
		t.Fatal("ctrl+n did not start an empty conversation")
	}
	h.prompt("second topic")
	if len(h.m.list.Items()) != 2 || h.m.list.Items()[0].Title != "second topic" {
		t.Fatalf("list %+v", h.m.list.Items())
	}

	h.Keys("tab", "down", "r")
	if !h.m.Focused() || h.m.field.kind != renameField {
		t.Fatal("r did not open the title field")
	}
	h.Keys("ctrl+u").Type("Tea notes").Keys("enter")
	h.NoErrors()
	c, _ := h.db.Conversation(context.Background(), h.m.list.Items()[1].ID)
	if c.Title != "Tea notes" || !strings.Contains(h.view(), "Tea notes") {
		t.Fatalf("renamed to %q\n%s", c.Title, h.view())
	}

	h.Keys("d")
	if !strings.Contains(h.view(), "delete “Tea notes”? y/n") {
		t.Fatalf("no question:\n%s", h.view())
	}
	h.Keys("n")
	if len(h.m.list.Items()) != 2 {
		t.Fatal("n deleted")
	}
	h.Keys("d", "y")
	h.NoErrors()
	if len(h.m.list.Items()) != 1 || h.m.list.Items()[0].Title != "second topic" {
		t.Fatalf("after delete %+v", h.m.list.Items())
	}
	if _, err := h.db.Conversation(context.Background(), c.ID); err == nil {
		t.Error("still stored")
	}
}

func TestDeletingTheOpenConversationClearsIt(t *testing.T) {
	h := newHarness(t, "")
	h.prompt("doomed")
	h.Keys("tab", "d", "y")
	if h.m.conv.id != 0 || len(h.m.conv.entries) != 0 || len(h.m.list.Items()) != 0 {
		t.Fatalf("conversation %d with %d entries still open", h.m.conv.id, len(h.m.conv.entries))
	}
}

func TestFilterSeesEveryTitle(t *testing.T) {
	dir := seeded(t, pageSize+30)

	h := newHarness(t, dir)
	if len(h.m.list.Items()) != pageSize || !h.m.list.more {
		t.Fatalf("first page %d items, more %v", len(h.m.list.Items()), h.m.list.more)
	}
	h.Keys("tab", "/").Type("chat 7")
	// chat 7 and 70…79; the first page holds chat 229 down to chat 30.
	if n := h.m.list.Len(); n != 11 || h.m.list.more {
		t.Fatalf("filter shows %d, more %v", n, h.m.list.more)
	}
	h.Keys("enter")
	if h.m.list.query() != "chat 7" || h.m.Focused() {
		t.Fatal("enter dropped the filter")
	}
	h.Keys("esc")
	if h.m.list.query() != "" || h.m.list.Len() != pageSize+30 {
		t.Fatalf("esc left %q, %d shown", h.m.list.query(), h.m.list.Len())
	}
}

func TestListLoadsPagesAsTheCursorGoes(t *testing.T) {
	dir := seeded(t, pageSize+5)
	h := newHarness(t, dir)
	h.Keys("tab")
	for range pageSize {
		h.Keys("down")
	}
	if len(h.m.list.Items()) != pageSize+5 || h.m.list.more {
		t.Fatalf("%d items, more %v", len(h.m.list.Items()), h.m.list.more)
	}
	if c, _ := h.m.list.selected(); c.Title != "chat 4" {
		t.Errorf("cursor on %q", c.Title)
	}
	if !strings.Contains(h.view(), "chat 4") {
		t.Errorf("the cursor's row is not in view:\n%s", h.view())
	}
}

func TestNarrowListFoldsAway(t *testing.T) {
	h := newHarness(t, "")
	h.prompt("folded")
	h.m.SetSize(76, 20)
	if strings.Contains(h.view(), "Conversations") {
		t.Fatalf("at 76 columns the list shows beside the conversation:\n%s", h.view())
	}
	h.Keys("tab")
	v := h.view()
	if !strings.Contains(v, "Conversations") || strings.Contains(v, "▾ sim-alpha") {
		t.Fatalf("with focus the list takes the tab:\n%s", v)
	}
}

// TestListWidensAndRepliesKeepAReadingWidth: the list takes a fifth of a
// wide tab (within bounds) and replies are laid out no wider than the
// reading width, the pane padded beside them (issue 19: the list stayed 26
// columns at 200 while replies ran 170 wide).
func TestListWidensAndRepliesKeepAReadingWidth(t *testing.T) {
	h := goldenHarness(t, 196, 46) // a 200×50 terminal
	g := h.m.geometry()
	if g.listW <= listWidth || g.listW > maxListWidth || h.m.tr.width != readingWidth {
		t.Fatalf("list %d wide, replies %d", g.listW, h.m.tr.width)
	}
	for i, l := range strings.Split(h.m.View(), "\n") {
		if w := ansi.StringWidth(l); w != 196 {
			t.Errorf("line %d is %d wide", i, w)
		}
	}
	h.m.SetSize(116, 36) // a 120×40 terminal: as before
	if g := h.m.geometry(); g.listW != listWidth || h.m.tr.width != 116-listWidth {
		t.Errorf("at 116: list %d, replies %d", g.listW, h.m.tr.width)
	}
}

// TestListCursorShowsWithoutColour: the row under the cursor is marked by
// a glyph, apart from the open one, so it shows on a terminal without
// colour (issue 19).
func TestListCursorShowsWithoutColour(t *testing.T) {
	h := goldenHarness(t, 76, 20)
	h.Keys("tab", "down")
	v := ansi.Strip(h.m.View())
	if !strings.Contains(v, "› Go iterators") || !strings.Contains(v, "▸ Tea haiku") {
		t.Errorf("the cursor or the open conversation is not marked:\n%s", v)
	}
}

// TestListEndsAndPages: the list moves as every list does (issue 30: it
// ignored g, G, home and end): G to the last conversation, loading every
// page, g back to the newest, pgdn and pgup by a page.
func TestListEndsAndPages(t *testing.T) {
	dir := seeded(t, pageSize+5)
	h := newHarness(t, dir)
	h.Keys("tab", "G")
	for range 3 { // the next page, then to its end
		h.Keys("G")
	}
	if c, _ := h.m.list.selected(); c.Title != "chat 0" || h.m.list.more {
		t.Fatalf("G: cursor on %q, more %v", c.Title, h.m.list.more)
	}
	h.Keys("g")
	if c, _ := h.m.list.selected(); c.Title != fmt.Sprintf("chat %d", pageSize+4) {
		t.Fatalf("g: cursor on %q", c.Title)
	}
	h.Keys("pgdown")
	down, _ := h.m.list.selected()
	if down.Title == fmt.Sprintf("chat %d", pageSize+4) || down.Title == fmt.Sprintf("chat %d", pageSize+3) {
		t.Fatalf("pgdn moved a row at most: %q", down.Title)
	}
	h.Keys("pgup")
	if c, _ := h.m.list.selected(); c.Title != fmt.Sprintf("chat %d", pageSize+4) {
		t.Errorf("pgup: cursor on %q", c.Title)
	}
	h.Keys("end", "home")
	if c, _ := h.m.list.selected(); c.Title != fmt.Sprintf("chat %d", pageSize+4) {
		t.Errorf("end, home: cursor on %q", c.Title)
	}
	if !strings.Contains(h.view(), fmt.Sprintf("chat %d", pageSize+4)) {
		t.Errorf("the cursor's row is not in view:\n%s", h.view())
	}
}
