package video

import (
	"context"
	"testing"

	"atelier/client"
	"atelier/client/sim"
	"atelier/store"
	"atelier/store/record"
	"atelier/ui/tab"
	"atelier/ui/tab/tabtest"
)

// A video submitted by another process (the command line) while the tab
// is open appears in it once the shell says the store changed, even out
// of sight, the cursor staying on its task; the poller follows it here to
// its saved video, and the video arena then finds it as the partner of a
// task of the same prompt (issue 30: it said "no other finished task").
func TestTaskSubmittedElsewhereAppearsAndIsJudged(t *testing.T) {
	r := newRig(t, sim.Options{})
	h := r.harnessWith(t, Options{Coin: func() bool { return false }})
	h.endpoint("videoa/q3/text-to-video/turbo")
	h.to("prompt").Type("a paper boat on a river").Keys("enter")
	h.await(r.p, func(m Model) bool {
		return m.Running() == 0 && len(m.tasks.Items()) == 1 && m.tasks.Items()[0].file != ""
	})
	mine := h.m.tasks.Items()[0].id()

	// The command line, on the same data folder: submitted and recorded,
	// not followed (no --wait).
	cli := tabtest.OpenStore(t, r.st.Dir())
	req := client.VideoRequest{Path: "videoc3.1/fast", Body: map[string]any{"prompt": "a paper boat on a river"}}
	ctx := context.Background()
	handle, err := r.c.SubmitVideo(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := record.VideoSubmission(ctx, cli, req, handle); err != nil {
		t.Fatal(err)
	}

	h.Send(tab.StoreChangedMsg{Shown: tab.Chat}) // out of sight: read all the same
	items := h.m.tasks.Items()
	if len(items) != 2 || items[0].id() != handle.RequestID || h.m.Running() != 1 {
		t.Fatalf("after the change: %d tasks, %d running", len(items), h.m.Running())
	}
	if sel, _ := h.m.tasks.Selected(); sel.id() != mine {
		t.Fatalf("the cursor moved to %s", shortID(sel.id()))
	}
	h.await(r.p, func(m Model) bool { return m.Running() == 0 && m.tasks.Items()[0].file != "" })

	// Once the list has read the tasks as the poller left them, a change
	// that touches no task costs one look at the tasks' stamp.
	h.Send(tab.StoreChangedMsg{Shown: tab.Video})
	tabtest.Must[int64](t)(cli.NewConversation(ctx, store.KindChat, "a chat"))
	reads := r.st.Reads()
	h.Send(tab.StoreChangedMsg{Shown: tab.Video})
	if n := r.st.Reads() - reads; n != 1 {
		t.Fatalf("a chat recorded elsewhere cost the Video tab %d reads, want the one look at the tasks' stamp", n)
	}

	h.Keys("esc", "c") // on the tab's own task
	if h.m.mode != judging {
		t.Fatalf("the arena did not pair the task submitted elsewhere: mode %v, notices %q", h.m.mode, h.Notices())
	}
	h.NoErrors()
}
