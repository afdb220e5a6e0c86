package sim

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// FuzzRequests sends arbitrary bodies to every POST endpoint: the simulator
// must answer each with a well-formed reply below 500 (unless the body asks
// for a fault), never panic.
func FuzzRequests(f *testing.F) {
	paths := []string{alphaPath, betaPath, betaStreamPath, responsesPath, generationsPath, editsPath,
		"/queue/qv/videoa/q1/text-to-video", "/queue/qv/videob/o3/pro/image-to-video", "/queue/qv/videoc3.1/fast"}
	for i, p := range paths {
		for _, body := range []any{endpointsByGroup[groupOf(p)].body, alphaBody("x", map[string]any{"stream": true}),
			betaBody("x", map[string]any{"generationConfig": map[string]any{"maxOutputTokens": 1}}),
			responsesBody([]any{map[string]any{"role": "user", "content": "x"}}, map[string]any{"max_output_tokens": 1}),
			imageBody(map[string]any{"size": "16x16", "n": 2, "stream": true, "partial_images": 1}),
			imageBody(map[string]any{"size": "16x16", "images": []any{"https://example.org/a.png"}})} {
			b, _ := json.Marshal(body)
			f.Add(uint8(i), b)
		}
	}
	f.Add(uint8(0), []byte(`{"messages":null}`))
	f.Add(uint8(5), []byte(`--x--`))
	s := New(Options{Clock: newFakeClock().Now})
	f.Fuzz(func(t *testing.T, which uint8, body []byte) {
		if bytes.Contains(body, []byte("[[fault")) {
			return
		}
		p := paths[int(which)%len(paths)]
		if bigImage(p, body) {
			return // rendering cost, not parsing, would dominate
		}
		req := httptest.NewRequest(http.MethodPost, p, bytes.NewReader(body))
		authHeader(req.Header, groupOf(p), "k")
		if int(which)%3 == 0 {
			req.Header.Set("Content-Type", "multipart/form-data; boundary=x")
		}
		w := httptest.NewRecorder()
		s.ServeHTTP(w, req)
		if w.Code >= 500 {
			t.Fatalf("%s: %d %s", p, w.Code, w.Body.Bytes())
		}
		if ct := w.Header().Get("Content-Type"); ct == "application/json" && !json.Valid(w.Body.Bytes()) {
			t.Fatalf("%s: invalid JSON reply %s", p, w.Body.Bytes())
		}
	})
}

// bigImage reports whether body asks for images larger than 64x64.
func bigImage(path string, body []byte) bool {
	if !strings.Contains(path, "/images/") {
		return false
	}
	var probe struct {
		Size string `json:"size"`
	}
	_ = json.Unmarshal(body, &probe)
	w, h, err := parseImageSize(probe.Size)
	return err == nil && w*h > 64*64
}
