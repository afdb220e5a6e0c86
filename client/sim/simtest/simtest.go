// Package simtest serves the simulator (client/sim) over loopback HTTP for
// tests, as net/http/httptest serves a handler: the batch runner's tests
// and the tabs' share it.
package simtest

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"atelier/client"
	"atelier/client/sim"
)

// Serve starts the simulator with opts behind wrap (when it is not nil)
// on a loopback server and returns the server's URL. Both are closed when
// the test ends, the server first.
func Serve(t testing.TB, opts sim.Options, wrap func(http.Handler) http.Handler) string {
	t.Helper()
	s := sim.New(opts)
	t.Cleanup(s.Close)
	var h http.Handler = s
	if wrap != nil {
		h = wrap(s)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv.URL
}

// Client is a client of url with a key for every group.
func Client(t testing.TB, url string) *client.Client {
	t.Helper()
	c, err := client.New(url, client.Keys{Alpha: "ka", Beta: "kb", Gamma: "kg", Queue: "kq"})
	if err != nil {
		t.Fatal(err)
	}
	return c
}
