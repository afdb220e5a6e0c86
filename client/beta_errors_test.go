package client

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

// betaCallers runs one request through each beta operation and returns its
// error, so every failure test covers both.
var betaCallers = map[string]func(c *Client) error{
	"generate": func(c *Client) error {
		_, err := c.GenerateContent(context.Background(), "beta-pro-3", betaPrompt("hi"))
		return err
	},
	"stream": func(c *Client) error {
		for _, err := range c.StreamGenerateContent(context.Background(), "beta-pro-3", betaPrompt("hi")) {
			if err != nil {
				return err
			}
		}
		return nil
	},
}

// betaOK answers either operation with a finished reply.
func betaOK(w http.ResponseWriter, r *http.Request) {
	const reply = `{"candidates":[{"content":{"role":"model","parts":[{"text":"ok"}]},"finishReason":"STOP"}]}`
	if strings.HasSuffix(r.URL.Path, ":streamGenerateContent") {
		betaSSE("data: "+reply+"\n\n")(w, r)
		return
	}
	betaJSON(200, reply)(w, r)
}

func TestBetaErrorReplies(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name               string
		status             int
		body               string
		wantType, wantCode string
		wantMsg            string
	}{
		{"invalid key", 400, `{"error":{"code":400,"message":"API key not valid. Please pass a valid API key (beta-secret-key).",
			"status":"INVALID_ARGUMENT","details":[{"@type":"type.rpc.example/ErrorInfo","reason":"API_KEY_INVALID",
			"domain":"beta.example","metadata":{"service":"beta.example"}}]}}`,
			"INVALID_ARGUMENT", "API_KEY_INVALID", "API key not valid. Please pass a valid API key ([redacted])."},
		{"permission denied", 403, `{"error":{"code":403,"message":"Permission denied.","status":"PERMISSION_DENIED"}}`,
			"PERMISSION_DENIED", "", "Permission denied."},
		{"unknown model", 404, `{"error":{"code":404,"message":"models/nope is not found.","status":"NOT_FOUND"}}`,
			"NOT_FOUND", "", "models/nope is not found."},
		{"precondition", 400, `{"error":{"code":400,"message":"User location is not supported.","status":"FAILED_PRECONDITION"}}`,
			"FAILED_PRECONDITION", "", "User location is not supported."},
		{"gateway text", 401, "unauthorized\n", "", "", "unauthorized"},
	}
	for _, tt := range tests {
		for op, call := range betaCallers {
			t.Run(tt.name+"/"+op, func(t *testing.T) {
				c, rec := betaServe(t, betaJSON(tt.status, tt.body))
				err := call(c)
				var ae *APIError
				if !errors.As(err, &ae) {
					t.Fatalf("err = %v, want *APIError", err)
				}
				if ae.Status != tt.status || ae.Group != Beta || ae.Type != tt.wantType || ae.Code != tt.wantCode || ae.Message != tt.wantMsg {
					t.Errorf("got status %d group %s type %q code %q message %q", ae.Status, ae.Group, ae.Type, ae.Code, ae.Message)
				}
				if strings.Contains(err.Error(), testKeys.Beta) || strings.Contains(string(ae.Body), testKeys.Beta) {
					t.Errorf("the key leaked into the error: %v", err)
				}
				if n := len(rec.sent()); n != 1 {
					t.Errorf("%d requests: a %d must not be retried", n, tt.status)
				}
			})
		}
	}
}

func TestBetaRetries(t *testing.T) {
	t.Parallel()
	retryInfo := func(delay string) string {
		return `{"error":{"code":429,"message":"Resource has been exhausted (e.g. check quota).","status":"RESOURCE_EXHAUSTED",
			"details":[{"@type":"type.rpc.example/RetryInfo","retryDelay":"` + delay + `"}]}}`
	}
	tests := []struct {
		name  string
		first http.HandlerFunc
	}{
		{"429 with retry info", betaJSON(429, retryInfo("0s"))},
		{"429 with Retry-After", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Retry-After", "0")
			betaJSON(429, `{"error":{"code":429,"message":"Quota exceeded.","status":"RESOURCE_EXHAUSTED"}}`)(w, r)
		}},
		{"500", betaJSON(500, `{"error":{"code":500,"message":"Internal error.","status":"INTERNAL"}}`)},
		{"503", betaJSON(503, `{"error":{"code":503,"message":"The model is overloaded.","status":"UNAVAILABLE"}}`)},
		{"504", betaJSON(504, `{"error":{"code":504,"message":"Deadline exceeded.","status":"DEADLINE_EXCEEDED"}}`)},
	}
	for _, tt := range tests {
		for op, call := range betaCallers {
			t.Run(tt.name+"/"+op, func(t *testing.T) {
				c, rec := betaServe(t, tt.first, betaOK)
				if err := call(c); err != nil {
					t.Fatalf("err = %v, want success after one retry", err)
				}
				calls := rec.sent()
				if len(calls) != 2 || string(calls[0].Body) != string(calls[1].Body) {
					t.Errorf("%d requests; the retry must send the same body", len(calls))
				}
				for _, call := range calls {
					checkBetaAuth(t, call)
				}
			})
		}
	}
}

func TestBetaRetryLimits(t *testing.T) {
	t.Parallel()
	t.Run("gives up after MaxRetries", func(t *testing.T) {
		c, rec := betaServe(t, betaJSON(503, `{"error":{"code":503,"message":"busy","status":"UNAVAILABLE"}}`))
		err := betaCallers["stream"](c)
		var ae *APIError
		if !errors.As(err, &ae) || ae.Status != 503 || ae.Type != "UNAVAILABLE" || !ae.Temporary() {
			t.Fatalf("err = %v", err)
		}
		if n := len(rec.sent()); n != 3 {
			t.Errorf("%d requests, want 1 + 2 retries", n)
		}
	})
	t.Run("retry delay is reported", func(t *testing.T) {
		c, rec := betaServe(t, betaJSON(429, `{"error":{"code":429,"message":"slow down","status":"RESOURCE_EXHAUSTED",
			"details":[{"@type":"type.rpc.example/RetryInfo","retryDelay":"30s"}]}}`))
		c.MaxRetries = 0
		err := betaCallers["generate"](c)
		var ae *APIError
		if !errors.As(err, &ae) || ae.RetryAfter != 30*time.Second || ae.Type != "RESOURCE_EXHAUSTED" {
			t.Fatalf("err = %v", err)
		}
		if n := len(rec.sent()); n != 1 {
			t.Errorf("%d requests", n)
		}
	})
	t.Run("a stream is not retried once it began", func(t *testing.T) {
		c, rec := betaServe(t, func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "text/event-stream")
			io.WriteString(w, "data: {\"candidates\":[{\"content\":{\"parts\":[{\"text\":\"a\"}]}}]}\n\n")
			w.(http.Flusher).Flush()
			panic(http.ErrAbortHandler)
		})
		if err := betaCallers["stream"](c); err == nil {
			t.Fatal("want an error")
		}
		if n := len(rec.sent()); n != 1 {
			t.Errorf("%d requests", n)
		}
	})
}

// TestBetaJSONInsteadOfStream checks a 200 JSON error body sent to a
// streaming request.
func TestBetaJSONInsteadOfStream(t *testing.T) {
	t.Parallel()
	c, _ := betaServe(t, betaJSON(200, `{"error":{"code":400,"message":"bad","status":"INVALID_ARGUMENT"}}`))
	err := betaCallers["stream"](c)
	var ae *APIError
	if !errors.As(err, &ae) || ae.Type != "INVALID_ARGUMENT" || ae.Message != "bad" {
		t.Fatalf("err = %v", err)
	}
}
