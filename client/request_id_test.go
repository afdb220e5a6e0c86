package client

import (
	"context"
	"image/color"
	"net/http"
	"strings"
	"testing"
)

// TestImageRepliesKeepTheirRequestID: the request id of a reply that
// succeeded (a header, never in the body) comes with the reply and with a
// stream's accumulated reply; a hostile header is cut and cleaned.
func TestImageRepliesKeepTheirRequestID(t *testing.T) {
	t.Parallel()
	// Go's transport refuses control bytes in a header; tabs, spaces and
	// bytes past ASCII pass, and so does any length.
	hostile := "req_\tñ ok" + strings.Repeat("x", 500)
	cases := []struct{ header, want string }{
		{"req_abc123", "req_abc123"},
		{hostile, ("req_ok" + strings.Repeat("x", 500))[:maxRequestID]},
		{"", ""},
	}
	img := imageTinyPNG(t, color.NRGBA{R: 255, A: 255})
	for _, c := range cases {
		mux := http.NewServeMux()
		mux.HandleFunc("/bypass/gamma/v1/images/generations", func(w http.ResponseWriter, r *http.Request) {
			if c.header != "" {
				w.Header().Set("X-Request-Id", c.header)
			}
			if strings.Contains(r.Header.Get("Accept"), "event-stream") {
				imageWriteSSE(w, imageCompletedFrame(img, 5))
				return
			}
			imageReplyJSON(w, img)
		})
		cl, _ := newTestClient(t, mux)
		req := ImageRequest{Model: ImageModel2, Prompt: "a red square"}
		resp, err := cl.GenerateImages(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		if resp.RequestID != c.want {
			t.Errorf("reply: request id %q, want %q", resp.RequestID, c.want)
		}
		if strings.Contains(string(resp.Raw), "req_") {
			t.Errorf("the header's id went into the reply's bytes: %s", resp.Raw)
		}
		req.Stream = true
		var acc ImageAccumulator
		for ev, err := range cl.StreamImages(context.Background(), req) {
			if err != nil {
				t.Fatal(err)
			}
			if err := acc.Add(ev); err != nil {
				t.Fatal(err)
			}
		}
		if got := acc.Response().RequestID; got != c.want {
			t.Errorf("stream: request id %q, want %q", got, c.want)
		}
	}
}
