package client

import (
	"context"
	"net/http"
	"testing"
	"time"
)

// Waits in tests have an end: a test that would otherwise hang on a stream
// that never ends fails instead, with a message naming what never came.

// testWait is how long a test waits for what should happen at once: ten
// seconds, or a third of the time left before the test binary's own
// deadline (so that boundRequests, at twice this, still ends first).
func testWait(t *testing.T) time.Duration {
	const most = 10 * time.Second
	if d, ok := t.Deadline(); ok {
		return min(most, time.Until(d)/3)
	}
	return most
}

// testContext is a context that ends after testWait, for calls whose hang
// would show as a context.DeadlineExceeded error.
func testContext(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), testWait(t))
	t.Cleanup(cancel)
	return ctx
}

// within runs f and fails the test when it has not returned after
// testWait. f must not call t.Fatal (it may run on another goroutine).
func within(t *testing.T, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	awaitClosed(t, done, what)
}

// awaitClosed fails the test when ch is not closed after testWait.
func awaitClosed(t *testing.T, ch <-chan struct{}, what string) {
	t.Helper()
	wait := testWait(t)
	timer := time.NewTimer(wait)
	defer timer.Stop()
	select {
	case <-ch:
	case <-timer.C:
		t.Fatalf("%s: still waiting after %s", what, wait)
	}
}

// closeAtEnd closes ended when the test ends, before the server that
// newTestClient started closes (call it after newTestClient): a handler
// that holds a stream open until the client hangs up also gives up on
// ended, so that a client that never hangs up fails the test instead of
// blocking the server's Close for ever.
func closeAtEnd(t *testing.T, ended chan struct{}) {
	t.Cleanup(func() { close(ended) })
}

// hungUp holds a handler until its client hangs up (true) or ended is
// closed at the end of the test (false; see closeAtEnd).
func hungUp(r *http.Request, ended <-chan struct{}) bool {
	select {
	case <-r.Context().Done():
		return true
	case <-ended:
		return false
	}
}

// boundRequests ends each request's context after twice testWait (so
// after any deadline a test sets on its own side). A handler that holds a
// stream open until the client hangs up then ends even if the client
// never hangs up: the client sees the reply end, and the test fails on
// what it got instead of hanging until the binary's timeout.
func boundRequests(t *testing.T, h http.Handler) http.Handler {
	bound := 2 * testWait(t)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), bound)
		defer cancel()
		h.ServeHTTP(w, r.WithContext(ctx))
	})
}
