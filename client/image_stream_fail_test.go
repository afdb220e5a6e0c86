package client

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"

	"atelier/client/sse"
)

func TestStreamImagesErrorEvent(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, stream         string
		wantType, wantCode   string
		wantMessage          string
		wantPartialsReceived int
	}{
		{name: "nested error (fixture)", stream: "", wantType: "image_generation_server_error",
			wantCode: "server_error", wantMessage: "could not be generated", wantPartialsReceived: 1},
		{name: "top-level code and message",
			stream:   imageFrame("error", `{"type":"error","code":"rate_limit_exceeded","message":"Too many","param":null}`),
			wantCode: "rate_limit_exceeded", wantMessage: "Too many"},
		{name: "stray JSON error line", stream: `{"error":{"type":"server_error","message":"upstream gone"}}` + "\n\n",
			wantType: "server_error", wantMessage: "upstream gone"},
		{name: "error event with text data", stream: "event: error\ndata: upstream reset\n\n",
			wantMessage: "upstream reset"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stream := tt.stream
			if stream == "" {
				stream = string(fixture(t, "gamma-images/error-stream.sse"))
			}
			mux := http.NewServeMux()
			mux.HandleFunc("/bypass/gamma/v1/images/generations", func(w http.ResponseWriter, r *http.Request) {
				imageWriteSSE(w, stream, imageCompletedFrame(imageTinyPNG(t, imageRed), 1))
			})
			c, _ := newTestClient(t, mux)
			var acc ImageAccumulator
			evs, err := imageCollect(c.StreamImages(testContext(t), ImageRequest{Model: ImageModel2, Prompt: "p"}))
			for _, ev := range evs {
				acc.Add(ev)
			}
			var ae *APIError
			if !errors.As(err, &ae) {
				t.Fatalf("err = %v, want *APIError", err)
			}
			if ae.Status != 0 || ae.Group != Gamma || ae.Type != tt.wantType || ae.Code != tt.wantCode ||
				!strings.Contains(ae.Message, tt.wantMessage) {
				t.Errorf("APIError = %+v", ae)
			}
			if len(evs) != tt.wantPartialsReceived || acc.Done() {
				t.Errorf("events before the error = %d, done = %v (the stream must stop at the error)", len(evs), acc.Done())
			}
			if tt.wantPartialsReceived > 0 {
				if p, ok := acc.LatestPartial(); !ok || acc.Response().Data[0].B64JSON != p.B64JSON {
					t.Error("partial image lost after the error")
				}
			}
		})
	}
}

func TestStreamImagesFailures(t *testing.T) {
	t.Parallel()
	red := imageTinyPNG(t, imageRed)
	tests := []struct {
		name    string
		handler func(w http.ResponseWriter, r *http.Request)
		want    func(err error) bool
		events  int
	}{
		{name: "clean end without a completed event",
			handler: func(w http.ResponseWriter, r *http.Request) { imageWriteSSE(w, imagePartialFrame(0, red)) },
			want:    func(err error) bool { return errors.Is(err, ErrStreamIncomplete) }, events: 1},
		{name: "stream cut mid-event",
			handler: func(w http.ResponseWriter, r *http.Request) {
				imageWriteSSE(w, imagePartialFrame(0, red), "event: image_generation.completed\ndata: {\"type\":\"image_gen")
				panic(http.ErrAbortHandler) // drop the connection with the reply unfinished
			},
			want: func(err error) bool { return strings.Contains(err.Error(), "stream cut") }, events: 1},
		{name: "malformed event",
			handler: func(w http.ResponseWriter, r *http.Request) {
				imageWriteSSE(w, imagePartialFrame(0, red), imageFrame(ImageGenerationCompleted, `{"type":"image_generation.completed","b64_json":`),
					imageCompletedFrame(red, 1))
			},
			want: func(err error) bool {
				return strings.Contains(err.Error(), "malformed image_generation.completed event")
			}, events: 1},
		{name: "known event with a field of the wrong type",
			handler: func(w http.ResponseWriter, r *http.Request) {
				imageWriteSSE(w, imageFrame(ImageGenerationPartial, `{"type":"image_generation.partial_image","partial_image_index":"zero"}`))
			},
			want: func(err error) bool { return strings.Contains(err.Error(), "malformed") }},
		{name: "401 before the stream",
			handler: func(w http.ResponseWriter, r *http.Request) {
				imageStatus(401, `{"error":{"message":"bad key","type":"invalid_request_error"}}`, nil)(w)
			},
			want: func(err error) bool { var ae *APIError; return errors.As(err, &ae) && ae.Status == 401 }},
		{name: "JSON error reply with status 200",
			handler: func(w http.ResponseWriter, r *http.Request) {
				imageStatus(200, `{"error":{"message":"no stream for you","type":"invalid_request_error"}}`, nil)(w)
			},
			want: func(err error) bool {
				var ae *APIError
				return errors.As(err, &ae) && ae.Message == "no stream for you"
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			mux := http.NewServeMux()
			mux.HandleFunc("/bypass/gamma/v1/images/generations", tt.handler)
			c, _ := newTestClient(t, mux)
			var acc ImageAccumulator
			evs, err := imageCollect(c.StreamImages(testContext(t), ImageRequest{Model: ImageModel2, Prompt: "p", PartialImages: imageIntPtr(1)}))
			for _, ev := range evs {
				acc.Add(ev)
			}
			if err == nil || !tt.want(err) {
				t.Fatalf("err = %v", err)
			}
			if !strings.HasPrefix(err.Error(), "stream images: ") {
				t.Errorf("not wrapped: %v", err)
			}
			if len(evs) != tt.events {
				t.Errorf("events = %d, want %d", len(evs), tt.events)
			}
			if tt.events > 0 {
				imgs, err := acc.Response().Images()
				if err != nil || !bytes.Equal(imgs[0].Bytes, red) || acc.Done() {
					t.Errorf("partial content not kept: %v", err)
				}
			}
		})
	}
}

func TestStreamImagesCancel(t *testing.T) {
	t.Parallel()
	ended := make(chan struct{})
	red := imageTinyPNG(t, imageRed)
	mux := http.NewServeMux()
	mux.HandleFunc("/bypass/gamma/v1/images/generations", func(w http.ResponseWriter, r *http.Request) {
		imageWriteSSE(w, imagePartialFrame(0, red))
		hungUp(r, ended) // hold the stream open until the client goes
	})
	c, _ := newTestClient(t, mux)
	closeAtEnd(t, ended)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var got []ImageEvent
	var last error
	within(t, "the stream after its context was cancelled", func() {
		for ev, err := range c.StreamImages(ctx, ImageRequest{Model: ImageModel2, Prompt: "p", PartialImages: imageIntPtr(2)}) {
			if err != nil {
				last = err
				break
			}
			got = append(got, ev)
			cancel()
		}
	})
	if len(got) != 1 || !errors.Is(last, context.Canceled) {
		t.Fatalf("events = %d, err = %v", len(got), last)
	}
}

func TestStreamImagesLeaveLoopEarly(t *testing.T) {
	t.Parallel()
	ended := make(chan struct{})
	red := imageTinyPNG(t, imageRed)
	mux := http.NewServeMux()
	gone := make(chan struct{})
	mux.HandleFunc("/bypass/gamma/v1/images/generations", func(w http.ResponseWriter, r *http.Request) {
		imageWriteSSE(w, imagePartialFrame(0, red))
		if hungUp(r, ended) { // ends only because the client closed the body
			close(gone)
		}
	})
	c, _ := newTestClient(t, mux)
	closeAtEnd(t, ended)
	var got []ImageEvent
	within(t, "the first partial image", func() {
		for ev := range c.StreamImages(context.Background(), ImageRequest{Model: ImageModel2, Prompt: "p", PartialImages: imageIntPtr(1)}) {
			got = append(got, ev)
			break
		}
	})
	if len(got) != 1 || got[0].Type != ImageGenerationPartial {
		t.Fatalf("events before leaving the loop = %+v, want one partial image", got)
	}
	awaitClosed(t, gone, "leaving the loop early did not close the connection")
}

func TestStreamImagesOversizedEvent(t *testing.T) {
	t.Parallel()
	// One event past the decoder's cap ends the stream with an error
	// instead of growing without bound.
	big := bytes.Repeat([]byte("A"), sse.DefaultMaxEventSize+1024)
	mux := http.NewServeMux()
	mux.HandleFunc("/bypass/gamma/v1/images/generations", func(w http.ResponseWriter, r *http.Request) {
		imageWriteSSE(w, `event: image_generation.partial_image`+"\n"+`data: {"type":"image_generation.partial_image","b64_json":"`)
		w.Write(big)
		w.Write([]byte(`"}` + "\n\n"))
	})
	c, _ := newTestClient(t, mux)
	_, err := imageCollect(c.StreamImages(testContext(t), ImageRequest{Model: ImageModel2, Prompt: "p", PartialImages: imageIntPtr(1)}))
	if !errors.Is(err, sse.ErrEventTooLarge) {
		t.Fatalf("err = %v, want ErrEventTooLarge", err)
	}
}
