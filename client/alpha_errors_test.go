package client

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// alphaReply is one scripted answer of a test server.
type alphaReply struct {
	status int
	header map[string]string
	body   string
}

// alphaScripted answers request n with replies[n], the last one repeating,
// and counts the requests.
func alphaScripted(t *testing.T, replies ...alphaReply) (*Client, *atomic.Int32) {
	t.Helper()
	var n atomic.Int32
	mux := http.NewServeMux()
	mux.HandleFunc("/bypass/alpha/v1/messages", func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("X-Api-Key") != testKeys.Alpha {
			t.Errorf("request %d without the alpha key", n.Load())
		}
		rep := replies[min(int(n.Add(1))-1, len(replies)-1)]
		for k, v := range rep.header {
			w.Header().Set(k, v)
		}
		w.WriteHeader(rep.status)
		_, _ = w.Write([]byte(rep.body))
	})
	c, _ := newTestClient(t, mux)
	return c, &n
}

func alphaErrorBody(typ, msg string) string {
	return `{"type":"error","error":{"type":"` + typ + `","message":"` + msg + `"},"request_id":"req_011"}`
}

var alphaJSONHeader = map[string]string{"Content-Type": "application/json"}

func TestMessagesErrors(t *testing.T) {
	t.Parallel()
	ok := alphaReply{200, alphaJSONHeader, string(fixture(t, "alpha/pause_turn.json"))}
	tests := []struct {
		name     string
		replies  []alphaReply
		requests int32
		status   int    // 0: success expected
		typ      string // error type expected
	}{
		{"401 not retried", []alphaReply{{401, alphaJSONHeader, alphaErrorBody("authentication_error", "invalid x-api-key "+testKeys.Alpha)}}, 1, 401, "authentication_error"},
		{"400 not retried", []alphaReply{{400, alphaJSONHeader, alphaErrorBody("invalid_request_error", "max_tokens: too large")}}, 1, 400, "invalid_request_error"},
		{"429 Retry-After then success", []alphaReply{{429, map[string]string{"Retry-After": "0.001"}, alphaErrorBody("rate_limit_error", "slow down")}, ok}, 2, 0, ""},
		{"529 overloaded then success", []alphaReply{{529, nil, alphaErrorBody("overloaded_error", "Overloaded")}, ok}, 2, 0, ""},
		{"500 exhausted", []alphaReply{{500, nil, alphaErrorBody("api_error", "internal")}}, 3, 500, "api_error"},
		{"gateway text body", []alphaReply{{502, map[string]string{"Content-Type": "text/html"}, "<html>bad gateway</html>"}}, 3, 502, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, n := alphaScripted(t, tt.replies...)
			if tt.replies[0].header["Retry-After"] != "" {
				c.Backoff = func(int) time.Duration {
					t.Error("backoff used although the reply said Retry-After")
					return 0
				}
			}
			req := &MessageRequest{Model: "m", MaxTokens: 10, Messages: []MessageTurn{MessageUserText("hi")}}
			m, err := c.Messages(context.Background(), req)
			if got := n.Load(); got != tt.requests {
				t.Errorf("%d requests, want %d", got, tt.requests)
			}
			if tt.status == 0 {
				if err != nil || m.StopReason != "pause_turn" {
					t.Fatalf("got %v, %v", m, err)
				}
				return
			}
			var ae *APIError
			if !errors.As(err, &ae) {
				t.Fatalf("error = %v, want *APIError", err)
			}
			if ae.Status != tt.status || ae.Type != tt.typ || ae.Group != Alpha {
				t.Errorf("APIError = %+v", ae)
			}
			if tt.typ != "" && ae.RequestID != "req_011" {
				t.Errorf("request id = %q", ae.RequestID)
			}
			if strings.Contains(err.Error(), testKeys.Alpha) || strings.Contains(string(ae.Body), testKeys.Alpha) {
				t.Errorf("the key leaked: %v", err)
			}
			if !strings.HasPrefix(err.Error(), "create message: ") {
				t.Errorf("error not named for the operation: %v", err)
			}
		})
	}
}

// TestStreamMessagesRetriedBeforeFirstEvent: an overloaded reply before the
// stream starts is retried like any other request.
func TestStreamMessagesRetriedBeforeFirstEvent(t *testing.T) {
	t.Parallel()
	c, n := alphaScripted(t,
		alphaReply{529, nil, alphaErrorBody("overloaded_error", "Overloaded")},
		alphaReply{429, map[string]string{"Retry-After": "0"}, alphaErrorBody("rate_limit_error", "slow")},
		alphaReply{200, map[string]string{"Content-Type": "text/event-stream"}, string(fixture(t, "alpha/tool_use.sse"))},
	)
	res := alphaDrain(t, c, context.Background())
	if res.err != nil || n.Load() != 3 {
		t.Fatalf("error %v after %d requests", res.err, n.Load())
	}
	if m := res.acc.Message(); m.StopReason != "tool_use" {
		t.Errorf("message = %s", m.Raw)
	}
}

func TestStreamMessagesHTTPError(t *testing.T) {
	t.Parallel()
	c, n := alphaScripted(t, alphaReply{401, alphaJSONHeader, alphaErrorBody("authentication_error", "bad key "+testKeys.Alpha)})
	res := alphaDrain(t, c, context.Background())
	var ae *APIError
	if !errors.As(res.err, &ae) || ae.Status != 401 || ae.Type != "authentication_error" || n.Load() != 1 {
		t.Fatalf("error = %v after %d requests", res.err, n.Load())
	}
	if strings.Contains(res.err.Error(), testKeys.Alpha) || len(res.events) != 0 {
		t.Errorf("error %q, %d events", res.err, len(res.events))
	}
}

// TestStreamMessagesErrorEventRedacted: an error event that quotes the key
// (a misbehaving relay, say) must not carry it on.
func TestStreamMessagesErrorEventRedacted(t *testing.T) {
	t.Parallel()
	c, _ := alphaStream(t, []byte("event: error\ndata: "+alphaErrorBody("api_error", "boom "+testKeys.Alpha)+"\n\n"))
	res := alphaDrain(t, c, context.Background())
	var ae *APIError
	if !errors.As(res.err, &ae) || ae.Type != "api_error" || ae.Status != 0 {
		t.Fatalf("error = %v", res.err)
	}
	if strings.Contains(res.err.Error(), testKeys.Alpha) || strings.Contains(string(ae.Body), testKeys.Alpha) {
		t.Errorf("the key leaked: %v / %s", res.err, ae.Body)
	}
}
