package chat

import (
	"context"
	"strings"
	"testing"

	"atelier/store"
	"atelier/ui/tab"
	"atelier/ui/tab/tabtest"
)

// The conversation list follows the store: a chat another process made
// shows at the top when the shell says the store changed, the cursor
// staying on the conversation it was on; a batch's cells never show;
// out of sight, the tab reads nothing until it is shown.
func TestListFollowsTheStore(t *testing.T) {
	dir := t.TempDir()
	db := tabtest.OpenStore(t, dir)
	seed(t, db, 5)
	h := newHarness(t, dir)
	h.Keys("tab", "down", "down") // on chat 2
	was, _ := h.m.list.selected()

	other := tabtest.OpenStore(t, dir) // another process
	ctx := context.Background()
	id := tabtest.Must[int64](t)(other.NewConversation(ctx, store.KindChat, "cli chat"))
	b := tabtest.Must[int64](t)(other.NewBatch(ctx, "caps", "", []byte(`{}`), []store.CellKey{{Cell: 0}}))
	tabtest.Must[int64](t)(other.NewBatchConversation(ctx, b, "batch caps: a cell"))

	reads := db.Reads()
	h.Send(tab.StoreChangedMsg{Shown: tab.Compare})
	if n := db.Reads() - reads; n != 0 || len(h.m.list.Items()) != 5 {
		t.Fatalf("out of sight: %d reads, %d conversations", n, len(h.m.list.Items()))
	}
	h.Send(tab.ShownMsg{})
	items := h.m.list.Items()
	if len(items) != 6 || items[0].ID != id {
		t.Fatalf("the list after the change: %+v", items)
	}
	if now, _ := h.m.list.selected(); now.ID != was.ID {
		t.Fatalf("the cursor moved from %q to %q", was.Title, now.Title)
	}
	if v := h.view(); !strings.Contains(v, "cli chat") || strings.Contains(v, "batch caps") {
		t.Fatalf("the view:\n%s", v)
	}

	tabtest.Must[int64](t)(other.NewConversation(ctx, store.KindChat, "and another"))
	h.Send(tab.StoreChangedMsg{Shown: tab.Chat})
	if items := h.m.list.Items(); len(items) != 7 || items[0].Title != "and another" {
		t.Fatalf("the list after a change on screen: %+v", items)
	}
	if now, _ := h.m.list.selected(); now.ID != was.ID {
		t.Fatalf("the cursor moved from %q to %q", was.Title, now.Title)
	}
	h.NoErrors()
}

// TestReplyReadBackIsNotDrawnAgain: once a reply has streamed and is
// recorded, the store's change brings the conversation back as it was;
// the reply's body on screen is kept, not rendered again from its text
// (a reply of megabytes drawn twice at its end doubled what the tab held
// then).
func TestReplyReadBackIsNotDrawnAgain(t *testing.T) {
	h := newHarness(t, "")
	h.prompt("hello")
	last := len(h.m.conv.entries) - 1
	before := h.m.tr.bodies[last].lines
	if len(before) == 0 {
		t.Fatal("no body for the reply")
	}
	h.Send(tab.StoreChangedMsg{Shown: tab.Chat})
	after := h.m.tr.bodies[last].lines
	if len(after) == 0 || &after[0] != &before[0] {
		t.Fatalf("the reply read back was drawn again (%d lines, then %d)", len(before), len(after))
	}
	if v := h.view(); !strings.Contains(v, "hello") {
		t.Fatalf("the view after reading back:\n%s", v)
	}

	h.NoErrors()
}

// TestKeptBodyOnlyForTheSameText: a body is kept for a reply read again
// only when it was drawn from the same text, at the same width, in the
// same styles; else the reply is drawn again.
func TestKeptBodyOnlyForTheSameText(t *testing.T) {
	drawn := body{width: 80, styled: 2, lines: []string{"drawn"}}
	sp := drawSpec{width: 80, styled: 2, kept: map[int64]keptBody{7: {text: "the reply", b: drawn}}}
	for _, c := range []struct {
		name string
		sp   drawSpec
		e    entry
		kept bool
	}{
		{"the same", sp, entry{id: 7, text: "the reply"}, true},
		{"its text changed elsewhere", sp, entry{id: 7, text: "the reply, rewritten"}, false},
		{"another reply", sp, entry{id: 8, text: "the reply"}, false},
		{"a reply not stored", sp, entry{text: "the reply"}, false},
		{"another width", drawSpec{width: 100, styled: 2, kept: sp.kept}, entry{id: 7, text: "the reply"}, false},
		{"other styles", drawSpec{width: 80, styled: 3, kept: sp.kept}, entry{id: 7, text: "the reply"}, false},
	} {
		if _, ok := c.sp.keptFor(c.e); ok != c.kept {
			t.Errorf("%s: kept %v, want %v", c.name, ok, c.kept)
		}
	}
}
