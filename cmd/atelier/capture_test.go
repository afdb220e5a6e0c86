package main

import (
	"bytes"
	"cmp"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"atelier/client/sim"
	"atelier/cmd/atelier/internal/clitest"
)

// capture is a simulator that keeps every request it is sent, so a test
// can read the exact JSON a command put on the wire.
type capture struct {
	url    string
	config string // config.toml for the runs; none when empty
	mu     sync.Mutex
	sent   []sentRequest
}

type sentRequest struct {
	path, contentType string
	body              []byte
}

func newCapture(t *testing.T) *capture {
	t.Helper()
	s := sim.New(sim.Options{ValidateVideo: sim.TableRules})
	c := &capture{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		c.mu.Lock()
		c.sent = append(c.sent, sentRequest{path: r.URL.Path, contentType: r.Header.Get("Content-Type"), body: b})
		c.mu.Unlock()
		r.Body = io.NopCloser(bytes.NewReader(b))
		s.ServeHTTP(w, r)
	}))
	t.Cleanup(func() { srv.Close(); s.Close() })
	c.url = srv.URL
	return c
}

// requests are the requests sent so far.
func (c *capture) requests() []sentRequest {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]sentRequest(nil), c.sent...)
}

// first is the body of the first request sent, decoded; the test fails
// when nothing was sent.
func (c *capture) first(t *testing.T) map[string]any {
	t.Helper()
	reqs := c.requests()
	if len(reqs) == 0 {
		t.Fatal("nothing was sent")
	}
	var m map[string]any
	if err := json.Unmarshal(reqs[0].body, &m); err != nil {
		t.Fatalf("%s: body is not a JSON object: %v\n%s", reqs[0].path, err, reqs[0].body)
	}
	return m
}

// runIn runs the command line against c in a child process (runChild),
// with a data directory of its own and the prompt on stdin.
func (c *capture) runIn(t *testing.T, stdin string, args ...string) result {
	t.Helper()
	return c.runHome(t, t.TempDir(), stdin, args...)
}

// runner runs the command line on the data directory home (runHome with
// no stdin), for a test whose commands follow one another on one history.
func (c *capture) runner(t *testing.T, home string) func(args ...string) result {
	return func(args ...string) result {
		t.Helper()
		return c.runHome(t, home, "", args...)
	}
}

// runHome is runIn with the data directory home. These tests are about
// what is sent, printed and kept, so the command runs in the child built
// without the race detector, at a person's speed; the race detector
// watches the command line's concurrent paths where they run in this
// process (runIn: blind comparisons, lanes, the TUI's live views).
func (c *capture) runHome(t *testing.T, home, stdin string, args ...string) result {
	t.Helper()
	env := []string{
		"ATELIER_BASE_URL=" + c.url, "ATELIER_HOME=" + home, "ATELIER_CONFIG=" + cmp.Or(c.config, t.TempDir()+"/none.toml"),
		"ATELIER_ALPHA_KEY=ka", "ATELIER_BETA_KEY=kb", "ATELIER_GAMMA_KEY=kg", "ATELIER_QUEUE_KEY=kq",
	}
	r := runChild(t, env, clitest.Child{Clock: "real", Stdin: strings.NewReader(stdin)}, args...)
	if r.OutBytes > int64(len(r.Stdout)) {
		t.Fatalf("atelier %s printed %d bytes, more than a test reads", clitest.ClipArgs(args), r.OutBytes)
	}
	return result{stdout: r.Stdout, stderr: r.Stderr, code: r.Code}
}

// canonical is JSON text with keys sorted and no spaces, for comparing
// what was sent with what a test expects.
func canonical(t *testing.T, v any) string {
	t.Helper()
	if s, ok := v.(string); ok {
		var x any
		if err := json.Unmarshal([]byte(s), &x); err != nil {
			t.Fatalf("bad expected JSON %s: %v", s, err)
		}
		v = x
	}
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
