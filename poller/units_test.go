package poller

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"testing"
	"time"

	"atelier/client"
	"atelier/client/sim"
	"atelier/client/sim/simtest"
	"atelier/store"
	"atelier/store/storetest"
)

func TestIntervalRisesAndJitterStaysWithin(t *testing.T) {
	tests := []struct {
		age  time.Duration
		want time.Duration
	}{
		{0, time.Second},
		{9 * time.Second, time.Second},
		{15 * time.Second, 1900 * time.Millisecond},
		{20 * time.Second, 2800 * time.Millisecond},
		{90 * time.Second, 2800 * time.Millisecond},
		{210 * time.Second, 3900 * time.Millisecond},
		{time.Hour, 5 * time.Second},
	}
	for _, tt := range tests {
		if got := interval(tt.age); got != tt.want {
			t.Errorf("interval(%v) = %v, want %v", tt.age, got, tt.want)
		}
		for range 100 {
			if d := DefaultSchedule(tt.age); d < tt.want*8/10 || d > tt.want*12/10 {
				t.Fatalf("DefaultSchedule(%v) = %v, outside ±20%% of %v", tt.age, d, tt.want)
			}
		}
	}
	if b := backoff(30); b > backoffMax*12/10 {
		t.Errorf("backoff(30) = %v", b)
	}
}

func TestPacerSpacesRequestsAndHolds(t *testing.T) {
	p := newPacer(4)
	if _, ok := p.take(epoch); !ok {
		t.Fatal("the first request waits")
	}
	next, ok := p.take(epoch.Add(100 * time.Millisecond))
	if ok || !next.Equal(epoch.Add(250*time.Millisecond)) {
		t.Fatalf("second request: %v %v", next, ok)
	}
	if _, ok := p.take(next); !ok {
		t.Fatal("the token is not ready when promised")
	}
	p.hold(epoch.Add(5 * time.Second)) // a 429's Retry-After
	if next, ok := p.take(epoch.Add(time.Second)); ok || !next.Equal(epoch.Add(5*time.Second)) {
		t.Fatalf("held: %v %v", next, ok)
	}
}

func TestUpdateQueueKeepsTheLatestPerTask(t *testing.T) {
	q := newUpdateQueue()
	q.push(Update{RequestID: "a", Status: "IN_QUEUE"})
	q.push(Update{RequestID: "b", Status: "IN_QUEUE"})
	q.push(Update{RequestID: "a", Status: "IN_PROGRESS"})
	q.push(Update{RequestID: "a", Status: "COMPLETED", Done: true})
	var got []Update
	for u, ok := q.pop(); ok; u, ok = q.pop() {
		got = append(got, u)
	}
	if len(got) != 2 || got[0].RequestID != "a" || !got[0].Done || got[1].RequestID != "b" {
		t.Fatalf("%+v", got)
	}
}

func TestLogLinesOfEveryForm(t *testing.T) {
	tests := []struct {
		raw  string
		want string // the last line's message
	}{
		{`{"status":"IN_PROGRESS","logs":[{"message":"a"},{"message":"b","level":"INFO"}]}`, "b"},
		{`{"status":"IN_PROGRESS","logs":{"entries":[{"message":"c"}]}}`, "c"},
		{`{"status":"IN_PROGRESS","logs":{"note":"free text"}}`, `{"note":"free text"}`},
		{`{"status":"IN_PROGRESS","logs":null}`, ""},
	}
	for _, tt := range tests {
		var h client.VideoTask
		if err := json.Unmarshal([]byte(tt.raw), &h); err != nil {
			t.Fatal(err)
		}
		lines := logLines(&h)
		got := ""
		if len(lines) > 0 {
			got = lines[len(lines)-1].Message
		}
		if got != tt.want {
			t.Errorf("%s: last line %q, want %q", tt.raw, got, tt.want)
		}
	}
}

func FuzzLogLines(f *testing.F) {
	f.Add([]byte(`{"logs":[{"message":"a"}]}`))
	f.Add([]byte(`{"logs":{"entries":[{"message":"c","level":3}],"x":[1]}}`))
	f.Add([]byte(`{"logs":"text"}`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		var h client.VideoTask
		if json.Unmarshal(raw, &h) != nil {
			return
		}
		logLines(&h)
		Failure(store.VideoTask{RequestID: "r", FailureJSON: raw})
	})
}

func TestFailureOfAnyRecord(t *testing.T) {
	tests := []struct {
		rec      string
		typ, msg string
	}{
		{`{"status":"COMPLETED","type":"content_policy_violation","message":"flagged","detail":[{"msg":"flagged"}]}`, "content_policy_violation", "flagged"},
		{`{"error":"written by another program"}`, "", `{"error":"written by another program"}`},
		{`"plain"`, "", `"plain"`},
	}
	for _, tt := range tests {
		te := Failure(store.VideoTask{RequestID: "r", Status: "COMPLETED", FailureJSON: json.RawMessage(tt.rec)})
		if te == nil || te.Type != tt.typ || te.Message != tt.msg || te.RequestID != "r" {
			t.Errorf("%s: %+v", tt.rec, te)
		}
	}
	if Failure(store.VideoTask{RequestID: "r"}) != nil {
		t.Error("a task that did not fail has a failure")
	}
}

// realRig is a simulator at full speed (tasks complete at once) and a
// store, for the tests that run a poller on the real clock.
func realRig(t *testing.T, keys client.Keys) (*client.Client, *client.Client, *store.Store) {
	t.Helper()
	url := simtest.Serve(t, sim.Options{Keys: map[string]string{"queue": queueKey}}, nil)
	submit, _ := client.New(url, client.Keys{Queue: queueKey})
	poll, _ := client.New(url, keys)
	return submit, poll, storetest.Open(t, "")
}

func record(t *testing.T, c *client.Client, st *store.Store, prompt string) store.VideoTask {
	t.Helper()
	ctx := context.Background()
	h, err := c.SubmitVideo(ctx, client.VideoRequest{Path: "videoa/q1/text-to-video", Body: map[string]any{"prompt": prompt}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.AddVideoTask(ctx, store.VideoSubmission{RequestID: h.RequestID, Endpoint: h.Endpoint,
		StatusURL: h.StatusURL, ResponseURL: h.ResponseURL}); err != nil {
		t.Fatal(err)
	}
	v, _ := st.VideoTask(ctx, h.RequestID)
	return *v
}

// TestAddAndWait: a task submitted while the poller runs is added, and
// Wait returns it saved; waiting again returns at once from the store.
func TestAddAndWait(t *testing.T) {
	submit, poll, st := realRig(t, client.Keys{Queue: queueKey})
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	p := NewSession(poll, st, Options{Schedule: quickSchedule})
	ran := make(chan error, 1)
	go func() { ran <- p.Run(ctx) }()

	task := record(t, submit, st, "added while running")
	p.Add(task)
	v, err := p.Wait(ctx, task.RequestID)
	if err != nil || !v.Done || v.VideoPath == "" {
		t.Fatalf("Wait: %+v, %v", v, err)
	}
	if v2, err := p.Wait(ctx, task.RequestID); err != nil || v2.VideoPath != v.VideoPath {
		t.Fatalf("Wait again: %v", err)
	}
	if _, err := p.Wait(ctx, "no-such-task"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("Wait for an unknown task: %v", err)
	}
	cancel()
	if err := <-ran; !errors.Is(err, context.Canceled) {
		t.Fatalf("Run: %v", err)
	}
	if err := p.Run(context.Background()); err == nil {
		t.Fatal("Run ran twice")
	}
}

// TestWaitReturnsWhenStuck: a task that cannot be followed for now (here,
// a wrong key) ends Wait with the reason, while the poller keeps it.
func TestWaitReturnsWhenStuck(t *testing.T) {
	submit, poll, st := realRig(t, client.Keys{Queue: "wrong"})
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	task := record(t, submit, st, "never seen")
	p := NewSession(poll, st, Options{Schedule: quickSchedule})
	ran := make(chan error, 1)
	go func() { ran <- p.Run(ctx) }()
	defer func() { cancel(); <-ran }()
	_, err := p.Wait(ctx, task.RequestID)
	var ae *client.APIError
	if !errors.As(err, &ae) || ae.Status != http.StatusUnauthorized {
		t.Fatalf("Wait: %v", err)
	}
	if v, _ := st.VideoTask(ctx, task.RequestID); v.Done {
		t.Fatal("a stuck task was given up")
	}
}

// TestRunEndsWhenTheStoreCannotBeRead: Run returns the error, and the
// listener's channel is closed.
func TestRunEndsWhenTheStoreCannotBeRead(t *testing.T) {
	_, poll, st := realRig(t, client.Keys{Queue: queueKey})
	st.Close()
	p := NewSession(poll, st, Options{})
	if err := p.Run(context.Background()); err == nil {
		t.Fatal("Run read a closed store")
	}
	if _, ok := <-p.Updates(); ok {
		t.Fatal("an update from a poller that never started")
	}
}
