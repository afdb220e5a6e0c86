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

func TestAPIErrorFromEveryFamily(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		group   Group
		status  int
		header  http.Header
		body    string
		want    APIError
		wantMsg string
	}{
		{"alpha", Alpha, 429, http.Header{"Retry-After": {"7"}, "Request-Id": {"req_1"}},
			`{"type":"error","error":{"type":"rate_limit_error","message":"slow down"},"request_id":"req_2"}`,
			APIError{Type: "rate_limit_error", Message: "slow down", RequestID: "req_1", RetryAfter: 7 * time.Second}, ""},
		{"alpha body request id", Alpha, 401, nil,
			`{"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"},"request_id":"req_9"}`,
			APIError{Type: "authentication_error", Message: "invalid x-api-key", RequestID: "req_9"}, ""},
		{"beta", Beta, 400, nil,
			`{"error":{"code":400,"message":"API key not valid.","status":"INVALID_ARGUMENT","details":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"API_KEY_INVALID"}]}}`,
			APIError{Type: "INVALID_ARGUMENT", Code: "API_KEY_INVALID", Message: "API key not valid."}, ""},
		{"beta retry info", Beta, 429, nil,
			`{"error":{"code":429,"message":"quota","status":"RESOURCE_EXHAUSTED","details":[{"@type":"type.googleapis.com/google.rpc.RetryInfo","retryDelay":"30s"}]}}`,
			APIError{Type: "RESOURCE_EXHAUSTED", Message: "quota", RetryAfter: 30 * time.Second}, ""},
		{"gamma", Gamma, 400, http.Header{"X-Request-Id": {"r-3"}},
			`{"error":{"message":"Your request was rejected","type":"image_generation_user_error","param":null,"code":"moderation_blocked"}}`,
			APIError{Type: "image_generation_user_error", Code: "moderation_blocked", Message: "Your request was rejected", RequestID: "r-3"}, ""},
		{"queue detail list", Queue, 422, nil,
			`{"detail":[{"loc":["body","prompt"],"msg":"field required","type":"missing"}]}`,
			APIError{Type: "missing", Code: "missing", Message: "body.prompt: field required"}, ""},
		{"queue infra", Queue, 504, http.Header{"X-Fal-Request-Id": {"q-1"}},
			`{"detail":"Request timed out","error_type":"request_timeout"}`,
			APIError{Type: "request_timeout", Message: "Request timed out", RequestID: "q-1"}, ""},
		{"retry-after-ms wins", Gamma, 429, http.Header{"Retry-After-Ms": {"250"}, "Retry-After": {"9"}},
			`{"error":{"message":"x","type":"requests","code":"rate_limit_exceeded"}}`,
			APIError{Type: "requests", Code: "rate_limit_exceeded", Message: "x", RetryAfter: 250 * time.Millisecond}, ""},
		{"html from a proxy", Alpha, 502, nil, "<html><body>Bad   gateway</body></html>",
			APIError{Message: "<html><body>Bad gateway</body></html>"}, ""},
		{"plain message", Queue, 401, nil, `{"message":"no key"}`, APIError{Message: "no key"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				for k, v := range tt.header {
					w.Header()[k] = v
				}
				w.WriteHeader(tt.status)
				w.Write([]byte(tt.body))
			}))
			c.MaxRetries = 0
			r, _ := jsonRequest(tt.group, "/x", struct{}{})
			_, err := c.doJSON(context.Background(), r, nil)
			var ae *APIError
			if !errors.As(err, &ae) {
				t.Fatalf("err = %v, want *APIError", err)
			}
			tt.want.Group, tt.want.Status = tt.group, tt.status
			got := *ae
			got.Body, got.shouldRetry = nil, nil
			if got.Group != tt.want.Group || got.Status != tt.want.Status || got.Type != tt.want.Type ||
				got.Code != tt.want.Code || got.Message != tt.want.Message || got.RequestID != tt.want.RequestID ||
				got.RetryAfter != tt.want.RetryAfter {
				t.Errorf("got  %+v\nwant %+v", got, tt.want)
			}
			if string(ae.Body) != tt.body {
				t.Errorf("Body = %q", ae.Body)
			}
		})
	}
}

func TestRetries(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		policy   retryPolicy
		statuses []int
		header   http.Header
		body     string
		wantHits int
		wantErr  bool
	}{
		{"429 then success", retryAlways, []int{429, 200}, http.Header{"Retry-After": {"0"}}, "", 2, false},
		{"529 overloaded then success", retryAlways, []int{529, 200}, nil, `{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`, 2, false},
		{"500 exhausted", retryAlways, []int{500, 500, 500, 500}, nil, "", 3, true},
		{"408 and 409", retryAlways, []int{408, 409, 200}, nil, "", 3, false},
		{"400 never", retryAlways, []int{400, 200}, nil, "", 1, true},
		{"401 never", retryAlways, []int{401, 200}, nil, "", 1, true},
		{"x-should-retry false", retryAlways, []int{500, 200}, http.Header{"X-Should-Retry": {"false"}}, "", 1, true},
		{"x-should-retry true on 400", retryAlways, []int{400, 200}, http.Header{"X-Should-Retry": {"true"}}, "", 2, false},
		{"spend limit", retryAlways, []int{429, 200}, nil, `{"type":"error","error":{"type":"rate_limit_error","message":"cap","details":{"error_code":"enforced_spend_limit_reached"}}}`, 1, true},
		{"retry-after too long", retryAlways, []int{429, 200}, http.Header{"Retry-After": {"3600"}}, "", 1, true},
		{"no-task: 500 not retried", retryNoTask, []int{500, 200}, nil, "", 1, true},
		{"no-task: 429 retried", retryNoTask, []int{429, 200}, nil, "", 2, false},
		{"never", retryNever, []int{429, 200}, nil, "", 1, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var hits atomic.Int32
			c, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				n := int(hits.Add(1)) - 1
				for k, v := range tt.header {
					w.Header()[k] = v
				}
				w.WriteHeader(tt.statuses[n])
				if tt.body != "" && tt.statuses[n] != 200 {
					w.Write([]byte(tt.body))
				} else {
					w.Write([]byte(`{}`))
				}
			}))
			r, _ := jsonRequest(Alpha, "/x", struct{}{})
			r.retry = tt.policy
			_, err := c.doJSON(context.Background(), r, nil)
			if (err != nil) != tt.wantErr {
				t.Fatalf("err = %v, wantErr %v", err, tt.wantErr)
			}
			if int(hits.Load()) != tt.wantHits {
				t.Fatalf("%d requests, want %d", hits.Load(), tt.wantHits)
			}
		})
	}
}

func TestRetryWaitsForRetryAfter(t *testing.T) {
	t.Parallel()
	var waits []time.Duration
	var hits atomic.Int32
	c, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if hits.Add(1) == 1 {
			w.Header().Set("Retry-After", "0.001")
			w.WriteHeader(429)
			return
		}
		w.Write([]byte(`{}`))
	}))
	c.Backoff = func(n int) time.Duration { waits = append(waits, time.Hour); return time.Hour }
	r, _ := jsonRequest(Alpha, "/x", struct{}{})
	if _, err := c.doJSON(context.Background(), r, nil); err != nil {
		t.Fatal(err)
	}
	if len(waits) != 0 {
		t.Fatal("backoff used although Retry-After was given")
	}
}

func TestRetryStopsOnCancel(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	c, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		cancel()
		w.WriteHeader(500)
	}))
	c.Backoff = func(int) time.Duration { return time.Hour }
	r, _ := jsonRequest(Alpha, "/x", struct{}{})
	if _, err := c.doJSON(ctx, r, nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}

func TestConnectionRefusedRetried(t *testing.T) {
	t.Parallel()
	c, srv := newTestClient(t, http.NotFoundHandler())
	srv.Close()
	var backoffs int
	c.Backoff = func(int) time.Duration { backoffs++; return 0 }
	for _, p := range []retryPolicy{retryAlways, retryNoTask} {
		backoffs = 0
		r, _ := jsonRequest(Queue, "/x", struct{}{})
		r.retry = p
		if _, err := c.doJSON(context.Background(), r, nil); err == nil {
			t.Fatal("no error from a closed server")
		}
		if backoffs != c.MaxRetries {
			t.Errorf("policy %d: %d retries, want %d", p, backoffs, c.MaxRetries)
		}
	}
}

func TestNoKeyInErrors(t *testing.T) {
	t.Parallel()
	c, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(401)
		// A careless gateway echoing the credential back.
		w.Write([]byte(`{"error":{"message":"bad key ` + r.Header.Get("X-Api-Key") + `","type":"authentication_error"}}`))
	}))
	r, _ := jsonRequest(Alpha, "/x", struct{}{})
	_, err := c.doJSON(context.Background(), r, nil)
	var ae *APIError
	if !errors.As(err, &ae) {
		t.Fatalf("err = %v", err)
	}
	for _, s := range []string{err.Error(), ae.Message, string(ae.Body)} {
		if strings.Contains(s, testKeys.Alpha) {
			t.Fatalf("key leaked: %s", s)
		}
	}
}

func TestParseRetryAfterDate(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	h := http.Header{"Retry-After": {now.Add(5 * time.Second).Format(http.TimeFormat)}}
	if d := parseRetryAfter(h, now); d != 5*time.Second {
		t.Fatalf("got %v", d)
	}
	if d := parseRetryAfter(http.Header{"Retry-After": {"soon"}}, now); d != 0 {
		t.Fatalf("got %v for garbage", d)
	}
}

func TestValidationErrorText(t *testing.T) {
	t.Parallel()
	var c checks
	c.add("thinking.budget_tokens", "must be between 1024 and 4095", 10)
	c.oneOf("quality", "ultra", "low", "high")
	c.required("model", false)
	err := c.err()
	vs := Violations(err)
	if len(vs) != 3 {
		t.Fatalf("got %d violations", len(vs))
	}
	want := []string{
		"thinking.budget_tokens: must be between 1024 and 4095 (got 10)",
		`quality: must be one of low, high (got "ultra")`,
		"model: is required",
	}
	for i, v := range vs {
		if v.Error() != want[i] {
			t.Errorf("violation %d: %q, want %q", i, v.Error(), want[i])
		}
	}
}
