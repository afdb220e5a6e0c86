package poller

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"atelier/client/sim"
	"atelier/internal/limits"
	"atelier/store"
)

// statusSays answers every status poll with the task's id and status word
// (none at all when it is empty), whatever the simulator would say, while
// say returns true for the time of the poll.
func statusSays(word string, say func() bool) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
			if !strings.HasSuffix(req.URL.Path, "/status") || !say() {
				next.ServeHTTP(w, req)
				return
			}
			id := strings.Split(req.URL.Path, "/")[len(strings.Split(req.URL.Path, "/"))-2]
			reply := map[string]any{"request_id": id, "queue_position": 0}
			if word != "" {
				reply["status"] = word
			}
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusAccepted)
			json.NewEncoder(w).Encode(reply)
		})
	}
}

// TestOddStatusesHaveAnEnd: a status never documented (PAUSED), or none at
// all, is recorded and shown as sent, and polled on; after
// limits.OddStatus of it in a row the task is failed with the reason, a
// poll after the limit, and Wait returns that failure.
func TestOddStatusesHaveAnEnd(t *testing.T) {
	for _, tc := range []struct{ word, reason string }{
		{"PAUSED", "unknown status PAUSED for 15 min"},
		{"", "status never reported for 15 min"},
	} {
		t.Run("status "+tc.word, func(t *testing.T) {
			r := newRig(t, sim.Options{Pace: time.Hour}, statusSays(tc.word, func() bool { return true }))
			task := r.submit(t, "videoa/q1/text-to-video", map[string]any{"prompt": "stillness"})
			p := NewSession(r.client(t, nil), r.st, Options{Clock: r.clk})
			ups := r.runPollers(t, 2*time.Hour, []int{1}, p)[0]

			last := ups[len(ups)-1]
			if !last.Done || !last.Failed || last.Err == nil || !strings.Contains(last.Err.Error(), tc.reason) {
				t.Fatalf("last update %+v", last)
			}
			if ups[0].Status != tc.word || ups[0].Done {
				t.Errorf("the first update shows %q, want the word as sent (%q)", ups[0].Status, tc.word)
			}
			v, err := r.st.VideoTask(context.Background(), task.RequestID)
			if err != nil {
				t.Fatal(err)
			}
			te := Failure(*v)
			if !v.Done || te == nil || v.Status != store.VideoFailed || te.Message != tc.reason {
				t.Fatalf("recorded %+v (failure %v)", v, te)
			}
			polls := r.hitsWhere("/status")
			first, end := polls[0].at, polls[len(polls)-1].at
			if took := end.Sub(first); took < limits.OddStatus || took > limits.OddStatus+slowestPoll {
				t.Fatalf("failed after %v of it, want %v to one poll more", took, limits.OddStatus)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second) // a safety net: Run has stopped
			defer cancel()
			if _, err := p.Wait(ctx, task.RequestID); err == nil || !strings.Contains(err.Error(), tc.reason) {
				t.Fatalf("Wait: %v", err)
			}
		})
	}
}

// slowestPoll is the longest wait between two polls of an old task.
const slowestPoll = 5 * time.Second * 6 / 5

// TestDocumentedStatusStartsTheCountAgain: PAUSED for most of the limit,
// IN_PROGRESS, then PAUSED again for most of it: the task is not failed,
// and completes.
func TestDocumentedStatusStartsTheCountAgain(t *testing.T) {
	var r *rig
	paused := func() bool {
		in := r.clk.Now().Sub(epoch)
		return in < limits.OddStatus-time.Minute || in > limits.OddStatus && in < 2*limits.OddStatus-time.Minute
	}
	r = newRig(t, sim.Options{Pace: 10 * time.Minute}, statusSays("PAUSED", paused))
	task := r.submit(t, "videoa/q1/text-to-video", map[string]any{"prompt": "stillness"})
	p := NewSession(r.client(t, nil), r.st, Options{Clock: r.clk})
	ups := r.runPollers(t, 2*time.Hour, []int{1}, p)[0]
	if last := ups[len(ups)-1]; !last.Done || last.Failed {
		t.Fatalf("last update %+v", last)
	}
	if v, _ := r.st.VideoTask(context.Background(), task.RequestID); !v.Done || v.Failed() || v.VideoPath == "" {
		t.Fatalf("recorded %+v", v)
	}
}
