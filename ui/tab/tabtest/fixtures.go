package tabtest

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"atelier/client"
	"atelier/client/sim"
	"atelier/store"
)

// OpenStore opens a store in dir (a fresh folder when dir is ""), closed
// when the test ends.
func OpenStore(t testing.TB, dir string) *store.Store {
	t.Helper()
	if dir == "" {
		dir = t.TempDir()
	}
	db, err := store.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// Must returns a function that hands on a value and fails the test on an
// error: tabtest.Must[int64](t)(db.NewConversation(…)).
func Must[T any](t testing.TB) func(T, error) T {
	return func(v T, err error) T {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}

// SimClient serves the simulator started with opts over loopback HTTP,
// behind wrap when it is not nil, and returns a client of it with a key
// for every group. Both are closed when the test ends.
func SimClient(t testing.TB, opts sim.Options, wrap func(http.Handler) http.Handler) *client.Client {
	t.Helper()
	s := sim.New(opts)
	t.Cleanup(s.Close)
	var h http.Handler = s
	if wrap != nil {
		h = wrap(s)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	c, err := client.New(srv.URL, client.Keys{Alpha: "ka", Beta: "kb", Gamma: "kg", Queue: "kq"})
	if err != nil {
		t.Fatal(err)
	}
	return c
}
