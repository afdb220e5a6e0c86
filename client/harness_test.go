package client

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// basePath is where test servers mount the service, so that a request built
// with an absolute path instead of one under the base URL fails loudly.
const basePath = "/gw"

// testKeys are distinct per group so tests can tell which one was sent.
var testKeys = Keys{Alpha: "alpha-secret-key", Beta: "beta-secret-key", Gamma: "gamma-secret-key", Queue: "queue-secret-key"}

// newTestClient serves mux under basePath and returns a client for it with
// retries that do not wait.
func newTestClient(t *testing.T, mux http.Handler) (*Client, *httptest.Server) {
	t.Helper()
	outer := http.NewServeMux()
	outer.Handle(basePath+"/", http.StripPrefix(basePath, boundRequests(t, mux)))
	outer.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		t.Errorf("request outside the base path: %s %s", r.Method, r.URL)
		http.Error(w, "outside base path", http.StatusNotFound)
	})
	srv := httptest.NewServer(outer)
	t.Cleanup(srv.Close)
	c, err := New(srv.URL+basePath, testKeys)
	if err != nil {
		t.Fatal(err)
	}
	c.Backoff = func(int) time.Duration { return 0 }
	return c, srv
}

// fixture reads a file from the top-level testdata folder.
func fixture(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// addStreamSeeds adds each fixture file matching pattern (under the
// top-level testdata) to the fuzz corpus whole, and each of its data lines
// on its own; it returns the data lines of every file.
func addStreamSeeds(f *testing.F, pattern string) [][]byte {
	f.Helper()
	files, _ := filepath.Glob(filepath.Join("..", "testdata", pattern))
	var all [][]byte
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
		for line := range bytes.Lines(b) {
			if data, ok := bytes.CutPrefix(bytes.TrimSpace(line), []byte("data: ")); ok {
				f.Add(data)
				all = append(all, data)
			}
		}
	}
	return all
}
