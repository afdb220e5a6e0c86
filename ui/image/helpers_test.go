package imagetab

import (
	"atelier/ui/tab/tabtest"
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"atelier/client"
	"atelier/client/sim"
	"atelier/store"
	"atelier/ui/imageview"
	"atelier/ui/tab"
)

// harness drives the tab as the shell would, against the simulator over
// real HTTP: results addressed to Image come back to it; what it tells the
// shell is kept for the test to read.
type harness struct {
	t      *testing.T
	m      Model
	db     *store.Store
	outDir string
	srv    *served
	out    []tea.Msg // what the tab sent the shell
	seen   []string  // every view along the way, as plain text
	opened []string  // what was opened in the system viewer
}

// served records the requests the simulator was sent.
type served struct {
	mu   sync.Mutex
	reqs []servedRequest
}

type servedRequest struct {
	path, contentType string
	body              []byte
}

func (s *served) all() []servedRequest {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]servedRequest(nil), s.reqs...)
}

// newHarness opens a store, starts the simulator behind handler (nil: the
// simulator alone) and gives the tab a client for it.
func newHarness(t *testing.T, handler func(sim http.Handler) http.Handler) *harness {
	t.Helper()
	h := &harness{t: t, srv: &served{}, outDir: filepath.Join(t.TempDir(), "out")}
	db, err := store.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	h.db = db
	s := sim.New(sim.Options{Keys: map[string]string{"gamma": "kg"}})
	var inner http.Handler = s
	if handler != nil {
		inner = handler(s)
	}
	mux := http.NewServeMux()
	mux.Handle("/gw/", http.StripPrefix("/gw", h.record(inner)))
	srv := httptest.NewServer(mux)
	t.Cleanup(func() { srv.Close(); s.Close() })
	c, err := client.New(srv.URL+"/gw", client.Keys{Gamma: "kg"})
	if err != nil {
		t.Fatal(err)
	}
	c.Backoff = func(int) time.Duration { return 0 }
	h.m = New(Options{
		Store:    db,
		Settings: &store.Settings{Models: store.Models{Image: client.ImageModel25Flare}, Output: store.Output{Images: h.outDir}},
		Images:   imageview.Capabilities{Override: imageview.ProtocolHalfBlock},
		Getenv:   func(string) string { return "" },
		Open:     func(p string) error { h.opened = append(h.opened, p); return nil },
	})
	h.m.SetSize(116, 36)
	h.send(tab.ClientMsg{Client: c})
	return h
}

// record keeps each request before passing it on.
func (h *harness) record(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(body))
		h.srv.mu.Lock()
		h.srv.reqs = append(h.srv.reqs, servedRequest{path: r.URL.Path, contentType: r.Header.Get("Content-Type"), body: body})
		h.srv.mu.Unlock()
		next.ServeHTTP(w, r)
	})
}

// send gives the tab msgs and runs every command that follows, one at a
// time, in order.
func (h *harness) send(msgs ...tea.Msg) *harness {
	h.t.Helper()
	queue := msgs
	for steps := 0; len(queue) > 0; steps++ {
		if steps > 5000 {
			h.t.Fatal("messages keep coming")
		}
		msg := queue[0]
		queue = queue[1:]
		var cmd tea.Cmd
		h.m, cmd = h.m.Update(msg)
		h.seen = append(h.seen, h.view())
		queue = append(queue, h.results(cmd)...)
	}
	return h
}

// results runs cmd: its messages for this tab are returned, others kept.
func (h *harness) results(cmd tea.Cmd) []tea.Msg {
	return tabtest.Results(h.t, tab.Image, cmd, &h.out)
}

func (h *harness) keys(ks ...string) *harness {
	h.t.Helper()
	for _, k := range ks {
		h.send(tabtest.Press(k))
	}
	return h
}

func (h *harness) typ(s string) *harness {
	h.t.Helper()
	for _, r := range s {
		h.send(tabtest.Press(string(r)))
	}
	return h
}

// to puts the cursor on field f of the form.
func (h *harness) to(f field) *harness {
	h.t.Helper()
	if h.m.area != formArea {
		h.keys("tab")
	}
	for range fieldCount + 1 {
		if h.m.area == formArea && h.m.form.focus == f {
			return h
		}
		h.keys("tab")
	}
	h.t.Fatalf("cannot reach field %s", fieldLabels[f])
	return h
}

// set types value into text field f, replacing what it held.
func (h *harness) set(f field, value string) *harness {
	h.t.Helper()
	h.to(f).keys("ctrl+e", "ctrl+u").typ(value)
	return h
}

// pick steps choice field f until it shows value.
func (h *harness) pick(f field, value string) *harness {
	h.t.Helper()
	h.to(f)
	for range 12 {
		if h.m.form.choice[f] == value {
			return h
		}
		h.keys("right")
	}
	h.t.Fatalf("%s never took %q", fieldLabels[f], value)
	return h
}

func (h *harness) view() string { return ansi.Strip(h.m.View()) }

// line is the first line of the view holding s.
func (h *harness) line(s string) string { return tabtest.Line(h.view(), s) }

// notices and errs are what the tab told the status bar.
func (h *harness) notices() []string { return tabtest.Notices(h.out) }

func (h *harness) errs() []error { return tabtest.Errors(h.out) }

// jobs are the image jobs recorded, newest first.
func (h *harness) jobs() []store.ImageJob {
	h.t.Helper()
	jobs, err := h.db.ImageJobs(context.Background(), store.ImageQuery{})
	if err != nil {
		h.t.Fatal(err)
	}
	return jobs
}

// firstSeen is the index of the first view holding every one of want, -1
// if none does.
func (h *harness) firstSeen(want ...string) int {
	for i, v := range h.seen {
		all := true
		for _, w := range want {
			all = all && strings.Contains(v, w)
		}
		if all {
			return i
		}
	}
	return -1
}

// writePNG writes a small PNG for an edit's input and returns its path.
func writePNG(t *testing.T, name string) string {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, 32, 32))
	for y := range 32 {
		for x := range 32 {
			img.Set(x, y, color.NRGBA{uint8(x * 8), uint8(y * 8), 128, 255})
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}
