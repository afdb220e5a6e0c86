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

// maxStreamSeed is the largest seed addStreamSeeds adds. The fuzzer
// minimizes, byte by byte, every input that finds new coverage; a few
// kilobytes of stream there cost it most of its time (FuzzResponseEvent
// ran 80 inputs in 20 s on the joined fixtures, FuzzBetaChunk 207).
const maxStreamSeed = 1 << 10

// addStreamSeeds adds each fixture file matching pattern (under the
// top-level testdata) to the fuzz corpus: whole when it is small, else its
// first events up to maxStreamSeed; and each of its data lines on its own.
// It returns the data lines of each file, one slice per file.
func addStreamSeeds(f *testing.F, pattern string) [][][]byte {
	f.Helper()
	files, _ := filepath.Glob(filepath.Join("..", "testdata", pattern))
	var all [][][]byte
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(firstEvents(b, maxStreamSeed))
		var lines [][]byte
		for line := range bytes.Lines(b) {
			if data, ok := bytes.CutPrefix(bytes.TrimSpace(line), []byte("data: ")); ok {
				f.Add(data)
				lines = append(lines, data)
			}
		}
		all = append(all, lines)
	}
	return all
}

// firstEvents is b when it is at most n bytes, else its whole events (or
// lines, in a file of no blank lines) that fit in n, at least one.
func firstEvents(b []byte, n int) []byte {
	if len(b) <= n {
		return b
	}
	end := 0
	for i := 0; i < len(b); {
		next := bytes.Index(b[i:], []byte("\n\n"))
		if next < 0 {
			next = len(b) - i
		} else {
			next += 2
		}
		if end > 0 && i+next > n {
			break
		}
		i += next
		end = i
	}
	return b[:end]
}
