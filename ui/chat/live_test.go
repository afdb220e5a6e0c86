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
