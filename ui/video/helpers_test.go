package video

import (
	"atelier/ui/tab/tabtest"
	"bytes"
	"encoding/json"
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
	"atelier/poller"
	"atelier/store"
	"atelier/ui/tab"
)

// start is the tab's fixed start time in tests.
var start = time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)

// harness drives the tab as the shell would: results addressed to Video
// come back to it; everything else is kept for the test to read.
type harness struct {
	t      *testing.T
	m      Model
	out    []tea.Msg // what the tab sent the shell
	opened []string  // videos the tab asked the player to open
	env    map[string]string
}

func newHarness(t *testing.T, o Options) *harness {
	t.Helper()
	h := &harness{t: t, env: map[string]string{}}
	o.Tick = -1 // time arrives as tickMsg, sent by the tests
	if o.Now == nil {
		o.Now = func() time.Time { return start }
	}
	o.Open = func(p string) error { h.opened = append(h.opened, p); return nil }
	if o.Getenv == nil {
		o.Getenv = func(k string) string { return h.env[k] }
	}
	h.m = New(o)
	h.m.SetSize(116, 36)
	h.run(h.m.Init())
	return h
}

// send gives the tab msgs and runs every command that follows.
func (h *harness) send(msgs ...tea.Msg) *harness {
	h.t.Helper()
	queue := msgs
	for len(queue) > 0 {
		msg := queue[0]
		queue = queue[1:]
		var cmd tea.Cmd
		h.m, cmd = h.m.Update(msg)
		queue = append(queue, h.results(cmd)...)
	}
	return h
}

func (h *harness) run(cmd tea.Cmd) { h.send(h.results(cmd)...) }

// results runs cmd: its messages for this tab are returned, others kept.
func (h *harness) results(cmd tea.Cmd) []tea.Msg {
	return tabtest.Results(h.t, tab.Video, cmd, &h.out)
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

// to moves the focus to the form row with path.
func (h *harness) to(path string) *harness {
	h.t.Helper()
	if h.m.mode != editing {
		h.keys("tab")
	}
	for h.m.form.focus > 0 {
		h.keys("up")
	}
	for range len(h.m.form.rows) {
		if h.m.form.focused().path == path {
			return h
		}
		h.keys("down")
	}
	h.t.Fatalf("no row %q in\n%s", path, h.view())
	return h
}

// endpoint opens the form of the endpoint with path (its {mode} included).
func (h *harness) endpoint(path string) *harness {
	h.t.Helper()
	h.keys("ctrl+t")
	for range len(h.m.pick.eps) {
		if h.m.pick.eps[h.m.pick.cursor].Path == path {
			return h.keys("enter")
		}
		h.keys("down")
	}
	h.t.Fatalf("no endpoint %q", path)
	return h
}

func (h *harness) view() string { return ansi.Strip(h.m.View()) }

// line is the first line of the view holding s.
func (h *harness) line(s string) string { return tabtest.Line(h.view(), s) }

// notices and errs are what the tab told the status bar.
func (h *harness) notices() []string { return tabtest.Notices(h.out) }

func (h *harness) errs() []string {
	var out []string
	for _, m := range h.out {
		if e, ok := m.(tab.ErrorMsg); ok {
			out = append(out, e.Err.Error())
		}
	}
	return out
}

// rig is the simulator over loopback HTTP (Pace 0: a task is complete when
// first polled), a store in a temporary folder, a client, and a Poller
// that polls at once; it counts the submissions the service received.
type rig struct {
	c  *client.Client
	st *store.Store
	p  *Poller

	mu     sync.Mutex
	bodies []map[string]any // each submission's body, as received
}

func newRig(t *testing.T, opts sim.Options) *rig {
	t.Helper()
	r := &rig{}
	opts.Keys = map[string]string{"queue": "kq"}
	opts.ValidateVideo = sim.TableRules
	s := sim.New(opts)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		if req.Method == http.MethodPost && strings.HasPrefix(req.URL.Path, "/queue/qv/") {
			b, _ := io.ReadAll(req.Body)
			var body map[string]any
			json.Unmarshal(b, &body)
			r.mu.Lock()
			r.bodies = append(r.bodies, body)
			r.mu.Unlock()
			req.Body = io.NopCloser(bytes.NewReader(b))
		}
		s.ServeHTTP(w, req)
	}))
	t.Cleanup(func() { srv.Close(); s.Close() })
	c, err := client.New(srv.URL, client.Keys{Queue: "kq"})
	if err != nil {
		t.Fatal(err)
	}
	c.Backoff = func(int) time.Duration { return 0 }
	r.c = c
	if r.st, err = store.Open(t.TempDir()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.st.Close() })
	r.p = NewPoller(r.st, poller.Options{Schedule: func(time.Duration) time.Duration { return 0 }})
	t.Cleanup(r.p.Close)
	return r
}

// submissions is how many bodies the service received.
func (r *rig) submissions() []map[string]any {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]map[string]any(nil), r.bodies...)
}

// harness is a tab on the rig, connected.
func (r *rig) harness(t *testing.T) *harness {
	h := newHarness(t, Options{Store: r.st, Poller: r.p})
	return h.send(tab.ClientMsg{Client: r.c})
}

// await feeds the tab the poller's reports until done says so.
func (h *harness) await(p *Poller, done func(Model) bool) {
	h.t.Helper()
	for !done(h.m) {
		select {
		case msg := <-p.Events():
			h.run(func() tea.Msg { return msg })
		case <-time.After(30 * time.Second): // a safety net, not a wait: the reports come at once
			h.t.Fatalf("the poller went quiet:\n%s", h.view())
		}
	}
}

// pngFile writes a small PNG and returns its path.
func pngFile(t *testing.T) string {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 4, 4))
	img.Set(1, 1, color.RGBA{200, 10, 10, 255})
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "frame.png")
	if err := os.WriteFile(p, b.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}
