package video

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"io"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"atelier/client"
	"atelier/client/sim"
	"atelier/client/sim/simtest"
	"atelier/poller"
	"atelier/store"
	"atelier/ui/tab"
	"atelier/ui/tab/tabtest"
)

// start is the tab's fixed start time in tests.
var start = time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)

// harness drives the tab as the shell would: results addressed to Video
// come back to it; everything else is kept for the test to read.
type harness struct {
	tabtest.Driver[*harness]
	t      *testing.T
	m      Model
	opened []string // videos the tab asked the player to open
	refuse string   // a video the player cannot open (its path); "" for none
	env    map[string]string
}

func newHarness(t *testing.T, o Options) *harness {
	t.Helper()
	h := &harness{t: t, env: map[string]string{}}
	h.Bind(t, tab.Video, h, func(msgs ...tea.Msg) { h.Deliver(tabtest.Step(&h.m), msgs...) })
	o.Tick = -1          // time arrives as tickMsg, sent by the tests
	if o.FFmpeg == nil { // the same views with ffmpeg installed or not
		o.FFmpeg = func() string { return "" }
	}
	if o.Now == nil {
		o.Now = func() time.Time { return start }
	}
	o.Open = func(p string) error {
		if p == h.refuse {
			return fmt.Errorf("open %s: exec: \"xdg-open\": executable file not found in $PATH", p)
		}
		h.opened = append(h.opened, p)
		return nil
	}
	if o.Getenv == nil {
		o.Getenv = func(k string) string { return h.env[k] }
	}
	h.m = New(o)
	h.m.SetSize(116, 36)
	h.Run(h.m.Init())
	return h
}

// to moves the focus to the form row with path.
func (h *harness) to(path string) *harness {
	h.t.Helper()
	if h.m.mode != editing {
		h.Keys("tab")
	}
	for h.m.form.Index() > 0 {
		h.Keys("up")
	}
	for range len(h.m.form.Paths()) {
		if h.m.form.Path() == path {
			return h
		}
		h.Keys("down")
	}
	h.t.Fatalf("no row %q in\n%s", path, h.view())
	return h
}

// endpoint opens the form of the endpoint with path (its {mode} included).
func (h *harness) endpoint(path string) *harness {
	h.t.Helper()
	h.Keys("ctrl+t")
	for range len(h.m.pick.eps) {
		if h.m.pick.eps[h.m.pick.cursor].Path == path {
			return h.Keys("enter")
		}
		h.Keys("down")
	}
	h.t.Fatalf("no endpoint %q", path)
	return h
}

func (h *harness) view() string { return ansi.Strip(h.m.View()) }

// line is the first line of the view holding s.
func (h *harness) line(s string) string { return tabtest.Line(h.view(), s) }

// errs are the texts of the errors the tab told the status bar.
func (h *harness) errs() []string {
	var out []string
	for _, err := range h.Errors() {
		out = append(out, err.Error())
	}
	return out
}

// rig is the simulator over loopback HTTP (Pace 0: a task is complete when
// first polled), a store in a temporary folder, a client, and a Poller
// that polls at once; it counts the submissions the service received.
type rig struct {
	c  *client.Client
	st *store.Store
	p  *poller.Poller

	mu     sync.Mutex
	bodies []map[string]any // each submission's body, as received
	polls  int              // requests for a task's status or result

	refuse atomic.Bool // the media server refuses every download
}

func newRig(t *testing.T, opts sim.Options) *rig {
	t.Helper()
	r := &rig{}
	opts.Keys = map[string]string{"queue": "kq"}
	opts.ValidateVideo = sim.TableRules
	c := simtest.Client(t, simtest.Serve(t, opts, func(s http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
			if req.Method == http.MethodPost && strings.HasPrefix(req.URL.Path, "/queue/qv/") {
				b, _ := io.ReadAll(req.Body)
				var body map[string]any
				json.Unmarshal(b, &body)
				r.mu.Lock()
				r.bodies = append(r.bodies, body)
				r.mu.Unlock()
				req.Body = io.NopCloser(bytes.NewReader(b))
			}
			if strings.Contains(req.URL.Path, "/requests/") {
				r.mu.Lock()
				r.polls++
				r.mu.Unlock()
			}
			if strings.HasPrefix(req.URL.Path, "/sim/media/") && r.refuse.Load() {
				http.Error(w, "forbidden", http.StatusForbidden)
				return
			}
			s.ServeHTTP(w, req)
		})
	}))
	c.Backoff = func(int) time.Duration { return 0 }
	r.c = c
	r.st = tabtest.OpenStore(t, "")
	r.p = poller.New(r.st, poller.Options{Schedule: func(time.Duration) time.Duration { return 0 }})
	t.Cleanup(r.p.Close)
	return r
}

// submissions is how many bodies the service received.
func (r *rig) submissions() []map[string]any {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]map[string]any(nil), r.bodies...)
}

// polled is how many status and result requests the service received.
func (r *rig) polled() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.polls
}

// harness is a tab on the rig, connected.
func (r *rig) harness(t *testing.T) *harness { return r.harnessWith(t, Options{}) }

// harnessWith is a tab on the rig with o's other options, connected.
func (r *rig) harnessWith(t *testing.T, o Options) *harness {
	o.Store, o.Poller = r.st, r.p
	return newHarness(t, o).Send(tab.ClientMsg{Client: r.c})
}

// await feeds the tab the poller's reports until done says so.
func (h *harness) await(p *poller.Poller, done func(Model) bool) {
	h.t.Helper()
	for !done(h.m) {
		select {
		case e := <-p.Events():
			h.Run(func() tea.Msg { return EventMsg(e) })
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
	return tabtest.WritePNG(t, "frame.png", img)
}
