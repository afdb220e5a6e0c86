// Package simtest serves the simulator (client/sim) over loopback HTTP for
// tests, as net/http/httptest serves a handler: the batch runner's tests
// and the tabs' share it.
package simtest

import (
	"bytes"
	"image/png"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"atelier/client"
	"atelier/client/sim"
)

// Serve starts the simulator with opts behind wrap (when it is not nil)
// on a loopback server and returns the server's URL. Both are closed when
// the test ends, the server first.
func Serve(t testing.TB, opts sim.Options, wrap func(http.Handler) http.Handler) string {
	t.Helper()
	s := sim.New(opts)
	t.Cleanup(s.Close)
	var h http.Handler = s
	if wrap != nil {
		h = wrap(s)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv.URL
}

// Client is a client of url with a key for every group.
func Client(t testing.TB, url string) *client.Client {
	t.Helper()
	c, err := client.New(url, client.Keys{Alpha: "ka", Beta: "kb", Gamma: "kg", Queue: "kq"})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// Keys are the keys Env and Client give atelier, by group: a simulator made
// with them (sim.Options.Keys) refuses any other.
func Keys() map[string]string {
	return map[string]string{"alpha": "ka", "beta": "kb", "gamma": "kg", "queue": "kq"}
}

// Printed is what `atelier chat` prints for prompt against the simulator:
// its reply, ending with a newline.
func Printed(prompt string) string {
	s := sim.ReplyText(prompt)
	if !strings.HasSuffix(s, "\n") {
		s += "\n"
	}
	return s
}

// CheckPNG fails the test unless path holds a PNG of w×h pixels.
func CheckPNG(t testing.TB, path string, w, h int) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(b))
	if err != nil || cfg.Width != w || cfg.Height != h {
		t.Fatalf("%s: %dx%d, %v", path, cfg.Width, cfg.Height, err)
	}
}

// CheckMP4 fails the test unless path holds an MP4: its first box is ftyp.
func CheckMP4(t testing.TB, path string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) < 12 || string(b[4:8]) != "ftyp" {
		t.Fatalf("%s: not an MP4 (%d bytes, % x)", path, len(b), b[:min(len(b), 12)])
	}
}

// Service is the simulator, with the keys of Keys and the validation of
// the video endpoints' tables, counting the requests it gets; Env is what
// atelier runs under to use it, on a data folder of its own, Home.
type Service struct {
	URL  string
	Home string
	Env  []string
	Hits atomic.Int32
}

// NewService starts a Service for the test.
func NewService(t testing.TB) *Service {
	t.Helper()
	svc := &Service{}
	svc.URL = Serve(t, sim.Options{Keys: Keys(), ValidateVideo: sim.TableRules}, func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			svc.Hits.Add(1)
			h.ServeHTTP(w, r)
		})
	})
	svc.Home = t.TempDir()
	svc.Env = []string{"ATELIER_BASE_URL=" + svc.URL, "ATELIER_ALPHA_KEY=ka", "ATELIER_BETA_KEY=kb",
		"ATELIER_GAMMA_KEY=kg", "ATELIER_QUEUE_KEY=kq", "ATELIER_HOME=" + svc.Home}
	return svc
}

// WithConfig is Env with a config.toml of its own holding config: the
// environment of a run that needs settings (a fault header, prices).
func (svc *Service) WithConfig(t testing.TB, config string) []string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "config.toml")
	if err := os.WriteFile(path, []byte(config), 0o600); err != nil {
		t.Fatal(err)
	}
	return append(append([]string{}, svc.Env...), "ATELIER_CONFIG="+path)
}

// VideoBody is a valid request body for endpoint e, asking for prompt:
// each required field filled (an image URL where a picture or video is
// asked for, a subject with one image, the prompt elsewhere) and the
// prompt.
func VideoBody(e client.VideoEndpoint, prompt string) map[string]any {
	body := map[string]any{}
	img := "https://example.org/frame.png"
	for _, f := range e.Fields {
		switch {
		case !f.Required:
		case f.Name == "subjects":
			body[f.Name] = []any{map[string]any{"id": "cat", "images": []any{img}, "voice_id": ""}}
		case f.Kind == client.VideoStringList:
			body[f.Name] = []any{img}
		case f.Image || f.Video || strings.HasSuffix(f.Name, "_url"):
			body[f.Name] = img
		default:
			body[f.Name] = prompt
		}
	}
	body["prompt"] = prompt
	return body
}
