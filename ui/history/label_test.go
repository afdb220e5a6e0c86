package history

import (
	"slices"
	"strings"
	"testing"

	"atelier/store"
	"atelier/ui/tab"
	"atelier/ui/tab/tabtest"
)

// TestLabelKey: L on an image, listed, asks for its label and writes it;
// the row shows it once the store changed (a label set elsewhere too);
// an open item shows it in its heading and takes L alike; a chat carries
// none; label:NAME in the search keeps the labelled items, case aside.
func TestLabelKey(t *testing.T) {
	t.Parallel()
	f := newFixture(t, t.TempDir())
	hs := newHarness(t, f.db, 120, 30)
	image := store.ItemRef{Kind: store.KindImage, ID: f.image}
	stored := func(ref store.ItemRef) string {
		t.Helper()
		items, _, err := f.db.Listing(bg, store.ItemFilter{Kind: ref.Kind, Limit: 100})
		if err != nil {
			t.Fatal(err)
		}
		for _, it := range items {
			if it.Ref() == ref {
				return it.Label
			}
		}
		t.Fatalf("%v not listed", ref)
		return ""
	}

	hs.to("a lighthouse in fog").Keys("L")
	if hs.m.mode() != labelling || !hs.m.Focused() || !strings.Contains(hs.view(), "label of image") {
		t.Fatalf("L did not ask for the label\n%s", hs.view())
	}
	hs.Type("Lighthouses").Keys("enter")
	if got := stored(image); got != "Lighthouses" {
		t.Fatalf("stored %q", got)
	}
	hs.Send(tab.StoreChangedMsg{Shown: tab.History})
	if l := tabtest.Line(hs.view(), "a lighthouse in fog"); !strings.Contains(l, "[Lighthouses]") {
		t.Errorf("the row shows no label: %q", l)
	}

	// A bad label is refused in place, named; esc leaves the label.
	hs.Keys("L", "ctrl+u").Type(strings.Repeat("x", 41)).Keys("enter")
	if hs.m.mode() != labelling || !strings.Contains(hs.view(), "longer than 40") {
		t.Errorf("a long label was not refused in place\n%s", hs.view())
	}
	hs.Keys("esc")
	if hs.m.mode() != listing || stored(image) != "Lighthouses" {
		t.Errorf("esc: mode %d, label %q", hs.m.mode(), stored(image))
	}

	// A chat carries none.
	hs.to("write a haiku about tea").Keys("L")
	if hs.m.mode() == labelling || !slices.Contains(hs.Warnings(), "only images and videos carry a label") {
		t.Errorf("L on a chat: mode %d, warnings %q", hs.m.mode(), hs.Warnings())
	}

	// Set elsewhere (the command line), followed; the open item shows it
	// and takes L.
	video := store.ItemRef{Kind: store.KindVideo, ID: f.video}
	check(t, f.db.SetLabel(bg, video, "Storms"))
	hs.Send(tab.StoreChangedMsg{Shown: tab.History})
	if !strings.Contains(hs.view(), "[Storms]") {
		t.Errorf("a label set elsewhere does not show\n%s", hs.view())
	}
	hs.to("a lighthouse in fog").Keys("enter")
	if head := strings.SplitN(hs.view(), "\n", 2)[0]; !strings.Contains(head, "[Lighthouses]") {
		t.Errorf("the open item's heading shows no label: %q", head)
	}
	hs.Keys("L", "ctrl+u").Type("Harbours").Keys("enter")
	if head := strings.SplitN(hs.view(), "\n", 2)[0]; !strings.Contains(head, "[Harbours]") || stored(image) != "Harbours" {
		t.Errorf("relabelled open: heading %q, stored %q", head, stored(image))
	}
	hs.Keys("esc")

	// The search line's label:NAME keeps the labelled items.
	hs.Keys("/").Type("label:STORMS")
	hs.Send(tab.StoreChangedMsg{Shown: tab.History})
	rows := hs.m.browse.list.rows()
	if len(rows) != 1 || rows[0].ref != video {
		t.Errorf("label:STORMS lists %d rows: %q", len(rows), hs.titles())
	}
}
