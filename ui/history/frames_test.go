package history

import (
	"strings"
	"testing"
)

// TestNoFFmpegNoFrames: without ffmpeg an open video shows no Frames
// section, and nothing in its place.
func TestNoFFmpegNoFrames(t *testing.T) {
	t.Parallel()
	f := newFixture(t, t.TempDir())
	h := newHarness(t, f.db, 120, 40)
	h.to("the lighthouse beam").Keys("enter", "G")
	if v := h.view(); strings.Contains(v, "\nFrames") || strings.Contains(v, "poster, then") {
		t.Errorf("frames shown without ffmpeg:\n%s", v)
	}
	if !strings.Contains(h.view(), "Status history") {
		t.Fatalf("the video did not open:\n%s", h.view())
	}
}
