package client

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io"
	"iter"
	"net/http"
	"reflect"
	"strings"
	"testing"
)

// imageTinyPNG encodes a real 2x2 PNG of one colour, so that decoding
// tests compare against bytes an image library wrote.
func imageTinyPNG(t testing.TB, c color.NRGBA) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, 2, 2))
	for y := range 2 {
		for x := range 2 {
			img.Set(x, y, c)
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// imageTinyJPEG encodes a real 8x8 JPEG.
func imageTinyJPEG(t testing.TB) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := jpeg.Encode(&b, image.NewGray(image.Rect(0, 0, 8, 8)), nil); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

var (
	imageRed  = color.NRGBA{0xff, 0, 0, 0xff}
	imageBlue = color.NRGBA{0, 0, 0xff, 0xff}
)

func imageB64(b []byte) string { return base64.StdEncoding.EncodeToString(b) }

// imageCheckRequest asserts method, path and the gamma credential.
func imageCheckRequest(t *testing.T, r *http.Request, path string) {
	t.Helper()
	if r.Method != http.MethodPost {
		t.Errorf("method = %s, want POST", r.Method)
	}
	if r.URL.Path != path {
		t.Errorf("path = %s, want %s", r.URL.Path, path)
	}
	if got, want := r.Header.Get("Authorization"), "Bearer "+testKeys.Gamma; got != want {
		t.Errorf("Authorization = %q, want %q", got, want)
	}
	for _, h := range []string{"X-Api-Key", "X-Beta-Api-Key"} {
		if r.Header.Get(h) != "" {
			t.Errorf("unexpected %s header", h)
		}
	}
}

// imageCheckGeneration checks a generation request as imageCheckRequest
// does, and that it accepts accept and its JSON body is want.
func imageCheckGeneration(t *testing.T, r *http.Request, accept string, want map[string]any) {
	t.Helper()
	imageCheckRequest(t, r, imageGenerationsPath)
	if got := r.Header.Get("Accept"); got != accept {
		t.Errorf("Accept = %q, want %q", got, accept)
	}
	if got := imageJSONBody(t, r); !reflect.DeepEqual(got, want) {
		t.Errorf("body = %v\nwant   %v", got, want)
	}
}

// imageJSONBody decodes a JSON request body into a map.
func imageJSONBody(t *testing.T, r *http.Request) map[string]any {
	t.Helper()
	if ct := r.Header.Get("Content-Type"); ct != "application/json" {
		t.Errorf("Content-Type = %q, want application/json", ct)
	}
	raw, err := io.ReadAll(r.Body)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatalf("body is not JSON: %v\n%s", err, raw)
	}
	return m
}

// imageReplyJSON writes a non-streaming reply with the given images.
func imageReplyJSON(w http.ResponseWriter, images ...[]byte) {
	var data []string
	for _, b := range images {
		data = append(data, fmt.Sprintf(`{"b64_json":%q}`, imageB64(b)))
	}
	w.Header().Set("Content-Type", "application/json")
	fmt.Fprintf(w, `{"created":1767225600,"data":[%s],"output_format":"png","usage":{"input_tokens":5,"output_tokens":7,"total_tokens":12}}`,
		strings.Join(data, ","))
}

// imageWriteSSE writes a stream of frames, flushing after each.
func imageWriteSSE(w http.ResponseWriter, frames ...string) {
	w.Header().Set("Content-Type", "text/event-stream")
	for _, f := range frames {
		io.WriteString(w, f)
		w.(http.Flusher).Flush()
	}
}

// imageFrame is one SSE frame with an event line and a data line.
func imageFrame(typ, data string) string {
	return "event: " + typ + "\ndata: " + data + "\n\n"
}

// imagePartialFrame and imageCompletedFrame build generation events.
func imagePartialFrame(idx int, img []byte) string {
	return imageFrame(ImageGenerationPartial, fmt.Sprintf(
		`{"type":%q,"b64_json":%q,"partial_image_index":%d,"created_at":1,"size":"1024x1024","output_format":"png"}`,
		ImageGenerationPartial, imageB64(img), idx))
}

func imageCompletedFrame(img []byte, outputTokens int) string {
	return imageFrame(ImageGenerationCompleted, fmt.Sprintf(
		`{"type":%q,"b64_json":%q,"created_at":2,"size":"1024x1024","output_format":"png","usage":{"input_tokens":3,"output_tokens":%d,"total_tokens":%d}}`,
		ImageGenerationCompleted, imageB64(img), outputTokens, outputTokens+3))
}

// imageCollect runs a stream to its end.
func imageCollect(seq iter.Seq2[ImageEvent, error]) ([]ImageEvent, error) {
	var evs []ImageEvent
	for ev, err := range seq {
		if err != nil {
			return evs, err
		}
		evs = append(evs, ev)
	}
	return evs, nil
}

// imageNoServer is a handler that fails the test if anything is sent.
func imageNoServer(t *testing.T) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		t.Errorf("nothing should be sent, got %s %s", r.Method, r.URL)
		w.WriteHeader(http.StatusTeapot)
	})
}

func imageIntPtr(n int) *int { return &n }
