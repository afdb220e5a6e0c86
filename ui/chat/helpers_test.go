package chat

import (
	"atelier/ui/tab/tabtest"
	"context"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"atelier/client"
	"atelier/client/sim"
	"atelier/store"
	"atelier/ui/tab"
)

func init() { time.Local = time.UTC } // headers show clock times

// testNow is the clock of every test.
var testNow = time.Date(2026, 11, 21, 12, 4, 0, 0, time.UTC)

// harness drives the tab as the shell would: results addressed to Chat
// come back to it; everything else (status bar, clipboard) is kept for the
// test to read. The service is the simulator over real HTTP, the history a
// real store in a temporary folder.
type harness struct {
	t       *testing.T
	m       Model
	db      *store.Store
	dir     string
	client  *client.Client
	out     []tea.Msg // what the tab sent the shell
	pending []tea.Msg // messages not delivered yet, after a pause
	seen    int       // messages delivered
	copies  []string  // texts a test expects on the clipboard
}

// newHarness opens a store in dir (a new one when empty) and a tab on it.
func newHarness(t *testing.T, dir string) *harness {
	t.Helper()
	if dir == "" {
		dir = t.TempDir()
	}
	db, err := store.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	h := &harness{t: t, db: db, dir: dir, client: simClient(t)}
	h.m = newTestModel(Options{Store: db, Models: store.Models{Alpha: "sim-alpha", Beta: "sim-beta", Gamma: "sim-gamma"}})
	h.m.SetSize(116, 36)
	h.run(h.m.Init())
	h.send(tab.ClientMsg{Client: h.client})
	return h
}

// newTestModel is a tab whose frames come at once, at testNow.
func newTestModel(o Options) Model {
	o.Now = func() time.Time { return testNow }
	m := New(o)
	m.tick = func(_ time.Duration, fn func(time.Time) tea.Msg) tea.Cmd {
		return func() tea.Msg { return fn(testNow) }
	}
	return m
}

// simClient is a client of a simulator served over loopback HTTP.
func simClient(t *testing.T) *client.Client {
	t.Helper()
	s := sim.New(sim.Options{})
	srv := httptest.NewServer(s)
	t.Cleanup(func() { srv.Close(); s.Close() })
	c, err := client.New(srv.URL, client.Keys{Alpha: "a", Beta: "b", Gamma: "g", Queue: "q"})
	if err != nil {
		t.Fatal(err)
	}
	c.Backoff = func(int) time.Duration { return 0 }
	c.Sleep = func(context.Context, time.Duration) error { return nil }
	return c
}

// send gives the tab msgs and runs every command that follows, to the end.
func (h *harness) send(msgs ...tea.Msg) *harness {
	h.t.Helper()
	h.pending = append(h.pending, msgs...)
	return h.until(func(tea.Msg) bool { return false })
}

// until delivers pending messages and the results of their commands until
// stop says so of a message just delivered; the rest stays pending.
func (h *harness) until(stop func(tea.Msg) bool) *harness {
	h.t.Helper()
	for len(h.pending) > 0 {
		if h.seen++; h.seen > 100000 {
			h.t.Fatal("messages keep coming")
		}
		msg := h.pending[0]
		h.pending = h.pending[1:]
		var cmd tea.Cmd
		h.m, cmd = h.m.Update(msg)
		_ = h.m.View()
		h.pending = append(h.pending, h.results(cmd)...)
		if stop(msg) {
			break
		}
	}
	return h
}

func (h *harness) run(cmd tea.Cmd) { h.send(h.results(cmd)...) }

// results runs cmd: its messages for this tab are returned, others kept.
func (h *harness) results(cmd tea.Cmd) []tea.Msg {
	return tabtest.Results(h.t, tab.Chat, cmd, &h.out)
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

// prompt types s in the composer and sends it, to the end of the reply.
func (h *harness) prompt(s string) *harness {
	h.t.Helper()
	return h.typ(s).keys("enter")
}

func (h *harness) view() string { return ansi.Strip(h.m.View()) }

// notices and errs are what the tab told the status bar.
func (h *harness) notices() []string { return tabtest.Notices(h.out) }

func (h *harness) errs() []error { return tabtest.Errors(h.out) }

// noErrors fails the test if the tab reported an error.
func (h *harness) noErrors() {
	h.t.Helper()
	if errs := h.errs(); len(errs) > 0 {
		h.t.Fatalf("errors: %v", errs)
	}
}

// stored is the open conversation as the store has it.
func (h *harness) stored() *store.Conversation {
	h.t.Helper()
	c, err := h.db.Conversation(context.Background(), h.m.conv.id)
	if err != nil {
		h.t.Fatal(err)
	}
	return c
}

// last is the last entry on screen.
func (h *harness) last() entry {
	es := h.m.conv.entries
	if len(es) == 0 {
		h.t.Fatal("no entries")
	}
	return es[len(es)-1]
}

// isDelta reports whether msg is a piece of a reply.
func isDelta(msg tea.Msg) bool {
	d, ok := msg.(deltaMsg)
	return ok && d.d.Kind == client.ChatTextDelta
}

// tabClient is the shell handing over a client (nil: no service).
func tabClient(c *client.Client) tea.Msg { return tab.ClientMsg{Client: c} }

// transcript is every line of the open conversation, as plain text.
func (h *harness) transcript() string { return ansi.Strip(strings.Join(h.m.tr.lines, "\n")) }
