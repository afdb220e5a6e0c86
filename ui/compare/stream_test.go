package compare

import (
	"bytes"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"atelier/client"
	"atelier/client/sim"
	"atelier/store"
	"atelier/ui/tab/tabtest"
)

// TestLanesStreamApart runs four targets of three families against the
// simulator: beta answers 429 once then succeeds, gamma fails hard, and the
// second alpha target is held by the service until the tab has seen the
// three others end. Were one column's stream to wait on another's, the held
// one would never be answered and the test would time out.
func TestLanesStreamApart(t *testing.T) {
	t.Parallel()
	svc := newService(t)
	c := svc.client(t)
	c.Headers[client.Beta] = http.Header{"X-Sim-Fault": {"429x1:apart"}}
	c.Headers[client.Gamma] = http.Header{"X-Sim-Fault": {"unauthorized"}}
	othersEnded := make(chan struct{})
	var betaCalls atomic.Int32
	svc.hold = func(r *http.Request, body []byte) {
		if strings.Contains(r.URL.Path, "/beta/") {
			betaCalls.Add(1)
		}
		if bytes.Contains(body, []byte(`"model":"slow"`)) {
			select {
			case <-othersEnded:
			case <-r.Context().Done():
			case <-svc.quit:
			}
		}
	}
	h := newHarness(t, c)
	var once sync.Once
	h.after = func(h *harness) {
		if len(h.ends) == 3 {
			once.Do(func() { close(othersEnded) })
		}
	}
	const prompt = "explain CRDTs to a new engineer"
	h.m.targets = targets(t, "alpha:fast", "beta:b:temperature=0.5", "gamma:g", "alpha:slow:temperature=0")
	h.m.prompt = prompt
	h.Keys("ctrl+r")

	if len(h.ends) != 4 || h.ends[3] != 3 || !slices.Equal(slices.Sorted(slices.Values(h.ends[:3])), []int{0, 1, 2}) {
		t.Fatalf("columns ended in the order %v, want the held one (3) last", h.ends)
	}
	if n := betaCalls.Load(); n != 2 {
		t.Errorf("beta was asked %d times, want 2 (429, then success)", n)
	}
	want := sim.ReplyText(prompt)
	lanes := h.m.run.lanes
	for i, st := range []laneState{done, done, failed, done} {
		l := lanes[i]
		if l.state != st {
			t.Errorf("column %d: state %d, want %d (err %q)", i+1, l.state, st, l.err)
		}
		if st == done && (l.text != want || l.md.Text() != want || l.fig.out == 0 || l.fig.total <= 0 || l.fig.stop == "") {
			t.Errorf("column %d: text %d bytes (want %d), figures %+v", i+1, len(l.text), len(want), l.fig)
		}
	}
	if !strings.Contains(lanes[2].err, "401") {
		t.Errorf("gamma's error: %q", lanes[2].err)
	}
	h.m.SetSize(196, 36) // four columns wide enough for the replies' tables
	h.Send()
	v := h.view()
	if !hasAll(v, "✗ failed", "3 gamma · g", "4 alpha · slow", "TTFT", "tok/s", "run 1 of 1") {
		t.Errorf("view:\n%s", v)
	}
	if errs := h.Errors(); len(errs) != 0 {
		t.Errorf("a failing column is reported in its column, not the status bar: %v", errs)
	}

	conv := h.conversation()
	if conv.Kind != store.KindCompare || len(conv.Lanes) != 4 {
		t.Fatalf("recorded %s with %d lanes", conv.Kind, len(conv.Lanes))
	}
	var statuses []string
	for _, m := range conv.Messages {
		if m.Role == store.RoleUser {
			if m.Text != prompt {
				t.Errorf("prompt recorded %q", m.Text)
			}
			continue
		}
		statuses = append(statuses, m.Status)
		if m.Status == store.StatusComplete && (m.Text != want || m.Usage.OutputTokens == 0 || m.Total == 0) {
			t.Errorf("lane %d recorded %d bytes, usage %+v, total %v", m.Lane, len(m.Text), m.Usage, m.Total)
		}
	}
	wantStatus := []string{store.StatusComplete, store.StatusComplete, store.StatusError, store.StatusComplete}
	if !slices.Equal(statuses, wantStatus) {
		t.Errorf("recorded statuses %v, want %v", statuses, wantStatus)
	}
	if s := string(conv.Lanes[1].SettingsJSON); !strings.Contains(s, `"temperature":0.5`) {
		t.Errorf("lane 2 settings recorded as %s", s)
	}
}

// TestStopKeepsWhatCame: esc stops the column still streaming; the others
// are done, and history records it as interrupted.
func TestStopKeepsWhatCame(t *testing.T) {
	t.Parallel()
	svc := newService(t)
	svc.hold = func(r *http.Request, body []byte) {
		if strings.Contains(r.URL.Path, "/beta/") {
			svc.held(r) // until the tab gives up on it
		}
	}
	h := newHarness(t, svc.client(t))
	pressed := false
	h.after = func(h *harness) {
		if len(h.ends) == 1 && !pressed {
			pressed = true
			h.update(tabtest.Press("esc"))
		}
	}
	h.m.targets, h.m.prompt = targets(t, "alpha:a", "beta:b"), "hello"
	h.Keys("ctrl+r")
	if s := h.m.run.lanes; s[0].state != done || s[1].state != stopped {
		t.Fatalf("states %d and %d, want done and stopped", s[0].state, s[1].state)
	}
	if v := h.view(); !strings.Contains(v, "stopped before any text") {
		t.Errorf("view:\n%s", v)
	}
	conv := h.conversation()
	if st := conv.Messages[2].Status; st != store.StatusInterrupted {
		t.Errorf("the stopped reply is recorded %s", st)
	}
}

// TestNewRunDropsTheOld: ctrl+r while a run streams starts another; the
// old one's columns stop, its events are dropped, and history keeps both.
func TestNewRunDropsTheOld(t *testing.T) {
	t.Parallel()
	svc := newService(t)
	svc.hold = func(r *http.Request, body []byte) {
		if strings.Contains(r.URL.Path, "/beta/") && bytes.Contains(body, []byte("first")) {
			svc.held(r) // the first run's beta column never answers
		}
	}
	h := newHarness(t, svc.client(t))
	pressed := false
	h.after = func(h *harness) {
		if len(h.ends) == 1 && !pressed {
			pressed = true
			h.m.prompt = "second"
			h.update(tabtest.Press("ctrl+r"))
		}
	}
	h.m.targets, h.m.prompt = targets(t, "alpha:a", "beta:b"), "first"
	h.Keys("ctrl+r")
	h.NoErrors()
	if h.m.run.seq != 2 || h.m.run.lanes[0].state != done || h.m.run.lanes[1].state != done {
		t.Fatalf("run %d, states %d %d", h.m.run.seq, h.m.run.lanes[0].state, h.m.run.lanes[1].state)
	}
	if len(h.m.browser.items()) != 2 || !strings.Contains(h.view(), "run 2 of 2") {
		t.Fatalf("runs %v\n%s", h.m.browser.items(), h.view())
	}
	first, err := h.db.Conversation(t.Context(), h.m.browser.items()[0])
	if err != nil {
		t.Fatal(err)
	}
	if st := first.Messages[2].Status; st != store.StatusInterrupted {
		t.Errorf("the replaced run's beta reply is recorded %s", st)
	}
}
