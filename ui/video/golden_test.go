package video

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/golden"

	"atelier/client"
	"atelier/store/storetest"
	"atelier/ui/tab/tabtest"
)

// TestGolden compares the tab's screens with testdata/TestGolden/*.golden
// at the room the shell gives it in 80×24, 120×40 and 200×50 terminals, drawn in
// 256 colours. Run `go test ./ui/video -run TestGolden -update` after a
// deliberate change, and look at the files (cat shows them in colour).
func TestGolden(t *testing.T) {
	cases := []struct {
		name string
		do   func(h *harness)
	}{
		{"empty", func(h *harness) {}},
		{"form", func(h *harness) {
			h.endpoint("videoa/q3/image-to-video/turbo")
			h.to("prompt").Type("the lighthouse beam sweeps through the fog")
			h.to("image_url").Type("~/Pictures/lighthouse.png")
			h.to("duration").Type("20")
			h.to("resolution").Keys("space", "space")
		}},
		{"problems", func(h *harness) {
			h.endpoint("videob/o3/{mode}/reference-to-video")
			h.to("mode").Keys("space")
			h.to("multi_prompt").Keys("ctrl+n").Keys("down").Type("a wide shot").Keys("down").Type("16")
			h.to("elements").Keys("ctrl+n").Type("el-1").Keys("down").Type("https://example.org/face.png")
			h.Keys("enter", "enter") // the URL typed is done, the next row; then send
		}},
		{"picker", func(h *harness) { h.Keys("ctrl+t", "down", "down") }},
		{"tasks", func(h *harness) { h.Keys("esc", "down", "down") }},
		{"confirm", func(h *harness) { h.Keys("esc", "down", "down", "d") }},
	}
	for _, size := range [][2]int{{80, 24}, {120, 40}, {200, 50}} {
		for _, c := range cases {
			t.Run(fmt.Sprintf("%s_%dx%d", c.name, size[0], size[1]), func(t *testing.T) {
				st := storetest.Open(t, "") // empty: the tasks shown are goldenTasks
				h := newHarness(t, Options{Store: st})
				h.m.SetSize(size[0]-4, size[1]-4) // the shell's frame takes the rest
				h.Send(goldenTasks())
				c.do(h)
				golden.RequireEqual(t, tabtest.In256Colours(h.m.View()))
			})
		}
	}
}

// goldenTasks are four tasks in each state, at fixed times.
func goldenTasks() tea.Msg {
	pos := 2
	queued := running("80aa41c7-9d0e-4c52-8f3b-2b7f0e6a1d90", "videoa/q1/text-to-video")
	queued.SubmittedAt, queued.QueuePosition = start.Add(-5*time.Second), &pos
	rendering := running("7c1e0a55-3b8a-4f0e-9d51-6a2f8c3e7b14", "videob/o3/pro/image-to-video")
	rendering.Status, rendering.SubmittedAt = client.VideoInProgress, start.Add(-72*time.Second)
	rendering.StatusJSON = json.RawMessage(`{"status":"IN_PROGRESS","logs":[{"message":"rendering frame 40/120"}]}`)
	done := running("77a0b3c2-5e6f-4a1b-8c9d-0e1f2a3b4c5d", "videoc3.1/fast")
	done.Status, done.Done = client.VideoCompleted, true
	done.SubmittedAt, done.CompletedAt = start.Add(-10*time.Minute), start.Add(-10*time.Minute+123*time.Second)
	failed := running("71f9d3e4-aaaa-4bbb-8ccc-dddddddddddd", "videoa/q3/text-to-video/turbo")
	failed.Status, failed.Done = client.VideoCompleted, true
	failed.SubmittedAt, failed.CompletedAt = start.Add(-20*time.Minute), start.Add(-20*time.Minute+40*time.Second)
	failed.FailureJSON = json.RawMessage(`{"type":"content_policy","message":"content policy: the prompt was refused"}`)
	// Labels (issue 33): two tasks of one idea, one cut to the list's tag.
	queued.Label, rendering.Label, done.Label = "lighthouse", "lighthouse", "storm at sea, the final cut"
	return tasksLoadedMsg{tasks: []task{
		newTask(queued, ""), newTask(rendering, ""),
		newTask(done, "/data/atelier/media/2026-11-21/vid-77a0b3c2.mp4"), newTask(failed, ""),
	}}
}
