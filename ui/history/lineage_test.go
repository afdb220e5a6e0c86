package history

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"atelier/store"
)

// TestLineageBothWays: a video made from the fixture's image names it as
// its source (a small picture and image:N, not the body's elided data
// URI), enter opens the image, which names the video and its edit; tab
// marks the video and enter opens it again.
func TestLineageBothWays(t *testing.T) {
	t.Parallel()
	f := newFixture(t, t.TempDir())
	abs, err := f.db.MediaPath(f.imageFile)
	check(t, err)
	_, err = f.db.AddVideoTask(bg, store.VideoSubmission{RequestID: "rq-i2v", Endpoint: "videoa/q3/image-to-video/turbo",
		BodyJSON: json.RawMessage(`{"prompt":"the beam turns","image_url":"data:image/png;base64,atelier:omitted:base64:9000"}`),
		Inputs:   []store.VideoInputFile{{Field: "image_url", File: abs}}})
	check(t, err)

	h := newHarness(t, f.db, 120, 40)
	h.to("the beam turns").Keys("enter")
	v := h.view()
	for _, want := range []string{"Lineage", "› source image  image:" + itoa(f.image), f.imageFile} {
		if !strings.Contains(v, want) {
			t.Errorf("the video lacks %q:\n%s", want, v)
		}
	}
	if strings.Contains(v, "atelier:omitted") {
		t.Errorf("the video shows its source as the elided data URI:\n%s", v)
	}
	h.Keys("enter", "G")
	v = h.view()
	if !strings.Contains(v, "‹ image · a lighthouse in fog") {
		t.Fatalf("enter did not open the source image:\n%s", v)
	}
	for _, want := range []string{"› edit          image:" + itoa(f.edit), "  video         video:", "rq-i2v"} {
		if !strings.Contains(v, want) {
			t.Errorf("the image lacks %q:\n%s", want, v)
		}
	}
	h.Keys("tab")
	if !strings.Contains(h.view(), "› video") {
		t.Fatalf("tab did not mark the video:\n%s", h.view())
	}
	h.Keys("enter")
	if v := h.view(); !strings.Contains(v, "Video · videoa/q3/image-to-video/turbo") {
		t.Fatalf("enter did not open the video:\n%s", v)
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// TestAlternativesAreLinks: a comparison run again beside another, and an
// image job run again beside another, name each other in the open item's
// Lineage ("alt 1 of 2"), and enter opens the one marked.
// (The list is newest first: the second of each is found first.)
func TestAlternativesAreLinks(t *testing.T) {
	t.Parallel()
	f := newFixture(t, t.TempDir())
	again := f.addCompare(t)
	check(t, f.db.LinkAlternative(bg, store.AltComparison, f.compare, again))
	image2 := f.addImage(t)
	check(t, f.db.LinkAlternative(bg, store.AltImageJob, f.image, image2))

	h := newHarness(t, f.db, 120, 40)
	h.to("explain CRDTs").Keys("enter", "G")
	if v := h.view(); !strings.Contains(v, "› alt 1 of 2    compare:"+itoa(f.compare)) {
		t.Fatalf("the newer comparison does not name the first:\n%s", v)
	}
	h.Keys("enter", "G")
	if v := h.view(); !strings.Contains(v, "› alt 2 of 2    compare:"+itoa(again)) {
		t.Fatalf("enter did not open the first comparison, or it does not name the newer:\n%s", v)
	}
	h.Keys("esc", "esc")
	h.to("a lighthouse in fog").Keys("enter", "G")
	v := h.view()
	if !strings.Contains(v, "alt 1 of 2    image:"+itoa(f.image)) {
		t.Fatalf("the image job does not name its alternative:\n%s", v)
	}
}
