package imagetab

import (
	"os"
	"strings"
	"testing"

	"atelier/ui/tab"
)

// toVideoMsgs are the images the tab sent to the Video tab.
func (h *harness) toVideoMsgs() []tab.ToVideoMsg {
	var out []tab.ToVideoMsg
	for _, m := range h.Out {
		if v, ok := m.(tab.ToVideoMsg); ok {
			out = append(out, v)
		}
	}
	return out
}

// TestToVideoFromResultsAndGallery: V on a result and on a gallery job
// carries its saved image, with its prompt, to the Video tab.
func TestToVideoFromResultsAndGallery(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	h.set("prompt", "a red kite").set(rowSize, "256x256").Keys("enter")
	h.Keys("V")
	got := h.toVideoMsgs()
	if len(got) != 1 || got[0].Prompt != "a red kite" || !strings.Contains(got[0].File, "/media/") {
		t.Fatalf("from the results: %+v", got)
	}
	if _, err := os.Stat(got[0].File); err != nil {
		t.Fatalf("the image carried: %v", err)
	}
	h.Keys("g", "V")
	got = h.toVideoMsgs()
	if len(got) != 2 || got[1].File != got[0].File || got[1].Prompt != "a red kite" {
		t.Fatalf("from the gallery: %+v", got)
	}
}
