package video

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"atelier/client/sim"
	"atelier/poller"
	"atelier/ui/tab"
)

// TestFailedDownloadIsShownAndRetried: the service completes the task but
// its media server refuses the video: the task is not done (✗, "download
// failed: ..." and the key that retries, an error in the status bar); D
// with the server fixed fetches it again, whole, and the task is done.
func TestFailedDownloadIsShownAndRetried(t *testing.T) {
	r := newRig(t, sim.Options{})
	r.refuse.Store(true)
	h := r.harness(t)
	h.to("prompt").Type("a harbour at dusk").Keys("enter", "esc")
	h.await(r.p, func(m Model) bool { return m.Running() == 0 })
	task := h.m.tasks.Items()[0]
	line := h.line(shortID(task.id()))
	for _, want := range []string{"✗", "COMPLETED", "download failed: the media server refused the video"} {
		if !strings.Contains(line, want) {
			t.Errorf("task line %q lacks %q", line, want)
		}
	}
	if d := h.line("D retries · download failed: the media server refused"); d == "" {
		t.Errorf("the detail does not offer the retry:\n%s", h.view())
	}
	if task.file != "" || strings.Contains(line, "✓") {
		t.Fatalf("a refused download shown as saved: %q", line)
	}
	if e := h.errs(); len(e) != 1 || !strings.Contains(e[0], "download failed: ") {
		t.Errorf("errors %q", e)
	}

	r.refuse.Store(false)
	h.Keys("D")
	if hints := h.NoticesOf(tab.Hint); h.m.Running() != 1 || len(hints) == 0 || !strings.HasSuffix(hints[len(hints)-1], "downloading again") {
		t.Fatalf("after D: %d running, hints %q\n%s", h.m.Running(), hints, h.view())
	}
	h.await(r.p, func(m Model) bool { return m.Running() == 0 && m.tasks.Items()[0].file != "" })
	if line := h.line(shortID(task.id())); !strings.Contains(line, "✓") || strings.Contains(line, "download failed") {
		t.Errorf("after the retry: %q", line)
	}
	rec, err := r.st.VideoTask(t.Context(), task.id())
	if err != nil || !rec.Done || rec.DownloadFailed() || rec.VideoPath == "" {
		t.Fatalf("recorded %+v, %v", rec, err)
	}
	h.Keys("D") // a saved video: nothing to retry
	if w := h.Warnings(); len(w) == 0 || !strings.Contains(w[len(w)-1], "did not fail") {
		t.Errorf("warnings %q", w)
	}
}

// TestPauseKeyHoldsTheQueue: p pauses the queue (the tasks' heading says
// so, the store keeps it); a task submitted meanwhile is held, with no
// status request sent; p again resumes it, and it ends saved.
func TestPauseKeyHoldsTheQueue(t *testing.T) {
	r := newRig(t, sim.Options{})
	h := r.harness(t)
	h.Keys("esc", "p")
	if !strings.Contains(h.view(), "⏸ paused · p resumes") {
		t.Fatalf("no pause in the heading:\n%s", h.view())
	}
	if on, err := poller.Paused(t.Context(), r.st); err != nil || !on {
		t.Fatalf("stored pause %v, %v", on, err)
	}
	h.Keys("tab")
	h.to("prompt").Type("a lighthouse").Keys("enter", "esc")
	id := h.m.tasks.Items()[0].id()
	heard := false
	for !heard {
		select {
		case e := <-r.p.Events():
			heard = e.Update.RequestID == id && e.Update.Paused
			h.Run(func() tea.Msg { return EventMsg(e) })
		case <-time.After(30 * time.Second): // a safety net, not a wait
			t.Fatal("the poller never said the task is held")
		}
	}
	if n := r.polled(); n != 0 {
		t.Fatalf("%d status requests while paused", n)
	}
	if h.m.Running() != 1 {
		t.Fatalf("%d running", h.m.Running())
	}
	h.Keys("p")
	if strings.Contains(h.view(), "paused") {
		t.Fatalf("still paused:\n%s", h.view())
	}
	h.await(r.p, func(m Model) bool { return m.Running() == 0 && m.tasks.Items()[0].file != "" })
	if r.polled() == 0 {
		t.Fatal("done without a request")
	}
	if on, _ := poller.Paused(t.Context(), r.st); on {
		t.Fatal("still paused in the store")
	}
}
