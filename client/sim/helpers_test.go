package sim

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode"
)

// The tests speak to the simulator over real HTTP with only net/http and
// encoding/json: they must not share code with package client.

// basePath is where tests mount the simulator, so that links it hands out
// must carry the prefix a wrapping handler stripped.
const basePath = "/gw"

var testKeys = map[string]string{"alpha": "alpha-key", "beta": "beta-key", "gamma": "gamma-key", "queue": "queue-key"}

// fakeClock is a settable clock for video progress.
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func newFakeClock() *fakeClock {
	return &fakeClock{now: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// testSim serves a simulator under basePath and returns it with the server.
func testSim(t *testing.T, opts Options) (*Server, *httptest.Server) {
	t.Helper()
	if opts.Keys == nil {
		opts.Keys = testKeys
	}
	if opts.Clock == nil {
		opts.Clock = newFakeClock().Now
	}
	s := New(opts)
	mux := http.NewServeMux()
	mux.Handle(basePath+"/", http.StripPrefix(basePath, s))
	srv := httptest.NewServer(mux)
	t.Cleanup(func() {
		srv.Close()
		s.Close()
	})
	return s, srv
}

// authHeader sets the preferred credential header of group g.
func authHeader(h http.Header, g, key string) {
	switch g {
	case "alpha":
		h.Set("X-Api-Key", key)
	case "beta":
		h.Set("X-Beta-Api-Key", key)
	case "gamma":
		h.Set("Authorization", "Bearer "+key)
	case "queue":
		h.Set("Authorization", "Key "+key)
	}
}

// groupOf tells a path's endpoint group.
func groupOf(path string) string {
	for _, g := range []string{"alpha", "beta", "gamma"} {
		if strings.HasPrefix(path, "/bypass/"+g+"/") {
			return g
		}
	}
	return "queue"
}

// send makes a request with the right key for path's group; body may be a
// string, []byte or any value to encode as JSON. Extra headers come in
// name, value pairs; an empty value removes the header.
func send(t *testing.T, srv *httptest.Server, method, path string, body any, headers ...string) (*http.Response, []byte) {
	t.Helper()
	resp := open(t, srv, method, path, body, headers...)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("%s %s: reading body: %v", method, path, err)
	}
	return resp, b
}

// open is send without reading the body.
func open(t *testing.T, srv *httptest.Server, method, path string, body any, headers ...string) *http.Response {
	t.Helper()
	var r io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		r = strings.NewReader(b)
	case []byte:
		r = bytes.NewReader(b)
	default:
		j, err := json.Marshal(b)
		if err != nil {
			t.Fatal(err)
		}
		r = bytes.NewReader(j)
	}
	url, rel := path, strings.TrimPrefix(path, srv.URL+basePath)
	if strings.HasPrefix(path, "/") {
		url = srv.URL + basePath + path
	}
	req, err := http.NewRequest(method, url, r)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	g := groupOf(rel)
	authHeader(req.Header, g, testKeys[g])
	for i := 0; i+1 < len(headers); i += 2 {
		if headers[i+1] == "" {
			req.Header.Del(headers[i])
		} else {
			req.Header.Set(headers[i], headers[i+1])
		}
	}
	resp, err := srv.Client().Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	return resp
}

// decodeJSON unmarshals b into a generic map, failing the test otherwise.
func decodeJSON(t *testing.T, b []byte) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("not a JSON object: %v\n%.400s", err, b)
	}
	return m
}

// event is one server-sent event as the test reads it.
type event struct {
	name string
	data string
}

// readEvents is a tiny SSE reader: event and data lines, blank line ends
// an event. It returns what arrived and the read error, if any.
func readEvents(r io.Reader) ([]event, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1<<20), 256<<20)
	var out []event
	var cur event
	var data []string
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "":
			if len(data) > 0 || cur.name != "" {
				cur.data = strings.Join(data, "\n")
				out = append(out, cur)
			}
			cur, data = event{}, nil
		case strings.HasPrefix(line, "event: "):
			cur.name = strings.TrimPrefix(line, "event: ")
		case strings.HasPrefix(line, "data: "):
			data = append(data, strings.TrimPrefix(line, "data: "))
		}
	}
	return out, sc.Err()
}

// stream posts body and reads the whole event stream, which must succeed.
func stream(t *testing.T, srv *httptest.Server, path string, body any, headers ...string) []event {
	t.Helper()
	resp := open(t, srv, http.MethodPost, path, body, headers...)
	defer resp.Body.Close()
	if resp.StatusCode != 200 {
		b, _ := io.ReadAll(resp.Body)
		t.Fatalf("POST %s: %d %s", path, resp.StatusCode, b)
	}
	if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/event-stream") {
		t.Fatalf("Content-Type %q, want text/event-stream", ct)
	}
	evs, err := readEvents(resp.Body)
	if err != nil {
		t.Fatalf("reading stream: %v", err)
	}
	return evs
}

// data decodes an event's data, which must be a JSON object.
func (e event) json(t *testing.T) map[string]any {
	t.Helper()
	return decodeJSON(t, []byte(e.data))
}

// tokens is the test's own copy of the documented tokenizer.
func tokens(s string) int {
	n, inWord := 0, false
	for _, r := range s {
		word := r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r)
		switch {
		case word && !inWord:
			n++
		case !word && !unicode.IsSpace(r):
			n++
		}
		inWord = word
	}
	return n
}

// num reads a JSON number at a path of keys.
func num(t *testing.T, m map[string]any, keys ...string) int {
	t.Helper()
	return int(digAs[float64](t, "a number", m, keys...))
}

// str reads a JSON string at a path of keys.
func str(t *testing.T, m map[string]any, keys ...string) string {
	t.Helper()
	return digAs[string](t, "a string", m, keys...)
}

// digAs reads the value at a path of keys, which must be a T (what, in
// the failure's words).
func digAs[T any](t *testing.T, what string, m map[string]any, keys ...string) T {
	t.Helper()
	v := dig(t, m, keys...)
	x, ok := v.(T)
	if !ok {
		t.Fatalf("%v: %v is not %s", keys, v, what)
	}
	return x
}

// dig walks objects by key.
func dig(t *testing.T, m map[string]any, keys ...string) any {
	t.Helper()
	var v any = m
	for _, k := range keys {
		obj, ok := v.(map[string]any)
		if !ok {
			t.Fatalf("%v: %q is not inside an object (%v)", keys, k, v)
		}
		v = obj[k]
	}
	return v
}

// list reads a JSON array at a path of keys.
func list(t *testing.T, m map[string]any, keys ...string) []any {
	t.Helper()
	return digAs[[]any](t, "an array", m, keys...)
}
