package compare

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"atelier/client"
	"atelier/client/sim"
	"atelier/client/sim/simtest"
	"atelier/store"
	"atelier/ui/internal/deltaq"
	"atelier/ui/internal/frameclock"
	"atelier/ui/tab"
	"atelier/ui/tab/tabtest"
)

// harness drives the tab as Bubble Tea would: every command runs in its own
// goroutine and its message comes back through one channel, to Update, one
// at a time. Results addressed to Compare come back to the tab; the rest is
// kept for the test to read.
type harness struct {
	tabtest.Driver[*harness]
	t    *testing.T
	m    Model
	db   *store.Store
	dir  string // exports go here
	msgs chan tea.Msg
	busy int   // commands running
	ends []int // the columns in the order their replies ended
	// after is called after every Update, with the harness.
	after func(*harness)
}

// newHarness is the tab over a real store in a temporary folder, sized
// 116×36 (a 120×40 terminal), with c as its client.
func newHarness(t *testing.T, c *client.Client) *harness {
	t.Helper()
	dir := t.TempDir()
	db := tabtest.OpenStore(t, filepath.Join(dir, "data"))
	h := &harness{t: t, db: db, dir: filepath.Join(dir, "exports"), msgs: make(chan tea.Msg, 64)}
	h.Bind(t, tab.Compare, h, h.send)
	h.m = New(Options{Store: db, ExportDir: h.dir})
	h.m.SetSize(116, 36)
	h.m, _ = h.m.Update(tab.ClientMsg{Client: c})
	h.run(h.m.Init())
	h.settle()
	return h
}

// run starts cmd as Bubble Tea would.
func (h *harness) run(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	h.busy++
	go func() { h.msgs <- cmd() }()
}

// send gives the tab msgs, then runs what follows until nothing is left:
// the harness's Send.
func (h *harness) send(msgs ...tea.Msg) {
	h.t.Helper()
	for _, msg := range msgs {
		h.update(msg)
	}
	h.settle()
}

// settle handles messages until no command is running.
func (h *harness) settle() {
	h.t.Helper()
	hung := tabtest.Hung(h.t)
	for h.busy > 0 {
		select {
		case msg := <-h.msgs:
			h.busy--
			h.deliver(msg)
		case <-hung:
			h.t.Fatalf("commands still running near the test's deadline (%d)\n%s", h.busy, h.view())
		}
	}
}

// deliver routes one command's message.
func (h *harness) deliver(msg tea.Msg) {
	switch msg := msg.(type) {
	case nil:
	case tea.BatchMsg:
		for _, c := range msg {
			h.run(c)
		}
	case tab.ResultMsg:
		if msg.To != tab.Compare {
			h.t.Fatalf("a result addressed to tab %d", msg.To)
		}
		h.update(msg.Msg)
	default:
		h.Out = append(h.Out, msg)
	}
}

func (h *harness) update(msg tea.Msg) {
	var cmd tea.Cmd
	if b, ok := msg.(batchMsg); ok {
		if lm := b[len(b)-1]; lm.end && lm.seq == h.m.run.seq {
			h.ends = append(h.ends, lm.lane)
		}
	}
	h.m, cmd = h.m.Update(msg)
	if h.after != nil {
		h.after(h)
	}
	h.run(cmd)
}

func (h *harness) view() string { return ansi.Strip(h.m.View()) }

// conversation reads the run on screen back from history.
func (h *harness) conversation() *store.Conversation {
	h.t.Helper()
	return tabtest.Conversation(h.t, h.db, h.m.run.convID)
}

// service is the simulator behind a loopback server (simtest). hold, when
// set, is called for each request before the simulator answers it.
type service struct {
	url  string
	hold func(r *http.Request, body []byte)
	quit chan struct{} // closed when the test ends: a hold must let go
}

// held waits until the request is given up, or the test ends.
func (s *service) held(r *http.Request) {
	select {
	case <-r.Context().Done():
	case <-s.quit:
	}
}

// onSim is a harness on the simulator with prompt and the targets of
// specs written, not yet run.
func onSim(t *testing.T, prompt string, specs ...string) *harness {
	t.Helper()
	h := newHarness(t, newService(t).client(t))
	h.m.targets, h.m.prompt = targets(t, specs...), prompt
	return h
}

func newService(t *testing.T) *service {
	t.Helper()
	s := &service{quit: make(chan struct{})}
	s.url = simtest.Serve(t, sim.Options{}, func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			body, _ := io.ReadAll(r.Body)
			r.Body = io.NopCloser(bytes.NewReader(body))
			if s.hold != nil {
				s.hold(r, body)
			}
			next.ServeHTTP(w, r)
		})
	})
	t.Cleanup(func() { close(s.quit) }) // before the server closes (cleanups run last first): a hold lets go
	return s
}

// client talks to the service with any key, and retries without waiting.
func (s *service) client(t *testing.T) *client.Client {
	t.Helper()
	c := simtest.Client(t, s.url)
	c.Sleep = func(ctx context.Context, _ time.Duration) error { return ctx.Err() }
	c.Headers = map[client.Group]http.Header{}
	return c
}

// targets parses specs.
func targets(t *testing.T, specs ...string) []client.ChatTarget {
	t.Helper()
	var out []client.ChatTarget
	for _, s := range specs {
		tg, err := client.ParseChatTarget(s)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, tg)
	}
	return out
}

// fakeStream is a stream that yields deltas, for runs made up by tests.
func fakeStream(seq, lane int, deltas []client.ChatDelta, err error) *laneStream {
	seq2 := func(yield func(client.ChatDelta, error) bool) {
		for i, d := range deltas {
			var e error
			if i == len(deltas)-1 {
				e = err
			}
			if !yield(d, e) {
				return
			}
		}
	}
	q := deltaq.Start(seq2, 0)
	return &laneStream{seq: seq, lane: lane, q: q, pace: frameclock.Pace{Tick: noWait, Now: time.Now}}
}

// noWait is a frame that comes at once.
func noWait(_ time.Duration, fn func(time.Time) tea.Msg) tea.Cmd {
	return func() tea.Msg { return fn(time.Now()) }
}

// hasAll reports whether s holds every one of parts.
func hasAll(s string, parts ...string) bool {
	return !slices.ContainsFunc(parts, func(p string) bool { return !strings.Contains(s, p) })
}
