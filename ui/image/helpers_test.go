package imagetab

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"atelier/client"
	"atelier/client/sim"
	"atelier/client/sim/simtest"
	"atelier/store"
	"atelier/ui/imageview"
	"atelier/ui/tab"
	"atelier/ui/tab/tabtest"
)

// harness drives the tab as the shell would, against the simulator over
// real HTTP: results addressed to Image come back to it; what it tells the
// shell is kept for the test to read.
type harness struct {
	tabtest.Driver[*harness]
	t      *testing.T
	m      Model
	db     *store.Store
	outDir string
	srv    *served
	seen   []string // every view since watch, as plain text
	watch  bool     // keep the views in seen
	opened []string // what was opened in the system viewer
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
	return newHarnessAt(t, handler, "")
}

// newHarnessAt is newHarness on the data folder dir ("": a new one): a
// second one on the same folder is the tab after a restart.
func newHarnessAt(t *testing.T, handler func(sim http.Handler) http.Handler, dir string) *harness {
	t.Helper()
	h := &harness{t: t, srv: &served{}, outDir: filepath.Join(t.TempDir(), "out")}
	h.Bind(t, tab.Image, h, func(msgs ...tea.Msg) { h.Deliver(h.update, msgs...) })
	db := tabtest.OpenStore(t, dir)
	h.db = db
	url := simtest.Serve(t, sim.Options{Keys: map[string]string{"gamma": "kg"}}, func(s http.Handler) http.Handler {
		inner := s
		if handler != nil {
			inner = handler(s)
		}
		mux := http.NewServeMux()
		mux.Handle("/gw/", http.StripPrefix("/gw", h.record(inner)))
		return mux
	})
	c, err := client.New(url+"/gw", client.Keys{Gamma: "kg"})
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
	// Deletes of images that left the screen wait a few frames; not here.
	h.m.viewer.Tick = func(_ time.Duration, f func(time.Time) tea.Msg) tea.Cmd {
		return func() tea.Msg { return f(time.Time{}) }
	}
	h.m.SetSize(116, 36)
	h.Send(tab.ClientMsg{Client: c})
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

// update gives the tab one message and returns its command, not run; the
// view after it is kept once watching.
func (h *harness) update(msg tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	h.m, cmd = h.m.Update(msg)
	if h.watch {
		h.seen = append(h.seen, h.view())
	}
	return cmd
}

// watching keeps every view from now on in seen, for a test that reads
// the frames of a run: drawing the whole tab after each key typed into
// the form is most of what the other tests would spend under -race.
func (h *harness) watching() *harness {
	h.watch = true
	return h
}

// to puts the cursor on the row of field name ("prompt": the prompt).
func (h *harness) to(name string) *harness {
	h.t.Helper()
	if h.m.area != formArea {
		h.Keys("tab")
	}
	for range 40 {
		on := h.m.form.onPrompt
		if name != "prompt" {
			on = !on && h.m.form.fields.Path() == name
		}
		if h.m.area == formArea && on {
			return h
		}
		h.Keys("tab")
	}
	h.t.Fatalf("cannot reach the row of %s", name)
	return h
}

// set types value into text row name, replacing what it held.
func (h *harness) set(name, value string) *harness {
	h.t.Helper()
	h.to(name).Keys("ctrl+e", "ctrl+u").Type(value)
	return h
}

// pick steps choice row name until it shows value.
func (h *harness) pick(name, value string) *harness {
	h.t.Helper()
	h.to(name)
	for range 12 {
		if h.m.form.fields.Text(name) == value {
			return h
		}
		h.Keys("right")
	}
	h.t.Fatalf("%s never took %q", name, value)
	return h
}

// generateSmall runs prompt on image-2 at 256x256, quality low: a small
// job to have one in the gallery and the history.
func (h *harness) generateSmall(prompt string) *harness {
	h.t.Helper()
	return h.set("prompt", prompt).set(rowModel, client.ImageModel2).set(rowSize, "256x256").pick(rowQuality, "low").Keys("enter")
}

func (h *harness) view() string { return ansi.Strip(h.m.View()) }

// line is the first line of the view holding s.
func (h *harness) line(s string) string { return tabtest.Line(h.view(), s) }

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

// writePNG writes a small PNG (32×32) for an edit's input and returns its
// path.
func writePNG(t *testing.T, name string) string { return writeSizedPNG(t, name, 32, 32) }

// writeSizedPNG writes a w×h PNG and returns its path.
func writeSizedPNG(t *testing.T, name string, w, h int) string {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.NRGBA{uint8(x * 8), uint8(y * 8), 128, 255})
		}
	}
	return tabtest.WritePNG(t, name, img)
}
