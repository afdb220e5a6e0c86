package client

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

func TestGenerateImages(t *testing.T) {
	t.Parallel()
	red, blue := imageTinyPNG(t, imageRed), imageTinyPNG(t, imageBlue)
	mux := http.NewServeMux()
	mux.HandleFunc("/bypass/gamma/v1/images/generations", func(w http.ResponseWriter, r *http.Request) {
		imageCheckGeneration(t, r, "application/json", map[string]any{
			"model": "gamma/image-2.5-flare", "prompt": "a red square", "n": 2.0,
			"background": "opaque", "output_format": "webp", "output_compression": 0.0,
			"quality": "xhigh", "size": "1536x1024",
			"moderation": "low", "user": "u-1", // Extra passthrough
		})
		imageReplyJSON(w, red, blue)
	})
	c, _ := newTestClient(t, mux)
	resp, err := c.GenerateImages(context.Background(), ImageRequest{
		Model: ImageModel25Flare, Prompt: "a red square", N: 2, Background: "opaque",
		OutputFormat: "webp", OutputCompression: imageIntPtr(0), Quality: "xhigh", Size: "1536x1024",
		Stream: true, // GenerateImages sends stream false whatever this says
		Extra:  Extra{"moderation": "low", "user": "u-1"},
	})
	if err != nil {
		t.Fatal(err)
	}
	if resp.Created != 1767225600 || len(resp.Data) != 2 || resp.OutputFormat != "png" {
		t.Errorf("resp = %+v", resp)
	}
	if resp.Usage == nil || resp.Usage.InputTokens != 5 || resp.Usage.OutputTokens != 7 || resp.Usage.TotalTokens != 12 {
		t.Errorf("usage = %+v", resp.Usage)
	}
	if !bytes.HasPrefix(resp.Raw, []byte(`{"created":1767225600`)) {
		t.Errorf("Raw = %.60s", resp.Raw)
	}
	imgs, err := resp.Images()
	if err != nil {
		t.Fatal(err)
	}
	if len(imgs) != 2 || !bytes.Equal(imgs[0].Bytes, red) || !bytes.Equal(imgs[1].Bytes, blue) {
		t.Fatalf("images do not decode to the PNG bytes sent: %+v", imgs)
	}
	if imgs[0].Format != "png" || imgs[0].Ext != ".png" || imgs[1].Index != 1 {
		t.Errorf("image[0] = %+v", imgs[0])
	}
}

func TestGenerateImagesFixture(t *testing.T) {
	t.Parallel()
	raw := fixture(t, "gamma-images/generation.json")
	mux := http.NewServeMux()
	mux.HandleFunc("/bypass/gamma/v1/images/generations", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write(raw)
	})
	c, _ := newTestClient(t, mux)
	resp, err := c.GenerateImages(context.Background(), ImageRequest{Model: ImageModel2, Prompt: "p"})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(resp.Raw, raw) {
		t.Error("Raw is not the reply's bytes")
	}
	if resp.Background != "opaque" || resp.Quality != "high" || resp.Size != "1024x1024" || resp.OutputFormat != "png" {
		t.Errorf("resp = %+v", resp)
	}
	u := resp.Usage
	if u == nil || u.InputTokens != 50 || u.OutputTokens != 8320 || u.TotalTokens != 8370 ||
		!bytes.Contains(u.Raw, []byte(`"output_tokens_details"`)) {
		t.Errorf("usage = %+v", u)
	}
	imgs, err := resp.Images()
	if err != nil {
		t.Fatal(err)
	}
	for i, name := range []string{"final.png", "edit-final.png"} {
		if !bytes.Equal(imgs[i].Bytes, fixture(t, "gamma-images/"+name)) {
			t.Errorf("data[%d] does not decode to %s", i, name)
		}
	}
}

func TestImageErrors(t *testing.T) {
	t.Parallel()
	moderation := `{"error":{"message":"Your request was rejected by the safety system.","type":"image_generation_user_error","param":null,"code":"moderation_blocked"}}`
	tests := []struct {
		name       string
		replies    []func(w http.ResponseWriter)
		wantCalls  int32
		wantSleeps []time.Duration // the waits before each retry (Backoff is attempt milliseconds)
		wantStatus int             // 0: success expected
		check      func(t *testing.T, e *APIError)
	}{
		{name: "400 moderation blocked is not retried", wantCalls: 1, wantStatus: 400,
			replies: []func(http.ResponseWriter){imageStatus(400, moderation, nil)},
			check: func(t *testing.T, e *APIError) {
				if e.Code != "moderation_blocked" || e.Type != "image_generation_user_error" ||
					!strings.Contains(e.Message, "safety system") || e.Group != Gamma {
					t.Errorf("APIError = %+v", e)
				}
			}},
		{name: "401 is not retried and hides the key", wantCalls: 1, wantStatus: 401,
			replies: []func(http.ResponseWriter){imageStatus(401,
				`{"error":{"message":"Incorrect API key provided: gamma-secret-key","type":"invalid_request_error","code":"invalid_api_key"}}`, nil)},
			check: func(t *testing.T, e *APIError) {
				if strings.Contains(e.Error(), testKeys.Gamma) || strings.Contains(string(e.Body), testKeys.Gamma) {
					t.Errorf("key leaked: %v", e)
				}
				if e.Code != "invalid_api_key" {
					t.Errorf("code = %q", e.Code)
				}
			}},
		{name: "429 with Retry-After then success", wantCalls: 2, wantSleeps: []time.Duration{time.Second},
			replies: []func(http.ResponseWriter){
				imageStatus(429, `{"error":{"message":"slow down","type":"rate_limit_exceeded"}}`, http.Header{"Retry-After": {"1"}}),
				nil}},
		{name: "500 twice then success", wantCalls: 3, wantSleeps: []time.Duration{time.Millisecond, 2 * time.Millisecond},
			replies: []func(http.ResponseWriter){
				imageStatus(500, `{"error":{"message":"boom","type":"server_error"}}`, nil),
				imageStatus(500, `{"error":{"message":"boom","type":"server_error"}}`, nil),
				nil}},
		{name: "529 overloaded then success", wantCalls: 2, wantSleeps: []time.Duration{time.Millisecond},
			replies: []func(http.ResponseWriter){
				imageStatus(529, `{"error":{"message":"Overloaded","type":"overloaded_error"}}`, nil), nil}},
		{name: "500 until retries run out", wantCalls: 3, wantStatus: 500,
			wantSleeps: []time.Duration{time.Millisecond, 2 * time.Millisecond},
			replies: []func(http.ResponseWriter){
				imageStatus(500, `boom`, nil), imageStatus(500, `boom`, nil), imageStatus(500, `boom`, nil)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			png := imageTinyPNG(t, imageRed)
			var calls atomic.Int32
			mux := http.NewServeMux()
			mux.HandleFunc("/bypass/gamma/v1/images/generations", func(w http.ResponseWriter, r *http.Request) {
				n := calls.Add(1)
				imageCheckRequest(t, r, imageGenerationsPath)
				if reply := tt.replies[n-1]; reply != nil {
					reply(w)
					return
				}
				imageReplyJSON(w, png)
			})
			c, _ := newTestClient(t, mux)
			c.Backoff = func(attempt int) time.Duration { return time.Duration(attempt) * time.Millisecond }
			var slept []time.Duration
			c.Sleep = func(_ context.Context, d time.Duration) error { slept = append(slept, d); return nil }
			resp, err := c.GenerateImages(context.Background(), ImageRequest{Model: ImageModel2, Prompt: "p"})
			if calls.Load() != tt.wantCalls {
				t.Errorf("calls = %d, want %d", calls.Load(), tt.wantCalls)
			}
			if !slices.Equal(slept, tt.wantSleeps) {
				t.Errorf("waits before the retries = %v, want %v (Retry-After, else the backoff)", slept, tt.wantSleeps)
			}
			if tt.wantStatus == 0 {
				if err != nil {
					t.Fatal(err)
				}
				if imgs, _ := resp.Images(); len(imgs) != 1 || !bytes.Equal(imgs[0].Bytes, png) {
					t.Error("retried reply did not decode")
				}
				return
			}
			var ae *APIError
			if !errors.As(err, &ae) || ae.Status != tt.wantStatus {
				t.Fatalf("err = %v, want *APIError %d", err, tt.wantStatus)
			}
			if !strings.HasPrefix(err.Error(), "generate images: ") {
				t.Errorf("err not wrapped with the operation: %v", err)
			}
			if tt.check != nil {
				tt.check(t, ae)
			}
		})
	}
}

// imageStatus replies with status and body (JSON when it looks like JSON).
func imageStatus(status int, body string, h http.Header) func(http.ResponseWriter) {
	return func(w http.ResponseWriter) {
		for k, v := range h {
			w.Header()[k] = v
		}
		if strings.HasPrefix(body, "{") {
			w.Header().Set("Content-Type", "application/json")
		}
		w.WriteHeader(status)
		w.Write([]byte(body))
	}
}

func TestGenerateImagesRetryAfterReported(t *testing.T) {
	t.Parallel()
	mux := http.NewServeMux()
	mux.HandleFunc("/bypass/gamma/v1/images/generations", func(w http.ResponseWriter, r *http.Request) {
		imageStatus(429, `{"error":{"message":"slow down","type":"rate_limit_exceeded","code":"rate_limit_exceeded"}}`,
			http.Header{"Retry-After": {"7"}, "X-Request-Id": {"req_42"}})(w)
	})
	c, _ := newTestClient(t, mux)
	c.MaxRetries = 0
	_, err := c.GenerateImages(context.Background(), ImageRequest{Model: ImageModel2, Prompt: "p"})
	var ae *APIError
	if !errors.As(err, &ae) || ae.Status != 429 || ae.RetryAfter != 7*time.Second || ae.RequestID != "req_42" {
		t.Fatalf("err = %#v", err)
	}
}
