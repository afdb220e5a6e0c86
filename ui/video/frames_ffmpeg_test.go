//go:build ffmpeg

package video

import (
	"strings"
	"testing"

	"atelier/client/sim"
	"atelier/ui/imageview"
)

// TestFramesOfAFinishedTask (go test -tags ffmpeg; CI installs ffmpeg):
// a task run to its end on the simulator (the demo's MP4) shows its poster
// and strip over the task list once selected.
func TestFramesOfAFinishedTask(t *testing.T) {
	if imageview.FFmpeg() == "" {
		t.Fatal("-tags ffmpeg needs ffmpeg on $PATH")
	}
	r := newRig(t, sim.Options{})
	h := r.harnessWith(t, Options{FFmpeg: imageview.FFmpeg})
	h.to("prompt").Type("a lighthouse in fog").Keys("enter")
	h.await(r.p, func(m Model) bool { return m.Running() == 0 && m.tasks.Items()[0].file != "" })
	h.Keys("esc")
	v := h.view()
	if !strings.Contains(v, "poster, then a frame every half second") || !strings.Contains(v, "▀") {
		t.Fatalf("no frames over the tasks:\n%s", v)
	}
}
