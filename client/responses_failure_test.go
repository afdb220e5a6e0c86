package client

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

// responsesReply is one canned HTTP reply.
type responsesReply struct {
	status  int
	headers map[string]string
	body    string
}

func TestResponsesHTTPErrors(t *testing.T) {
	t.Parallel()
	ok := responsesReply{status: http.StatusOK}
	badParam := responsesReply{http.StatusBadRequest, map[string]string{"x-request-id": "req_abc"},
		`{"error":{"message":"Invalid value for 'temperature'.","type":"invalid_request_error","param":"temperature","code":"invalid_value"}}`}
	tooLong := responsesReply{http.StatusBadRequest, nil,
		`{"error":{"message":"Your input exceeds the context window of this model.","type":"invalid_request_error","param":"input","code":"context_length_exceeded"}}`}
	badKey := responsesReply{http.StatusUnauthorized, nil,
		`{"error":{"message":"Incorrect API key provided: gamma-secret-key.","type":"invalid_request_error","param":null,"code":"invalid_api_key"}}`}
	limited := responsesReply{http.StatusTooManyRequests, map[string]string{"Retry-After": "0.01"},
		`{"error":{"message":"Rate limit reached","type":"requests","param":null,"code":"rate_limit_exceeded"}}`}
	longWait := responsesReply{http.StatusTooManyRequests, map[string]string{"Retry-After": "120"},
		`{"error":{"message":"Rate limit reached","type":"requests","param":null,"code":"rate_limit_exceeded"}}`}
	overloaded := responsesReply{529, nil, `{"error":{"message":"Overloaded","type":"overloaded_error","param":null,"code":null}}`}
	broken := responsesReply{http.StatusInternalServerError, nil,
		`{"error":{"message":"The server had an error","type":"server_error","param":null,"code":null}}`}

	for _, tc := range []struct {
		name    string
		replies []responsesReply // the last one repeats
		calls   int
		check   func(t *testing.T, e *APIError) // nil: success
	}{
		{"400 names the field and the request id", []responsesReply{badParam}, 1, func(t *testing.T, e *APIError) {
			if e.Status != 400 || e.Type != "invalid_request_error" || e.Code != "invalid_value" || e.Param != "temperature" || e.RequestID != "req_abc" {
				t.Errorf("%+v", e)
			}
		}},
		{"400 context window exceeded", []responsesReply{tooLong}, 1, func(t *testing.T, e *APIError) {
			if e.Status != 400 || e.Code != "context_length_exceeded" || e.Param != "input" {
				t.Errorf("%+v", e)
			}
		}},
		{"401 is not retried and hides the key", []responsesReply{badKey}, 1, func(t *testing.T, e *APIError) {
			if e.Status != 401 || e.Code != "invalid_api_key" || strings.Contains(string(e.Body), testKeys.Gamma) {
				t.Errorf("%+v", e)
			}
		}},
		{"429 with Retry-After, then success", []responsesReply{limited, ok}, 2, nil},
		{"429 asking for too long a wait is returned", []responsesReply{longWait}, 1, func(t *testing.T, e *APIError) {
			if e.Status != 429 || e.RetryAfter != 120*time.Second || !e.Temporary() {
				t.Errorf("%+v", e)
			}
		}},
		{"500 is retried", []responsesReply{broken, ok}, 2, nil},
		{"529 overloaded is retried", []responsesReply{overloaded, overloaded, ok}, 3, nil},
		{"500 until retries run out", []responsesReply{broken}, 3, func(t *testing.T, e *APIError) {
			if e.Status != 500 || e.Type != "server_error" {
				t.Errorf("%+v", e)
			}
		}},
	} {
		for _, stream := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/stream=%v", tc.name, stream), func(t *testing.T) {
				c, fake := newResponsesFake(t, func(w http.ResponseWriter, _ *http.Request, n int) {
					r := tc.replies[min(n, len(tc.replies)-1)]
					for k, v := range r.headers {
						w.Header().Set(k, v)
					}
					switch {
					case r.status != http.StatusOK:
						responsesServeJSON(w, r.status, []byte(r.body))
					case stream:
						responsesServeSSE(w, fixture(t, "gamma/responses_function_call.sse"))
					default:
						responsesServeJSON(w, http.StatusOK, fixture(t, "gamma/responses_completed.json"))
					}
				})
				var err error
				if stream {
					_, _, err = responsesCollect(t, c, responsesTestRequest())
				} else {
					_, err = c.CreateResponse(t.Context(), responsesTestRequest())
				}
				responsesNoKey(t, err)
				if n := len(fake.Calls()); n != tc.calls {
					t.Errorf("%d calls, want %d", n, tc.calls)
				}
				for i := range fake.Calls() {
					fake.checkCall(i)
				}
				if tc.check == nil {
					if err != nil {
						t.Fatalf("err %v", err)
					}
					return
				}
				var e *APIError
				if !errors.As(err, &e) {
					t.Fatalf("err %v, want *APIError", err)
				}
				if e.Group != Gamma {
					t.Errorf("group %q", e.Group)
				}
				tc.check(t, e)
			})
		}
	}
}

// responsesSearchPartial is what the search fixture holds after its first
// two text deltas (the frames before index 19).
const responsesSearchPartial = "It is sunny in Oslo, 21 °C (weather.example.org)."

func TestStreamResponseCut(t *testing.T) {
	t.Parallel()
	partial := responsesJoin(responsesFrames(fixture(t, "gamma/responses_search.sse"))[:19]...)
	for _, tc := range []struct {
		name  string
		serve func(w http.ResponseWriter)
		check func(t *testing.T, err error)
	}{
		{"connection lost", func(w http.ResponseWriter) {
			conn, buf, err := w.(http.Hijacker).Hijack()
			if err != nil {
				t.Error(err)
				return
			}
			defer conn.Close()
			fmt.Fprintf(buf, "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nContent-Length: %d\r\n\r\n", len(partial)+4096)
			_, _ = buf.Write(partial)
			_ = buf.Flush()
		}, func(t *testing.T, err error) {
			if err == nil || !strings.Contains(err.Error(), "stream cut") || !errors.Is(err, io.ErrUnexpectedEOF) {
				t.Errorf("err %v, want a cut stream", err)
			}
		}},
		{"clean end before the terminal event", func(w http.ResponseWriter) { responsesServeSSE(w, partial) },
			func(t *testing.T, err error) {
				if !errors.Is(err, ErrStreamIncomplete) {
					t.Errorf("err %v, want ErrStreamIncomplete", err)
				}
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, _ := newResponsesFake(t, func(w http.ResponseWriter, _ *http.Request, _ int) { tc.serve(w) })
			evs, acc, err := responsesCollect(t, c, responsesTestRequest())
			tc.check(t, err)
			if len(evs) != 19 || acc.Done() {
				t.Errorf("%d events, done %v", len(evs), acc.Done())
			}
			r := acc.Response()
			if r.OutputText() != responsesSearchPartial || r.Reasoning() != responsesSearchSummary || r.Status != "in_progress" {
				t.Errorf("partial reply: text %q status %q", r.OutputText(), r.Status)
			}
			msg := r.Output[2]
			if msg.Status != "in_progress" || !strings.Contains(string(msg.Raw), "weather.example.org") {
				t.Errorf("partial item %s", msg.Raw)
			}
			// The reasoning item finished before the cut: its final copy, with
			// the encrypted content, is what goes back in the next turn.
			if echo := r.InputItems()[0].Raw; !strings.Contains(string(echo), `"encrypted_content":"gAAAAB-encrypted-reasoning-1"`) {
				t.Errorf("reasoning echo %s", echo)
			}
		})
	}
}

func TestStreamResponseCancel(t *testing.T) {
	t.Parallel()
	head := responsesJoin(responsesFrames(fixture(t, "gamma/responses_search.sse"))[:18]...)
	release := make(chan struct{})
	c, _ := newResponsesFake(t, func(w http.ResponseWriter, r *http.Request, _ int) {
		responsesServeSSE(w, head)
		w.(http.Flusher).Flush()
		select { // hold the stream open, as a slow model would
		case <-r.Context().Done():
		case <-release:
		}
	})
	t.Cleanup(func() { close(release) })
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	var acc ResponseAccumulator
	var err error
	for ev, e := range c.StreamResponse(ctx, responsesTestRequest()) {
		if e != nil {
			err = e
			break
		}
		_ = acc.Add(ev)
		if ev.Type == ResponseEventTextDelta {
			cancel()
		}
	}
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v, want context.Canceled", err)
	}
	if got := acc.OutputText(); !strings.HasPrefix(got, "It is sunny in Oslo") {
		t.Errorf("partial text %q", got)
	}
}

func TestResponsesErrorsHoldNoKey(t *testing.T) {
	t.Parallel()
	key := testKeys.Gamma
	frames := responsesFrames(fixture(t, "gamma/responses_search.sse"))
	for _, tc := range []struct {
		name   string
		stream bool
		serve  func(w http.ResponseWriter)
	}{
		{"error event", true, func(w http.ResponseWriter) {
			responsesServeSSE(w, responsesJoin(frames[0], responsesFrame(`{"type":"error","sequence_number":1,"code":"bad","message":"key `+key+` refused","param":null}`)))
		}},
		{"failed event", true, func(w http.ResponseWriter) {
			responsesServeSSE(w, responsesJoin(frames[0], responsesFrame(`{"type":"response.failed","sequence_number":1,"response":{"status":"failed","error":{"code":"server_error","message":"key `+key+`"}}}`)))
		}},
		{"failed reply", false, func(w http.ResponseWriter) {
			responsesServeJSON(w, 200, []byte(`{"status":"failed","error":{"code":"server_error","message":"key `+key+`"}}`))
		}},
		{"401 reply", false, func(w http.ResponseWriter) {
			responsesServeJSON(w, 401, []byte(`{"error":{"message":"Incorrect API key provided: `+key+`","type":"invalid_request_error"}}`))
		}},
		{"plain text reply", true, func(w http.ResponseWriter) {
			w.WriteHeader(http.StatusBadGateway)
			_, _ = io.WriteString(w, "upstream refused Bearer "+key)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, _ := newResponsesFake(t, func(w http.ResponseWriter, _ *http.Request, _ int) { tc.serve(w) })
			c.MaxRetries = 0
			var err error
			if tc.stream {
				_, _, err = responsesCollect(t, c, responsesTestRequest())
			} else {
				_, err = c.CreateResponse(t.Context(), responsesTestRequest())
			}
			if err == nil {
				t.Fatal("no error")
			}
			responsesNoKey(t, err)
			var e *APIError
			if errors.As(err, &e) && strings.Contains(string(e.Body), key) {
				t.Errorf("error body holds the key: %s", e.Body)
			}
		})
	}
}
