package batch

import (
	"context"
	"net/http"
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

// watch wraps the simulator to see what reaches it: requests per family,
// how many run at once, the clock at each arrival and the status sent.
// It can also hold requests: the first of a family until a second arrives
// (proof that two run at once), or every request after a number (to kill
// a run with a known state).
type watch struct {
	next  http.Handler
	clock client.Clock // nil: no times noted

	mu        sync.Mutex
	inFlight  map[string]int
	most      map[string]int
	requests  map[string]int
	arrivals  []arrival
	pairUp    string        // a family whose first two requests wait for each other
	paired    chan struct{} // closed when the second of pairUp arrived
	passed    int
	passFirst int           // with holdAll: requests let through before holding
	holdAll   bool          // hold every request after passFirst until its client goes
	held      int           // requests held right now
	heldCh    chan int      // the number held, at each change
	release   chan struct{} // closed: holding ends
	once      sync.Once
}

// stopHolding lets every held request through, and holds no more.
func (w *watch) stopHolding() {
	w.once.Do(func() {
		w.mu.Lock()
		w.holdAll = false
		w.mu.Unlock()
		close(w.release)
	})
}

type arrival struct {
	family string
	at     time.Time
	body   string
	status int
}

func newWatch(next http.Handler, clock client.Clock) *watch {
	return &watch{next: next, clock: clock, inFlight: map[string]int{}, most: map[string]int{}, requests: map[string]int{},
		paired: make(chan struct{}), heldCh: make(chan int, 1000), release: make(chan struct{})}
}

func (w *watch) ServeHTTP(rw http.ResponseWriter, r *http.Request) {
	fam := strings.SplitN(strings.TrimPrefix(r.URL.Path, "/bypass/"), "/", 2)[0]
	w.mu.Lock()
	w.requests[fam]++
	w.inFlight[fam]++
	w.most[fam] = max(w.most[fam], w.inFlight[fam])
	n := w.requests[fam]
	w.passed++
	hold := w.holdAll && w.passed > w.passFirst
	w.mu.Unlock()
	// The body is read first: the server notices a client gone (and ends
	// the request's context) only once the body has been read.
	body := bodyOf(r)
	w.mu.Lock()
	if hold {
		w.held++
		w.heldCh <- w.held
	}
	w.mu.Unlock()
	defer func() {
		w.mu.Lock()
		w.inFlight[fam]--
		w.mu.Unlock()
	}()
	if hold {
		select { // until the client is killed, or holding ends
		case <-r.Context().Done():
			w.mu.Lock()
			w.held--
			w.mu.Unlock()
			return
		case <-w.release:
		}
	}
	if fam == w.pairUp && n <= 2 {
		if n == 2 {
			close(w.paired)
		}
		select {
		case <-w.paired:
		case <-r.Context().Done():
			return
		}
	}
	rec := &statusWriter{ResponseWriter: rw, status: 200}
	var at time.Time
	if w.clock != nil {
		at = w.clock.Now()
	}
	w.next.ServeHTTP(rec, r)
	w.mu.Lock()
	w.arrivals = append(w.arrivals, arrival{family: fam, at: at, body: body, status: rec.status})
	w.mu.Unlock()
}

// bodyOf reads r's body and puts it back for the simulator.
func bodyOf(r *http.Request) string {
	var b strings.Builder
	buf := make([]byte, 32<<10)
	for {
		n, err := r.Body.Read(buf)
		b.Write(buf[:n])
		if err != nil {
			break
		}
	}
	r.Body = readCloser{strings.NewReader(b.String())}
	return b.String()
}

type readCloser struct{ *strings.Reader }

func (readCloser) Close() error { return nil }

type statusWriter struct {
	http.ResponseWriter
	status int
}

func (s *statusWriter) WriteHeader(code int) {
	s.status = code
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusWriter) Flush() {
	if f, ok := s.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// newSim starts a simulator behind w and returns a client for it.
func newSim(t testing.TB, opts sim.Options, wrap func(http.Handler) http.Handler) (*client.Client, string) {
	t.Helper()
	var w *watch
	url := simtest.Serve(t, opts, func(s http.Handler) http.Handler {
		if wrap == nil {
			return s
		}
		h := wrap(s)
		w, _ = h.(*watch)
		return h
	})
	if w != nil {
		t.Cleanup(w.stopHolding) // before the server closes, or it waits for them
	}
	return newClient(t, url), url
}

func newClient(t testing.TB, url string) *client.Client { return simtest.Client(t, url) }

func openStore(t testing.TB, dir string) *store.Store {
	t.Helper()
	return storetest.Open(t, dir)
}

// testCtx ends a little before the test's deadline, so that a hang fails
// with a report instead of a panic.
func testCtx(t *testing.T) context.Context {
	ctx := context.Background()
	if d, ok := t.Deadline(); ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, d.Add(-5*time.Second))
		t.Cleanup(cancel)
	}
	return ctx
}
