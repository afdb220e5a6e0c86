package batch

import (
	"context"
	"testing"

	engine "atelier/batch"
	"atelier/store"
	"atelier/ui/tab"
	"atelier/ui/tab/tabtest"
)

// The Batch tab follows the store: a batch another process records shows
// in the list, the cursor staying on its batch; the matrix open follows
// the cells another process runs; out of sight, nothing is read until
// the tab is shown.
func TestBatchTabFollowsTheStore(t *testing.T) {
	db := openStore(t)
	first := threeByThree().record(t, db)
	hs := newHarness(t, db, nil, nil, 120, 40)
	if b, _ := hs.m.list.Selected(); b.ID != first {
		t.Fatalf("the cursor is on batch %d", b.ID)
	}

	other := tabtest.OpenStore(t, db.Dir()) // another process
	ctx := context.Background()
	plan := &engine.Plan{Name: "elsewhere", Targets: []string{"alpha:m"}, Repeats: 1,
		Cases: []engine.Case{{Name: "one", Text: "one"}, {Name: "two", Text: "two"}}}
	second, err := engine.Create(ctx, other, plan, "elsewhere.toml")
	if err != nil {
		t.Fatal(err)
	}

	reads := db.Reads()
	hs.Send(tab.StoreChangedMsg{Shown: tab.History})
	if n := db.Reads() - reads; n != 0 || len(hs.m.list.Items()) != 1 {
		t.Fatalf("out of sight: %d reads, %d batches", n, len(hs.m.list.Items()))
	}
	hs.Send(tab.StoreChangedMsg{Shown: tab.Batch})
	if items := hs.m.list.Items(); len(items) != 2 || items[0].ID != second {
		t.Fatalf("the list after another process recorded a batch: %+v", items)
	}
	if b, _ := hs.m.list.Selected(); b.ID != first {
		t.Fatalf("the cursor moved to batch %d", b.ID)
	}

	hs.Keys("up", "enter") // the other process's batch, its cells pending
	if hs.m.mx == nil || hs.m.mx.b.ID != second {
		t.Fatalf("not open:\n%s", hs.view())
	}
	conv := tabtest.Must[int64](t)(other.NewBatchConversation(ctx, second, "cell"))
	if err := other.StartCell(ctx, second, 0, conv); err != nil {
		t.Fatal(err)
	}
	if err := other.FinishCell(ctx, second, 0, store.CellEnd{Status: store.CellDone, FirstLine: "Uno."}); err != nil {
		t.Fatal(err)
	}
	hs.Send(tab.StoreChangedMsg{Shown: tab.Batch})
	if c := hs.m.mx.cells[0]; c.Status != store.CellDone || c.FirstLine != "Uno." {
		t.Fatalf("the matrix did not follow: cell 0 %+v", c)
	}
	hs.NoErrors()
}
