package ui

import (
	"bytes"
	"image"
	"image/png"
	"strings"
	"testing"

	"atelier/store"
	"atelier/store/storetest"
	"atelier/ui/tab"
	"atelier/ui/tab/tabtest"
)

// TestHistoryImageToVideoOneKey: V on an image job in History shows the
// Video tab, asking which image-to-video endpoint animates that image.
func TestHistoryImageToVideoOneKey(t *testing.T) {
	db := storetest.Open(t, "")
	var b bytes.Buffer
	png.Encode(&b, image.NewRGBA(image.Rect(0, 0, 4, 4)))
	job, _ := db.AddImageJob(t.Context(), store.ImageJobStart{Model: "image-2.5-flare", Prompt: "a lighthouse in fog"})
	rel, _ := db.SaveMedia("img", "png", &b)
	if _, err := db.AddImageFile(t.Context(), store.ImageFile{JobID: job, Path: rel, MIME: "image/png", Width: 4, Height: 4}); err != nil {
		t.Fatal(err)
	}
	db.FinishImageJob(t.Context(), job, store.ImageJobEnd{})

	m := historyListing(t, db, "a lighthouse in fog")
	m = send(t, m, tabtest.Press("V"))
	if m.active != tab.Video {
		t.Fatalf("active tab %d after V, want Video", m.active)
	}
	screen := screenText(m)
	for _, want := range []string{"Animate " + rel[strings.LastIndex(rel, "/")+1:], "takes this image", "image URL only"} {
		if !strings.Contains(screen, want) {
			t.Errorf("the Video tab lacks %q:\n%s", want, screen)
		}
	}
}
