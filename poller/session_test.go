package poller

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"atelier/assets"
	"atelier/client"
	"atelier/client/sim"
	"atelier/client/sim/simtest"
	"atelier/internal/testsize"
	"atelier/store"
)

// pace is one step of a simulated task: three in the queue, four
// rendering, so a task takes 14 s of simulated time.
const pace = 2 * time.Second

func endpoint(t testing.TB, path string) client.VideoEndpoint {
	t.Helper()
	e, _, err := client.LookupVideoEndpoint(path)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// checkSaved checks that the task is done with the simulator's video saved
// whole, and no partial file left behind.
func checkSaved(t *testing.T, st *store.Store, id string) store.VideoTask {
	t.Helper()
	v, err := st.VideoTask(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	if !v.Done || v.Failed() || v.Status != client.VideoCompleted || v.VideoPath == "" {
		t.Fatalf("task %s: done %v, failed %v, status %q, path %q", id, v.Done, v.Failed(), v.Status, v.VideoPath)
	}
	abs, err := st.MediaPath(v.VideoPath)
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(abs)
	if err != nil || !bytes.Equal(b, assets.DemoMP4()) || v.DownloadedBytes != int64(len(b)) {
		t.Fatalf("saved video: %d bytes (recorded %d), %v", len(b), v.DownloadedBytes, err)
	}
	left, _ := filepath.Glob(filepath.Join(st.MediaDir(), ".partial", "*"))
	if len(left) > 0 {
		t.Errorf("partial files left: %v", left)
	}
	return *v
}

func TestTaskToVideoInEveryReplyForm(t *testing.T) {
	for _, path := range []string{
		"videoa/q1/text-to-video",            // form A
		"videoa/q3/reference-to-video/turbo", // form A2
		"videob/o3/pro/text-to-video",        // form B
		"videoc3.1/fast",                     // form C: the status carries the result
	} {
		t.Run(path, func(t *testing.T) {
			r := newRig(t, sim.Options{Pace: pace}, nil)
			task := r.submit(t, path, simtest.VideoBody(endpoint(t, path), "a lighthouse in fog"))
			p := NewSession(r.client(t, nil), r.st, Options{Clock: r.clk})
			ups := r.runPollers(t, time.Minute, []int{1}, p)[0]

			v := checkSaved(t, r.st, task.RequestID)
			var seen []string
			for _, e := range v.Events {
				s := e.Status
				if e.QueuePosition != nil && s == client.VideoInQueue {
					s += string(rune('0' + *e.QueuePosition))
				}
				seen = append(seen, s)
			}
			for _, want := range []string{"IN_QUEUE2", "IN_QUEUE1", "IN_QUEUE0", "IN_PROGRESS", "COMPLETED"} {
				if !slices.Contains(seen, want) {
					t.Errorf("events %v: no %s", seen, want)
				}
			}
			if len(v.LogsJSON) == 0 || !strings.Contains(string(v.LogsJSON), "render") {
				t.Errorf("logs not recorded: %s", v.LogsJSON)
			}
			last := ups[len(ups)-1]
			if !last.Done || last.Failed || last.Err != nil || !strings.HasSuffix(last.VideoPath, ".mp4") {
				t.Errorf("last update %+v", last)
			}
			if !slices.ContainsFunc(ups, func(u Update) bool { return u.Status == client.VideoInProgress && len(u.Logs) > 0 }) {
				t.Errorf("no IN_PROGRESS update with logs in %+v", ups)
			}
			// Completion (at 14 s) is noticed within one interval of the schedule.
			polls := r.hitsWhere("/status")
			firstDone := slices.IndexFunc(polls, func(h hit) bool { return h.code == http.StatusOK })
			if firstDone < 0 || polls[firstDone].at.Sub(epoch) > 14*time.Second+2100*time.Millisecond {
				t.Errorf("completion noticed at %v", polls[firstDone].at.Sub(epoch))
			}
			if n := len(r.hitsWhere("/sim/media/")); n != 1 {
				t.Errorf("%d downloads", n)
			}
		})
	}
}

func TestFailedTaskIsRecordedWithItsDetail(t *testing.T) {
	for _, path := range []string{"videoa/q1/text-to-video", "videob/o3/standard/text-to-video", "videoc3.1/fast"} {
		t.Run(path, func(t *testing.T) {
			r := newRig(t, sim.Options{Pace: pace}, nil)
			task := r.submit(t, path, simtest.VideoBody(endpoint(t, path), "a storm [[fail]]"))
			p := NewSession(r.client(t, nil), r.st, Options{Clock: r.clk})
			ups := r.runPollers(t, time.Minute, []int{1}, p)[0]

			v, err := r.st.VideoTask(context.Background(), task.RequestID)
			if err != nil {
				t.Fatal(err)
			}
			if !v.Done || !v.Failed() || v.VideoPath != "" {
				t.Fatalf("done %v failed %v path %q", v.Done, v.Failed(), v.VideoPath)
			}
			var rec map[string]any
			if err := json.Unmarshal(v.FailureJSON, &rec); err != nil || rec["type"] != "content_policy_violation" {
				t.Fatalf("failure record %s", v.FailureJSON)
			}
			te := Failure(*v)
			if te == nil || te.Type != "content_policy_violation" || !strings.Contains(te.Message, "[[fail]]") {
				t.Fatalf("Failure = %+v", te)
			}
			last := ups[len(ups)-1]
			var got *client.TaskError
			if !last.Done || !last.Failed || !errors.As(last.Err, &got) || got.RequestID != task.RequestID {
				t.Fatalf("last update %+v", last)
			}
			if n := len(r.hitsWhere("/sim/media/")); n != 0 {
				t.Errorf("%d downloads of a failed task", n)
			}
		})
	}
}

// TestFaultsWhilePolling: 429s and 5xx replies to status polls are waited
// out (the Retry-After the service asks for, else a growing backoff),
// shown as updates, and the task still ends with its video.
func TestFaultsWhilePolling(t *testing.T) {
	tests := []struct {
		fault   string
		code    int
		minWait time.Duration // before the next request
	}{
		{"429x2", http.StatusTooManyRequests, time.Second}, // the simulator sends Retry-After: 1
		{"500x3", http.StatusInternalServerError, time.Duration(0.8 * float64(backoffFirst))},
		{"overloadedx2", http.StatusServiceUnavailable, time.Duration(0.8 * float64(backoffFirst))},
	}
	for _, tt := range tests {
		t.Run(tt.fault, func(t *testing.T) {
			r := newRig(t, sim.Options{Pace: pace}, nil)
			task := r.submit(t, "videob/o3/pro/text-to-video", map[string]any{"prompt": "kites"})
			c := r.client(t, http.Header{"X-Sim-Fault": {tt.fault}})
			p := NewSession(c, r.st, Options{Clock: r.clk})
			ups := r.runPollers(t, time.Minute, []int{1}, p)[0]
			checkSaved(t, r.st, task.RequestID)

			hits := r.hitsWhere("/queue/")
			faults := 0
			for i, h := range hits {
				if h.code != tt.code {
					continue
				}
				faults++
				if i+1 < len(hits) && hits[i+1].at.Sub(h.at) < tt.minWait {
					t.Errorf("request %d came %v after a %d", i+1, hits[i+1].at.Sub(h.at), h.code)
				}
			}
			if want := int(tt.fault[len(tt.fault)-1] - '0'); faults != want {
				t.Errorf("%d replies %d, want %d", faults, tt.code, want)
			}
			var ae *client.APIError
			i := slices.IndexFunc(ups, func(u Update) bool { return errors.As(u.Err, &ae) && !u.Retry.IsZero() })
			if i < 0 || ae.Status != tt.code {
				t.Errorf("no update telling of the %d: %+v", tt.code, ups)
			}
		})
	}
}

// TestUnknownStatusIsShownAsSent: a status word the protocol does not name
// is recorded and shown as it came, and polling goes on.
func TestUnknownStatusIsShownAsSent(t *testing.T) {
	var r *rig
	r = newRig(t, sim.Options{Pace: pace}, func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
			if strings.HasSuffix(req.URL.Path, "/status") && r.clk.Now().Sub(epoch) < 5*time.Second {
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(http.StatusAccepted)
				w.Write([]byte(`{"status":"WARMING_UP","detail":{"message":"the runner pool is warming up"}}`))
				return
			}
			next.ServeHTTP(w, req)
		})
	})
	task := r.submit(t, "videoa/q1/text-to-video", map[string]any{"prompt": "dunes"})
	p := NewSession(r.client(t, nil), r.st, Options{Clock: r.clk})
	ups := r.runPollers(t, time.Minute, []int{1}, p)[0]

	v := checkSaved(t, r.st, task.RequestID)
	if !slices.ContainsFunc(v.Events, func(e store.VideoEvent) bool { return e.Status == "WARMING_UP" }) {
		t.Errorf("WARMING_UP not recorded: %+v", v.Events)
	}
	if !slices.ContainsFunc(ups, func(u Update) bool { return u.Status == "WARMING_UP" && u.Err == nil }) {
		t.Errorf("WARMING_UP not shown: %+v", ups)
	}
}

// TestDownloadResumesAfterACut: the first download is cut halfway; the
// next asks for the rest only, and the saved file is whole.
func TestDownloadResumesAfterACut(t *testing.T) {
	mp4 := assets.DemoMP4()
	cut := true
	r := newRig(t, sim.Options{Pace: pace}, func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
			if strings.HasPrefix(req.URL.Path, "/sim/media/") && cut {
				cut = false
				w.Header().Set("Content-Length", "6755")
				w.Header().Set("Content-Type", "video/mp4")
				w.Write(mp4[:len(mp4)/2])
				w.(http.Flusher).Flush()
				panic(http.ErrAbortHandler)
			}
			next.ServeHTTP(w, req)
		})
	})
	task := r.submit(t, "videob/o3/4k/text-to-video", map[string]any{"prompt": "waves"})
	p := NewSession(r.client(t, nil), r.st, Options{Clock: r.clk})
	ups := r.runPollers(t, time.Minute, []int{1}, p)[0]

	checkSaved(t, r.st, task.RequestID)
	media := r.hitsWhere("/sim/media/")
	if len(media) != 2 || media[0].rng != "" || media[1].rng != "bytes=3377-" {
		t.Fatalf("downloads %+v", media)
	}
	if !slices.ContainsFunc(ups, func(u Update) bool { return u.Downloaded > 0 && !u.Done }) {
		t.Errorf("no progress update: %+v", ups)
	}
}

// TestDownloadOfAnExpiredURL: a media URL that no longer answers (404) is
// replaced by fetching the result again.
func TestDownloadOfAnExpiredURL(t *testing.T) {
	gone := true
	r := newRig(t, sim.Options{Pace: pace}, func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
			if strings.HasPrefix(req.URL.Path, "/sim/media/") && gone {
				gone = false
				http.NotFound(w, req)
				return
			}
			next.ServeHTTP(w, req)
		})
	})
	task := r.submit(t, "videoa/q1/text-to-video", map[string]any{"prompt": "rain"})
	p := NewSession(r.client(t, nil), r.st, Options{Clock: r.clk})
	r.runPollers(t, time.Minute, []int{1}, p)

	checkSaved(t, r.st, task.RequestID)
	results := 0
	for _, h := range r.hitsWhere("/requests/") {
		if !strings.HasSuffix(h.path, "/status") {
			results++
		}
	}
	if results != 2 || len(r.hitsWhere("/sim/media/")) != 2 {
		t.Fatalf("%d result fetches, %d downloads", results, len(r.hitsWhere("/sim/media/")))
	}
}

// TestVideoOverTheSizeCapIsAFailedDownload: the service completed the
// task; its video, over the cap, is not kept, and the task says so.
func TestVideoOverTheSizeCapIsAFailedDownload(t *testing.T) {
	r := newRig(t, sim.Options{Pace: pace}, nil)
	task := r.submit(t, "videoa/q1/text-to-video", map[string]any{"prompt": "a very long film"})
	p := NewSession(r.client(t, nil), r.st, Options{Clock: r.clk, MaxVideoBytes: 1000})
	r.runPollers(t, time.Minute, []int{1}, p)

	v, _ := r.st.VideoTask(context.Background(), task.RequestID)
	if de := DownloadFailure(*v); !v.Done || v.Failed() || de == nil || !strings.Contains(de.Reason, "larger than the 1000-byte cap") {
		t.Fatalf("done %v, failed %v, download failure %+v", v.Done, v.Failed(), de)
	}
	left, _ := filepath.Glob(filepath.Join(r.st.MediaDir(), "*", "*"))
	if len(left) > 0 {
		t.Errorf("files left: %v", left)
	}
}

// TestThousandPendingTasks: every task is polled to its end, and however
// many are due, no second of simulated time holds more requests than the
// budget. 200 tasks in the default run (four times what the budget lets
// through in a second), a thousand with ATELIER_TEST_LARGE=1.
func TestThousandPendingTasks(t *testing.T) {
	t.Parallel()
	const rate = 50
	tasks := testsize.Pick(t, 200, 1000)
	r := newRig(t, sim.Options{Pace: pace}, nil)
	ids := make([]string, tasks)
	for i := range ids {
		ids[i] = r.submit(t, "videoa/q1/text-to-video", map[string]any{"prompt": "frame " + string(rune('a'+i%26))}).RequestID
	}
	p := NewSession(r.client(t, nil), r.st, Options{Clock: r.clk, Concurrency: 8, MaxRequestsPerSecond: rate})
	r.runPollers(t, 2*time.Hour, []int{tasks}, p)

	left, err := r.st.UnfinishedVideoTasks(context.Background())
	if err != nil || len(left) != 0 {
		t.Fatalf("%d tasks left, %v", len(left), err)
	}
	for _, id := range ids[:10] {
		checkSaved(t, r.st, id)
	}
	r.mu.Lock()
	hits := slices.Clone(r.hits)
	r.mu.Unlock()
	hits = slices.DeleteFunc(hits, func(h hit) bool { return h.method == http.MethodPost })
	slices.SortFunc(hits, func(a, b hit) int { return a.at.Compare(b.at) })
	busiest := 0
	for i, j := 0, 0; i < len(hits); i++ {
		for j < len(hits) && hits[j].at.Sub(hits[i].at) < time.Second {
			j++
		}
		busiest = max(busiest, j-i)
	}
	if busiest > rate {
		t.Errorf("%d requests within one second; the budget is %d", busiest, rate)
	}
	if n := len(r.hitsWhere("/sim/media/")); n != tasks {
		t.Errorf("%d downloads for %d tasks", n, tasks)
	}
	t.Logf("%d requests, at most %d in a second, over %v of simulated time", len(hits), busiest, hits[len(hits)-1].at.Sub(epoch))
}

// TestTwoPollersOnOneDataDirectory: the TUI and `atelier video wait` may
// follow the same tasks at once; each video is still downloaded once.
func TestTwoPollersOnOneDataDirectory(t *testing.T) {
	r := newRig(t, sim.Options{Pace: pace}, nil)
	var ids []string
	for _, prompt := range []string{"one", "two", "three"} {
		ids = append(ids, r.submit(t, "videoa/q1/text-to-video", map[string]any{"prompt": prompt}).RequestID)
	}
	a := NewSession(r.client(t, nil), r.st, Options{Clock: r.clk})
	b := NewSession(r.client(t, nil), r.st, Options{Clock: r.clk})
	ups := r.runPollers(t, time.Minute, []int{3, 3}, a, b)

	for _, id := range ids {
		checkSaved(t, r.st, id)
	}
	if n := len(r.hitsWhere("/sim/media/")); n != len(ids) {
		t.Errorf("%d downloads of %d videos", n, len(ids))
	}
	for i, us := range ups {
		for _, u := range us {
			if u.Done && u.VideoPath == "" {
				t.Errorf("poller %d: done without the video's path: %+v", i, u)
			}
		}
	}
}
