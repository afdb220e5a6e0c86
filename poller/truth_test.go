package poller

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"atelier/assets"
	"atelier/client"
	"atelier/client/sim"
	"atelier/store"
)

// live is one session running on its own driver over the rig's clock,
// its updates kept, for tests that act on it while it runs.
type live struct {
	s      *Session
	d      *driver
	ups    chan Update
	cancel context.CancelFunc
	wg     sync.WaitGroup
}

func (r *rig) start(t *testing.T, opts Options) *live {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	opts.Clock = r.clk
	l := &live{s: NewSession(r.client(t, nil), r.st, opts), d: newDriver(r.clk), ups: make(chan Update, 1000), cancel: cancel}
	l.d.attach(ctx, l.s)
	l.wg.Add(2)
	go func() {
		defer l.wg.Done()
		l.s.Run(ctx)
	}()
	go func() {
		defer l.wg.Done()
		for u := range l.s.Updates() {
			l.ups <- u
		}
	}()
	t.Cleanup(l.stop)
	return l
}

// resume lifts the queue's pause, wakes the session as SetPaused's
// caller does, and drives it until it has nothing left to do.
func (l *live) resume(t *testing.T, r *rig) {
	t.Helper()
	if err := SetPaused(context.Background(), r.st, false); err != nil {
		t.Fatal(err)
	}
	l.s.Wake()
	l.d.poked(0)
	l.d.run(t, time.Hour)
}

// stop ends the session, as a quit does.
func (l *live) stop() {
	l.cancel()
	l.wg.Wait()
}

// heard reads updates until one matches, and returns it.
func (l *live) heard(t *testing.T, what string, match func(Update) bool) Update {
	t.Helper()
	for {
		select {
		case u := <-l.ups:
			if match(u) {
				return u
			}
		case <-time.After(30 * time.Second): // a safety net, not a wait: the update is queued already
			t.Fatalf("never heard %s", what)
		}
	}
}

// TestFailedDownloadIsNotDone: a task the service completed whose video
// is refused, is not a video, or is cut short past the retries, is not
// done: it is recorded as a failed download with the reason (no file,
// listed "download failed", Wait's error says so); cleared with the
// server fixed, the same running poller fetches it again, whole.
func TestFailedDownloadIsNotDone(t *testing.T) {
	mp4 := assets.DemoMP4()
	for _, tc := range []struct {
		name   string
		broken http.HandlerFunc
		reason string
		tries  int // media requests before the failure is recorded
	}{
		{"refused", func(w http.ResponseWriter, req *http.Request) {
			http.Error(w, "forbidden", http.StatusForbidden)
		}, "the media server refused the video", 2}, // the URL, then a fresh one: a refusal may be an expired URL
		{"not a video", func(w http.ResponseWriter, req *http.Request) {
			w.Header().Set("Content-Type", "video/mp4") // it says so; its bytes say otherwise
			w.Write([]byte("<!DOCTYPE html><html><body>Please sign in</body></html>"))
		}, "not a video: the server sent text/html", 1},
		{"cut short", func(w http.ResponseWriter, req *http.Request) {
			w.Header().Set("Content-Length", "6755")
			w.Header().Set("Content-Type", "video/mp4")
			w.Write(mp4[:len(mp4)/2])
			w.(http.Flusher).Flush()
			panic(http.ErrAbortHandler)
		}, "gave up after 3 failed attempts", 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var broken atomic.Bool
			broken.Store(true)
			r := newRig(t, sim.Options{Pace: pace}, func(next http.Handler) http.Handler {
				return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
					if strings.HasPrefix(req.URL.Path, "/sim/media/") && broken.Load() {
						tc.broken(w, req)
						return
					}
					next.ServeHTTP(w, req)
				})
			})
			task := r.submit(t, "videoa/q1/text-to-video", map[string]any{"prompt": "harbour"})
			l := r.start(t, Options{MaxAttempts: 3})
			l.d.run(t, time.Hour)

			ctx := context.Background()
			v, err := r.st.VideoTask(ctx, task.RequestID)
			if err != nil {
				t.Fatal(err)
			}
			if !v.Done || v.Failed() || !v.DownloadFailed() || v.Status != client.VideoCompleted ||
				!strings.Contains(v.DownloadError, tc.reason) || v.VideoPath != "" {
				t.Fatalf("recorded %+v, want a failed download saying %q", v, tc.reason)
			}
			if n := len(r.hitsWhere("/sim/media/")); n != tc.tries {
				t.Fatalf("%d downloads, want %d", n, tc.tries)
			}
			if f := Failure(*v); f != nil {
				t.Fatalf("the service's task is not a failure: %v", f)
			}
			u := l.heard(t, "the end", func(u Update) bool { return u.Done })
			var de *DownloadError
			if u.Failed || !errors.As(u.Err, &de) || !strings.Contains(de.Reason, tc.reason) {
				t.Fatalf("last update %+v", u)
			}
			if _, err := l.s.Wait(ctx, task.RequestID); !errors.As(err, &de) || !strings.Contains(err.Error(), "download failed: ") {
				t.Fatalf("Wait: %v", err)
			}
			items, err := r.st.Items(ctx, store.ItemFilter{Kind: store.KindVideo, Status: store.VideoDownloadFailed})
			if err != nil || len(items) != 1 || store.StatusWord(items[0].Status) != store.WordDownloadFailed {
				t.Fatalf("listed %+v, %v", items, err)
			}
			if _, err := r.st.RetryVideoDownload(ctx, "no-such-task"); !errors.Is(err, store.ErrNotFound) {
				t.Fatalf("retry of an unknown task: %v", err)
			}

			broken.Store(false)
			again, err := r.st.RetryVideoDownload(ctx, task.RequestID)
			if err != nil || again.Done || again.DownloadFailed() {
				t.Fatalf("retry: %+v, %v", again, err)
			}
			l.s.Retry(*again)
			l.d.poked(0)
			l.d.run(t, time.Hour)
			checkSaved(t, r.st, task.RequestID)
			if _, err := r.st.RetryVideoDownload(ctx, task.RequestID); !errors.Is(err, store.ErrNoFailedDownload) {
				t.Fatalf("retry of a saved video: %v", err)
			}
		})
	}
}

// TestPauseHoldsEveryRequestAcrossARestart: while the queue is paused no
// request reaches the service, in this run and the next (the pause is in
// the store); the listener hears that the task is held; resumed, the same
// poller follows the task to its saved video.
func TestPauseHoldsEveryRequestAcrossARestart(t *testing.T) {
	r := newRig(t, sim.Options{Pace: pace}, nil)
	ctx := context.Background()
	if err := SetPaused(ctx, r.st, true); err != nil {
		t.Fatal(err)
	}
	task := r.submit(t, "videob/o3/4k/text-to-video", map[string]any{"prompt": "tide"})

	first := r.start(t, Options{})
	if first.d.runTo(r.clk.Now().Add(5 * time.Minute)) {
		t.Fatal("a paused poller had nothing left to do")
	}
	first.heard(t, "that the task is held", func(u Update) bool { return u.Paused && u.RequestID == task.RequestID })
	first.stop()
	if hits := r.hitsWhere("/requests/"); len(hits) != 0 {
		t.Fatalf("%d requests while paused: %+v", len(hits), hits)
	}

	second := r.start(t, Options{}) // a restart: the pause holds
	if second.d.runTo(r.clk.Now().Add(5 * time.Minute)) {
		t.Fatal("a paused poller had nothing left to do after a restart")
	}
	if hits := r.hitsWhere("/requests/"); len(hits) != 0 {
		t.Fatalf("%d requests while paused, after a restart: %+v", len(hits), hits)
	}
	if paused, err := Paused(ctx, r.st); err != nil || !paused {
		t.Fatalf("paused %v, %v", paused, err)
	}

	resumedAt := r.clk.Now()
	second.resume(t, r)
	checkSaved(t, r.st, task.RequestID)
	hits := r.hitsWhere("/requests/")
	if len(hits) == 0 || hits[0].at.Before(resumedAt) {
		t.Fatalf("requests %+v, want the first at or after the resume (%s)", hits, resumedAt)
	}
}

// TestRetryAsTheTaskEnds: a retry that arrives while the task's last
// request is still to settle (its end told, the dispatcher not yet back)
// is not lost: once settled, the task is followed again from its record.
func TestRetryAsTheTaskEnds(t *testing.T) {
	r := newRig(t, sim.Options{Pace: pace}, nil)
	task := r.submit(t, "videoa/q1/text-to-video", map[string]any{"prompt": "quay"})
	p := NewSession(r.client(t, nil), r.st, Options{Clock: r.clk})
	w := &watch{task: task, step: stepDownload, ended: true, handle: &client.VideoTask{RequestID: task.RequestID}}
	p.watched[task.RequestID] = w // in flight: its end told, not yet settled

	again := task
	again.Status = client.VideoCompleted
	p.Retry(again)
	p.intake()
	if len(p.due) != 0 {
		t.Fatal("watched again before the last request settled")
	}
	p.settle(w)
	if p.finished[task.RequestID] || p.watched[task.RequestID] == nil || p.watched[task.RequestID] == w || len(p.due) != 1 {
		t.Fatalf("after settling: finished %v, watched %v, %d due", p.finished[task.RequestID], p.watched[task.RequestID], len(p.due))
	}
	if nw := p.watched[task.RequestID]; nw.step != stepResult {
		t.Fatalf("followed again at step %d, want the result fetched again (a fresh URL)", nw.step)
	}

	// Without a retry, a settled end is final.
	p2 := NewSession(r.client(t, nil), r.st, Options{Clock: r.clk})
	w2 := &watch{task: task, step: stepDownload, ended: true}
	p2.watched[task.RequestID] = w2
	p2.settle(w2)
	if !p2.finished[task.RequestID] || p2.watched[task.RequestID] != nil {
		t.Fatal("an ended task is followed on")
	}
}

// TestPauseStopsADownloadInFlight: pausing while a video downloads stops
// the download at once (its partial file kept); resumed, it goes on from
// where it stopped, and the video is whole.
func TestPauseStopsADownloadInFlight(t *testing.T) {
	mp4 := assets.DemoMP4()
	started, stopped := make(chan struct{}), make(chan struct{})
	var first atomic.Bool
	first.Store(true)
	r := newRig(t, sim.Options{Pace: pace}, func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
			if strings.HasPrefix(req.URL.Path, "/sim/media/") && first.CompareAndSwap(true, false) {
				w.Header().Set("Content-Length", "6755")
				w.Header().Set("Content-Type", "video/mp4")
				w.Write(mp4[:len(mp4)/2])
				w.(http.Flusher).Flush()
				close(started)
				<-req.Context().Done() // stalls until the poller lets go
				close(stopped)
				return
			}
			next.ServeHTTP(w, req)
		})
	})
	task := r.submit(t, "videoa/q1/text-to-video", map[string]any{"prompt": "pier"})
	l := r.start(t, Options{})
	drove := make(chan bool, 1)
	go func() { drove <- l.d.runTo(r.clk.Now().Add(10 * time.Minute)) }()
	select {
	case <-started:
	case <-time.After(30 * time.Second): // a safety net, not a wait
		t.Fatal("the download never started")
	}
	l.heard(t, "bytes saved", func(u Update) bool { return u.Downloaded > 0 }) // in the partial file
	ctx := context.Background()
	if err := SetPaused(ctx, r.st, true); err != nil {
		t.Fatal(err)
	}
	l.s.Wake()
	select {
	case <-stopped:
	case <-time.After(30 * time.Second): // a safety net, not a wait
		t.Fatal("the download went on while paused")
	}
	if done := <-drove; done {
		t.Fatal("a paused poller had nothing left to do")
	}
	media := len(r.hitsWhere("/sim/media/"))
	if media != 1 {
		t.Fatalf("%d downloads while paused", media)
	}

	l.resume(t, r)
	checkSaved(t, r.st, task.RequestID)
	if hits := r.hitsWhere("/sim/media/"); len(hits) != 2 || hits[1].rng == "" {
		t.Fatalf("downloads %+v, want the second to resume with a Range", hits)
	}
}
