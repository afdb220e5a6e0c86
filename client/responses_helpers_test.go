package client

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
)

// responsesCall is one request the fake gamma endpoint received.
type responsesCall struct {
	Method, Path, Auth, ContentType, Accept string
	Body                                    []byte
}

// responsesFake serves the responses endpoint: each call is recorded and
// answered by reply(w, n), n counting calls from 0.
type responsesFake struct {
	t     *testing.T
	mu    sync.Mutex
	calls []responsesCall
	reply func(w http.ResponseWriter, r *http.Request, n int)
}

func newResponsesFake(t *testing.T, reply func(w http.ResponseWriter, r *http.Request, n int)) (*Client, *responsesFake) {
	t.Helper()
	f := &responsesFake{t: t, reply: reply}
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		f.mu.Lock()
		n := len(f.calls)
		f.calls = append(f.calls, responsesCall{r.Method, r.URL.Path, r.Header.Get("Authorization"),
			r.Header.Get("Content-Type"), r.Header.Get("Accept"), body})
		f.mu.Unlock()
		if r.URL.Path != responsesPath {
			t.Errorf("request to %s, want %s", r.URL.Path, responsesPath)
		}
		f.reply(w, r, n)
	})
	c, _ := newTestClient(t, mux)
	return c, f
}

// Calls returns the requests received so far.
func (f *responsesFake) Calls() []responsesCall {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]responsesCall(nil), f.calls...)
}

// checkCall asserts what every request to the endpoint must carry and
// returns the decoded body.
func (f *responsesFake) checkCall(i int) map[string]any {
	f.t.Helper()
	calls := f.Calls()
	if i >= len(calls) {
		f.t.Fatalf("got %d calls, want call %d", len(calls), i)
	}
	c := calls[i]
	if c.Method != http.MethodPost || c.Path != responsesPath {
		f.t.Errorf("call %d: %s %s, want POST %s", i, c.Method, c.Path, responsesPath)
	}
	if want := "Bearer " + testKeys.Gamma; c.Auth != want {
		f.t.Errorf("call %d: Authorization %q, want %q", i, c.Auth, want)
	}
	if c.ContentType != "application/json" {
		f.t.Errorf("call %d: Content-Type %q", i, c.ContentType)
	}
	var body map[string]any
	if err := json.Unmarshal(c.Body, &body); err != nil {
		f.t.Fatalf("call %d: body is not JSON: %v: %s", i, err, c.Body)
	}
	return body
}

// responsesServeJSON answers with status and body as JSON.
func responsesServeJSON(w http.ResponseWriter, status int, body []byte) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

// responsesServeSSE answers with body as an event stream.
func responsesServeSSE(w http.ResponseWriter, body []byte) {
	w.Header().Set("Content-Type", "text/event-stream")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(body)
}

// responsesFrames splits a recorded stream into its frames (each with its
// blank line), so tests can reorder, repeat or cut them.
func responsesFrames(stream []byte) [][]byte {
	var out [][]byte
	for f := range bytes.SplitSeq(stream, []byte("\n\n")) {
		if len(bytes.TrimSpace(f)) > 0 {
			out = append(out, append(append([]byte(nil), f...), '\n', '\n'))
		}
	}
	return out
}

// responsesFrame makes one frame from a data object.
func responsesFrame(data string) []byte {
	var probe struct {
		Type string `json:"type"`
	}
	_ = json.Unmarshal([]byte(data), &probe)
	return []byte("event: " + probe.Type + "\ndata: " + data + "\n\n")
}

// responsesRun streams req against a fake that serves stream, and returns
// the events, the accumulator fed with them, and the error the stream ended
// with.
func responsesRun(t *testing.T, stream []byte) ([]ResponseEvent, *ResponseAccumulator, error) {
	t.Helper()
	c, _ := newResponsesFake(t, func(w http.ResponseWriter, _ *http.Request, _ int) { responsesServeSSE(w, stream) })
	return responsesCollect(t, c, responsesTestRequest())
}

func responsesCollect(t *testing.T, c *Client, req ResponseRequest) ([]ResponseEvent, *ResponseAccumulator, error) {
	t.Helper()
	var evs []ResponseEvent
	acc := &ResponseAccumulator{}
	for ev, err := range c.StreamResponse(t.Context(), req) {
		if err != nil {
			return evs, acc, err
		}
		evs = append(evs, ev)
		_ = acc.Add(ev) // the stream reports failures itself
	}
	return evs, acc, nil
}

func responsesTestRequest() ResponseRequest {
	return ResponseRequest{Model: "gamma-model", Input: ResponseInputText("What is the weather in Oslo?")}
}

// responsesJoin concatenates frames.
func responsesJoin(frames ...[]byte) []byte { return bytes.Join(frames, nil) }

// responsesNoKey fails when err's text holds any configured key.
func responsesNoKey(t *testing.T, err error) {
	t.Helper()
	if err == nil {
		return
	}
	for _, g := range Groups {
		if k := testKeys.For(g); strings.Contains(err.Error(), k) {
			t.Errorf("error text holds the %s key: %v", g, err)
		}
	}
}
