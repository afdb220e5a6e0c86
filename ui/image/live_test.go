package imagetab

import (
	"context"
	"strings"
	"testing"

	"atelier/client"
	"atelier/store"
	"atelier/ui/tab"
	"atelier/ui/tab/tabtest"
)

// The gallery open follows the store: a job another process recorded
// shows when the shell says the store changed (or when the tab is shown
// again, if it changed meanwhile), the cursor staying on its job; a
// batch's image jobs stay with their batch.
func TestGalleryFollowsTheStore(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	h.generateSmall("a red kite")
	h.to("prompt").set("prompt", "a green field").Keys("enter")
	h.Keys("g", "down") // the gallery, on the red kite
	if !strings.Contains(h.line("▸"), "a red kite") {
		t.Fatalf("not on the red kite:\n%s", h.view())
	}

	other := tabtest.OpenStore(t, h.db.Dir()) // another process
	ctx := context.Background()
	tabtest.Must[int64](t)(other.AddImageJob(ctx, store.ImageJobStart{Model: client.ImageModel2, Prompt: "a lighthouse at dusk"}))
	b := tabtest.Must[int64](t)(other.NewBatch(ctx, "pics", "", []byte(`{}`), []store.CellKey{{Cell: 0}}))
	tabtest.Must[int64](t)(other.AddImageJob(ctx, store.ImageJobStart{Model: client.ImageModel2, Prompt: "a batch cell", BatchID: b}))

	h.Send(tab.StoreChangedMsg{Shown: tab.History})
	if n := len(h.m.gallery.jobs.Items()); n != 2 {
		t.Fatalf("out of sight the gallery read %d jobs", n)
	}
	h.Send(tab.ShownMsg{})
	v := h.view()
	if n := len(h.m.gallery.jobs.Items()); n != 3 || !strings.Contains(v, "a lighthouse at dusk") || strings.Contains(v, "a batch cell") {
		t.Fatalf("%d jobs after the change:\n%s", n, v)
	}
	if !strings.Contains(h.line("▸"), "a red kite") {
		t.Fatalf("the cursor left the red kite:\n%s", v)
	}
	tabtest.Must[int64](t)(other.AddImageJob(ctx, store.ImageJobStart{Model: client.ImageModel2, Prompt: "a fourth"}))
	h.Send(tab.StoreChangedMsg{Shown: tab.Image})
	if n := len(h.m.gallery.jobs.Items()); n != 4 || !strings.Contains(h.line("▸"), "a red kite") {
		t.Fatalf("%d jobs after a change on screen:\n%s", n, h.view())
	}
	h.NoErrors()
}
