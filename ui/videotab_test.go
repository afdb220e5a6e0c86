package ui

import (
	"atelier/ui/tab/tabtest"
	"context"
	"strings"
	"testing"
	"time"

	"atelier/client"
	"atelier/client/sim"
	"atelier/client/sim/simtest"
	"atelier/poller"
	"atelier/store"
	"atelier/store/storetest"
	"atelier/ui/tab"
	"atelier/ui/video"
)

// TestVideoTasksMoveWhileAnotherTabShows: a task recorded before the UI
// started is resumed by the poller once the shell connects; its reports
// reach the Video tab through the events channel while Chat is showing,
// the status bar counts it running, then announces it done.
func TestVideoTasksMoveWhileAnotherTabShows(t *testing.T) {
	c := simtest.Client(t, simtest.Serve(t, sim.Options{Keys: map[string]string{"queue": "kq"}}, nil))
	st := storetest.Open(t, "")
	ctx := context.Background()
	h, err := c.SubmitVideo(ctx, client.VideoRequest{Path: "videoa/q1/text-to-video", Body: map[string]any{"prompt": "fog"}})
	if err != nil {
		t.Fatal(err)
	}
	_, err = st.AddVideoTask(ctx, store.VideoSubmission{RequestID: h.RequestID, Endpoint: h.Endpoint,
		Status: h.Status, StatusURL: h.StatusURL, ResponseURL: h.ResponseURL})
	if err != nil {
		t.Fatal(err)
	}
	p := poller.New(st, poller.Options{Schedule: func(time.Duration) time.Duration { return 0 }})
	defer p.Close()

	deps := testDeps(t)
	deps.Store = st // the poller is the Video tab's below: the test drains it, not the root
	deps.Connect = func(*store.Settings) (*client.Client, error) { return c, nil }
	m := New(deps)
	// Ticks of the running task's clock would come every second, forever:
	// here time stands still.
	m.tabs[tab.Video] = videoScreen(video.New(video.Options{Store: st, Poller: p, Tick: -1}))
	m = inTerminal(t, m)
	if m.active != tab.Chat || m.status.running != 1 {
		t.Fatalf("on tab %d, %d running", m.active, m.status.running)
	}
	if top := lines(m)[0]; !strings.Contains(top, "1 task running") {
		t.Errorf("top line %q", top)
	}
	for m.status.running > 0 {
		select {
		case e := <-p.Events(): // what the root drains
			m = send(t, m, eventMsg{msg: video.EventMsg(e)})
		case <-time.After(30 * time.Second): // a safety net: the reports come at once
			t.Fatalf("the poller went quiet:\n%s", screenText(m))
		}
	}
	if m.active != tab.Chat {
		t.Errorf("the tab changed to %d", m.active)
	}
	bottom := lines(m)[len(lines(m))-1]
	if !strings.Contains(bottom, "video "+h.RequestID[:8]+" done") {
		t.Errorf("bottom line %q", bottom)
	}
	m = send(t, m, tabtest.Press("alt+4"))
	if !strings.Contains(screenText(m), "✓ "+h.RequestID[:8]) {
		t.Errorf("the Video tab:\n%s", screenText(m))
	}
}
