package poller

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"atelier/client"
	"atelier/client/sim"
	"atelier/client/sim/simtest"
	"atelier/store"
	"atelier/store/storetest"
)

// fakeClock is simulated time: it moves only when a test sets it.
type fakeClock struct {
	mu     sync.Mutex
	now    time.Time
	timers []fakeTimer
}

type fakeTimer struct {
	at time.Time
	c  chan time.Time
}

// epoch is where simulated time starts.
var epoch = time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)

func newFakeClock() *fakeClock { return &fakeClock{now: epoch} }

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) After(d time.Duration) <-chan time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	ch := make(chan time.Time, 1)
	if d <= 0 {
		ch <- c.now
		return ch
	}
	c.timers = append(c.timers, fakeTimer{at: c.now.Add(d), c: ch})
	return ch
}

// set moves the clock to t and fires the timers due by then.
func (c *fakeClock) set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if t.After(c.now) {
		c.now = t
	}
	c.timers = slices.DeleteFunc(c.timers, func(ft fakeTimer) bool {
		if ft.at.After(c.now) {
			return false
		}
		ft.c <- c.now
		return true
	})
}

// driver runs pollers on a fake clock: whenever every poller waits with
// nothing in flight, it moves the clock to the earliest time one of them
// waits for. No real time passes; the run is as fast as the requests.
type driver struct {
	clk  *fakeClock
	idle chan idleAt
	n    int

	// What each poller last reported, kept from one runTo to the next.
	waits  []time.Time
	asleep []bool
}

type idleAt struct {
	i    int
	wake time.Time
}

func newDriver(clk *fakeClock) *driver { return &driver{clk: clk, idle: make(chan idleAt)} }

// attach makes p report to the driver; call it before p runs.
func (d *driver) attach(ctx context.Context, p *Session) {
	i := d.n
	d.n++
	d.waits, d.asleep = append(d.waits, time.Time{}), append(d.asleep, false)
	p.idle = func(wake time.Time) {
		select {
		case d.idle <- idleAt{i, wake}:
		case <-ctx.Done():
		}
	}
}

// run drives until no poller has anything left to do, failing past limit
// of simulated time.
func (d *driver) run(t testing.TB, limit time.Duration) {
	t.Helper()
	if !d.runTo(d.clk.Now().Add(limit)) {
		t.Fatalf("still polling after %s of simulated time", limit)
	}
}

// runTo drives until no poller has anything left to do (true), or until
// one waits for a time past end (false): a paused poller never has
// nothing to do.
func (d *driver) runTo(end time.Time) bool {
	wake, idle := d.waits, d.asleep
	for {
		for slices.Contains(idle, false) {
			m := <-d.idle
			idle[m.i], wake[m.i] = true, m.wake
		}
		var next time.Time
		for _, w := range wake {
			if !w.IsZero() && (next.IsZero() || w.Before(next)) {
				next = w
			}
		}
		if next.IsZero() {
			return true
		}
		if next.After(end) {
			return false
		}
		d.clk.set(next)
		for i, w := range wake {
			if !w.IsZero() && !w.After(next) {
				idle[i] = false
			}
		}
	}
}

// poked tells the driver that poller i was woken from outside (a task
// added, the pause read again): it reports again before the clock moves.
func (d *driver) poked(i int) { d.asleep[i] = false }

// hit is one request the service saw, at simulated time.
type hit struct {
	at     time.Time
	method string
	path   string
	rng    string // the Range header
	code   int    // the reply's status code
}

// codeWriter keeps the status code a handler answers with.
type codeWriter struct {
	http.ResponseWriter
	code int
}

func (w *codeWriter) WriteHeader(code int) {
	if w.code == 0 {
		w.code = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *codeWriter) Write(b []byte) (int, error) {
	if w.code == 0 {
		w.code = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}

func (w *codeWriter) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// rig is a simulator on a fake clock, served over loopback HTTP under a
// path prefix (so the task URLs are absolute and carry it), a store in a
// temporary directory, and a client for submissions.
type rig struct {
	clk *fakeClock
	url string // the service's, behind /gw
	st  *store.Store
	c   *client.Client // submits; the pollers get their own

	mu   sync.Mutex
	hits []hit
}

const queueKey = "kq"

// newRig serves a simulator with opts (Clock set to the rig's); wrap, when
// set, stands between the network and the simulator.
func newRig(t testing.TB, opts sim.Options, wrap func(http.Handler) http.Handler) *rig {
	t.Helper()
	r := &rig{clk: newFakeClock()}
	opts.Clock = r.clk.Now
	opts.Keys = map[string]string{"queue": queueKey}
	if opts.ValidateVideo == nil {
		opts.ValidateVideo = sim.TableRules
	}
	url := simtest.Serve(t, opts, func(s http.Handler) http.Handler {
		h := s
		if wrap != nil {
			h = wrap(s)
		}
		mux := http.NewServeMux()
		mux.Handle("/gw/", http.StripPrefix("/gw", http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
			at := r.clk.Now()
			cw := &codeWriter{ResponseWriter: w}
			defer func() {
				r.mu.Lock()
				r.hits = append(r.hits, hit{at: at, method: req.Method, path: req.URL.Path, rng: req.Header.Get("Range"), code: cw.code})
				r.mu.Unlock()
			}()
			h.ServeHTTP(cw, req)
		})))
		return mux
	})
	r.url = url + "/gw"
	r.c = r.client(t, nil)
	r.st = storetest.Open(t, "")
	return r
}

// client returns a client of the rig's service sending extra headers.
func (r *rig) client(t testing.TB, headers http.Header) *client.Client {
	t.Helper()
	c, err := client.New(r.url, client.Keys{Queue: queueKey})
	if err != nil {
		t.Fatal(err)
	}
	c.Backoff = func(int) time.Duration { return 0 }
	if headers != nil {
		c.Headers = map[client.Group]http.Header{client.Queue: headers}
	}
	return c
}

// submit creates a task on the simulator now and records it, as the
// command line does.
func (r *rig) submit(t testing.TB, path string, body map[string]any) store.VideoTask {
	t.Helper()
	ctx := context.Background()
	h, err := r.c.SubmitVideo(ctx, client.VideoRequest{Path: path, Body: body})
	if err != nil {
		t.Fatal(err)
	}
	_, err = r.st.AddVideoTask(ctx, store.VideoSubmission{RequestID: h.RequestID, Endpoint: h.Endpoint,
		Family: h.Family, Status: h.Status, QueuePosition: h.QueuePosition, StatusURL: h.StatusURL,
		ResponseURL: h.ResponseURL, CancelURL: h.CancelURL, ResponseJSON: h.Raw, SubmittedAt: r.clk.Now()})
	if err != nil {
		t.Fatal(err)
	}
	v, err := r.st.VideoTask(ctx, h.RequestID)
	if err != nil {
		t.Fatal(err)
	}
	return *v
}

// hitsWhere returns the requests whose path contains part.
func (r *rig) hitsWhere(part string) []hit {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []hit
	for _, h := range r.hits {
		if strings.Contains(h.path, part) {
			out = append(out, h)
		}
	}
	return out
}

// runPollers runs each poller on the rig's clock until none has anything
// left to do and the listener of poller i has heard that ends[i] tasks
// ended (done, or given up for the run); then it stops them and returns
// every update each sent.
func (r *rig) runPollers(t testing.TB, limit time.Duration, ends []int, ps ...*Session) [][]Update {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	d := newDriver(r.clk)
	got := make([][]Update, len(ps))
	heard := make([]chan struct{}, len(ps))
	var wg sync.WaitGroup
	for i, p := range ps {
		d.attach(ctx, p)
		heard[i] = make(chan struct{})
		wg.Add(2)
		go func() {
			defer wg.Done()
			if err := p.Run(ctx); err != context.Canceled {
				t.Errorf("Run: %v", err)
			}
		}()
		go func() {
			defer wg.Done()
			left := ends[i]
			if left == 0 {
				close(heard[i])
			}
			for u := range p.Updates() {
				got[i] = append(got[i], u)
				if u.Done || u.Err != nil && u.Retry.IsZero() { // done, or given up
					if left--; left == 0 {
						close(heard[i])
					}
				}
			}
		}()
	}
	d.run(t, limit)
	for i, h := range heard {
		select {
		case <-h:
		case <-time.After(30 * time.Second): // a safety net, not a wait: the updates are queued already
			t.Fatalf("poller %d: the listener never heard of %d ended tasks", i, ends[i])
		}
	}
	cancel()
	wg.Wait()
	return got
}
