package ui

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"atelier/store"
	"atelier/store/storetest"
	"atelier/ui/tab"
	"atelier/ui/tab/tabtest"
	"atelier/ui/video"
)

// TestHistoryDeletesAVideoAsTheVideoTabDoes: History refuses to delete a
// running video task, as the Video tab does, so it stays listed and
// counted there; a finished one deleted in History leaves the Video tab
// too (issue 19, bug 5).
func TestHistoryDeletesAVideoAsTheVideoTabDoes(t *testing.T) {
	st := storetest.Open(t, "")
	ctx := context.Background()
	for _, id := range []string{"rq-running", "rq-finished"} {
		if _, err := st.AddVideoTask(ctx, store.VideoSubmission{RequestID: id, Endpoint: "videoa/q1/text-to-video",
			BodyJSON: json.RawMessage(`{"prompt":"` + id + `"}`), Status: "IN_QUEUE"}); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.FailVideoTask(ctx, "rq-finished", json.RawMessage(`{"detail":"refused"}`)); err != nil {
		t.Fatal(err)
	}
	deps := testDeps(t)
	deps.Store = st
	m := New(deps)
	m.tabs[tab.Video] = videoScreen(video.New(video.Options{Store: st, Tick: -1}))
	m = inTerminal(t, m)
	if m.status.running != 1 {
		t.Fatalf("%d running", m.status.running)
	}

	m = send(t, m, tabtest.Press("alt+5"))
	m = toRow(t, m, "rq-running")
	m = send(t, m, tabtest.Press("d"))
	m = send(t, m, tabtest.Press("y"))
	if !strings.Contains(bottom(m), "✗ video rq-runni is still running: delete it once it ends") {
		t.Fatalf("History did not refuse: %q", bottom(m))
	}
	if _, err := st.VideoTask(ctx, "rq-running"); err != nil || m.status.running != 1 {
		t.Fatalf("the running task went: %v, %d running", err, m.status.running)
	}

	m = send(t, m, tabtest.Press("esc"))
	m = toRow(t, m, "rq-finished")
	m = send(t, m, tabtest.Press("d"))
	m = send(t, m, tabtest.Press("y"))
	if _, err := st.VideoTask(ctx, "rq-finished"); err == nil {
		t.Fatalf("the finished task was not deleted: %q\n%s", bottom(m), screenText(m))
	}
	m = send(t, m, tabtest.Press("alt+4"))
	if text := screenText(m); strings.Contains(text, "✗ rq-finis") || !strings.Contains(text, "● rq-runni") {
		t.Errorf("the Video tab does not follow History's delete:\n%s", text)
	}
}

// toRow moves History's cursor down to the row holding text.
func toRow(t *testing.T, m Model, text string) Model {
	t.Helper()
	m = send(t, m, tabtest.Press("g"))
	for range 20 {
		for _, l := range lines(m) {
			if strings.Contains(l, "▸") && strings.Contains(l, text) {
				return m
			}
		}
		m = send(t, m, tabtest.Press("j"))
	}
	t.Fatalf("no row %q:\n%s", text, screenText(m))
	return m
}
