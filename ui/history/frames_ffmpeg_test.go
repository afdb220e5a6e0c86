//go:build ffmpeg

package history

import (
	"strings"
	"testing"

	"atelier/assets"
	"atelier/store"
	"atelier/ui/imageview"
)

// TestFramesOfTheDemoVideo (go test -tags ffmpeg; CI installs ffmpeg):
// an open video of the demo's MP4 shows its poster and strip, cut by
// ffmpeg; a file ffmpeg cannot read says so rather than pretend.
func TestFramesOfTheDemoVideo(t *testing.T) {
	if imageview.FFmpeg() == "" {
		t.Fatal("-tags ffmpeg needs ffmpeg on $PATH")
	}
	f := newFixture(t, t.TempDir())
	_, err := f.db.AddVideoTask(bg, store.VideoSubmission{RequestID: "rq-demo", Endpoint: "videoa/q1/text-to-video",
		Prompt: "the demo video"})
	check(t, err)
	rel, err := f.db.SaveMedia("vid", "mp4", strings.NewReader(string(assets.DemoMP4())))
	check(t, err)
	check(t, f.db.SetVideoFile(bg, "rq-demo", rel, int64(len(assets.DemoMP4())), true))
	m := New(Options{Store: f.db, Now: now})
	h := harnessOf(t, m, 120, 60)
	h.to("the demo video").Keys("enter")
	v := h.view()
	if !strings.Contains(v, "Frames") || !strings.Contains(v, "poster, then a frame every half second") || !strings.Contains(v, "▀") {
		t.Fatalf("no frames of the demo video:\n%s", v)
	}
	h.Keys("esc")
	h.to("the lighthouse beam").Keys("enter", "G") // the fixture's file is not an MP4
	if v := h.view(); !strings.Contains(v, "cannot cut: ffmpeg") {
		t.Errorf("an unreadable video does not say so:\n%s", v)
	}
}
