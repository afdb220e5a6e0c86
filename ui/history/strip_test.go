package history

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"atelier/store"
	"atelier/ui/tab"
	"atelier/ui/tab/tabtest"
)

// The strip of variants from History (issue 33): s on an image job,
// listed or open, shows its lineage (the Image gallery's component), a
// variant another process makes joins it with the cursor kept, R sends
// the chosen one to the Image form, esc goes back where s was pressed.
func TestHistoryStripOfVariants(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	f := newFixture(t, dir)
	hs := newHarness(t, f.db, 116, 36).to("a lighthouse in fog")
	hs.Keys("s")
	if hs.m.mode() != stripping {
		t.Fatalf("s did not open the strip:\n%s", hs.view())
	}
	v := hs.view()
	for _, want := range []string{"Variants · 2 image jobs · “a lighthouse in fog, watercolor”", "original",
		"edit of #" + itoa(f.image), "▲ #" + itoa(f.image)} {
		if !strings.Contains(v, want) {
			t.Fatalf("no %q in the strip:\n%s", want, v)
		}
	}

	other := tabtest.OpenStore(t, dir) // another process makes a variant
	id := tabtest.Must[int64](t)(other.AddImageJob(bg, store.ImageJobStart{Model: "gamma/image-2", Prompt: "a lighthouse in fog, watercolor",
		RequestJSON: json.RawMessage(`{"model":"gamma/image-2","prompt":"a lighthouse in fog, watercolor"}`)}))
	rel := tabtest.Must[string](t)(other.SaveMedia("img", "png", bytes.NewReader(testPNG(t, 16, 16))))
	tabtest.Must[int64](t)(other.AddImageFile(bg, store.ImageFile{JobID: id, Path: rel, MIME: "image/png", Width: 16, Height: 16}))
	check(t, other.FinishImageJob(bg, id, store.ImageJobEnd{}))
	hs.Send(changed)
	if v := hs.view(); !strings.Contains(v, "3 image jobs") || !strings.Contains(v, "image-2") || !strings.Contains(v, "▲ #"+itoa(f.image)) {
		t.Fatalf("the new variant is not in the strip, or the cursor moved:\n%s", v)
	}

	hs.Keys("end", "R")
	var sent []tab.RerunMsg
	for _, msg := range hs.Out {
		if r, ok := msg.(tab.RerunMsg); ok {
			sent = append(sent, r)
		}
	}
	if len(sent) != 1 || sent[0].To != tab.Image || sent[0].ID != id || sent[0].Model != "gamma/image-2" {
		t.Fatalf("R sent %+v, want image job %d to the Image tab", sent, id)
	}

	hs.Keys("esc")
	if hs.m.mode() != listing {
		t.Fatalf("esc went to mode %d, not the list", hs.m.mode())
	}
	hs.Keys("enter", "s", "esc")
	if hs.m.mode() != reading {
		t.Fatalf("esc went to mode %d, not the open item", hs.m.mode())
	}
	hs.Keys("esc").to("CRDT").Keys("s")
	if hs.m.mode() == stripping || len(hs.Warnings()) == 0 {
		t.Fatalf("s on a comparison opened a strip, or said nothing: %q", hs.Warnings())
	}
}
