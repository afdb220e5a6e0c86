package chat

import (
	"context"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"atelier/client"
	"atelier/client/sim"
	"atelier/client/sim/simtest"
	"atelier/store"
	"atelier/ui/tab"
	"atelier/ui/tab/tabtest"
)

func init() { time.Local = time.UTC } // headers show clock times

// testNow is the clock of every test.
var testNow = time.Date(2026, 11, 21, 12, 4, 0, 0, time.UTC)

// harness drives the tab as the shell would: results addressed to Chat
// come back to it; everything else (status bar, clipboard) is kept for the
// test to read. The service is the simulator over real HTTP, the history a
// real store in a temporary folder.
type harness struct {
	tabtest.Driver[*harness]
	t       *testing.T
	m       Model
	db      *store.Store
	dir     string
	client  *client.Client
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
	db := tabtest.OpenStore(t, dir)
	h := (&harness{t: t, db: db, dir: dir, client: simClient(t)}).bind()
	h.m = newTestModel(Options{Store: db, Models: store.Models{Alpha: "sim-alpha", Beta: "sim-beta", Gamma: "sim-gamma"}})
	h.m.SetSize(116, 36)
	h.Run(h.m.Init())
	h.Send(tab.ClientMsg{Client: h.client})
	return h
}

// bind makes Send deliver msgs, and the results of their commands, to the
// end (until can stop midway).
func (h *harness) bind() *harness {
	h.Bind(h.t, tab.Chat, h, func(msgs ...tea.Msg) {
		h.pending = append(h.pending, msgs...)
		h.until(func(tea.Msg) bool { return false })
	})
	return h
}

// newTestModel is a tab whose frames come at once, at testNow.
func newTestModel(o Options) Model {
	o.Now = func() time.Time { return testNow }
	m := New(o)
	m.frames.Tick = func(_ time.Duration, fn func(time.Time) tea.Msg) tea.Cmd {
		return func() tea.Msg { return fn(testNow) }
	}
	return m
}

// simClient is a client of a simulator served over loopback HTTP.
func simClient(t *testing.T) *client.Client {
	t.Helper()
	c := simtest.Client(t, simtest.Serve(t, sim.Options{}, nil))
	c.Backoff = func(int) time.Duration { return 0 }
	c.Sleep = func(context.Context, time.Duration) error { return nil }
	return c
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
		h.pending = append(h.pending, h.Results(cmd)...)
		if stop(msg) {
			break
		}
	}
	return h
}

// sendFor types s and sends it, then delivers the reply's pieces until n
// have arrived; the rest stays pending.
func (h *harness) sendFor(s string, n int) *harness {
	h.t.Helper()
	h.Type(s)
	return h.more(n, tabtest.Press("enter"))
}

// more delivers msgs, then the reply's pieces until n more have arrived.
func (h *harness) more(n int, msgs ...tea.Msg) *harness {
	h.t.Helper()
	pieces := 0
	h.pending = append(h.pending, msgs...)
	return h.until(func(msg tea.Msg) bool {
		pieces += textPieces(msg)
		return pieces >= n
	})
}

// prompt types s in the composer and sends it, to the end of the reply.
func (h *harness) prompt(s string) *harness {
	h.t.Helper()
	return h.Type(s).Keys("enter")
}

func (h *harness) view() string { return ansi.Strip(h.m.View()) }

// stored is the open conversation as the store has it.
func (h *harness) stored() *store.Conversation {
	h.t.Helper()
	return tabtest.Conversation(h.t, h.db, h.m.conv.id)
}

// last is the last entry on screen.
func (h *harness) last() entry {
	es := h.m.conv.entries
	if len(es) == 0 {
		h.t.Fatal("no entries")
	}
	return es[len(es)-1]
}

// textPieces is how many pieces of a reply's text msg brings.
func textPieces(msg tea.Msg) int {
	b, _ := msg.(batchMsg)
	n := 0
	for _, d := range b.pieces {
		if d.d.Kind == client.ChatTextDelta {
			n++
		}
	}
	return n
}

// tabClient is the shell handing over a client (nil: no service).
func tabClient(c *client.Client) tea.Msg { return tab.ClientMsg{Client: c} }

// transcript is every line of the open conversation, as plain text.
func (h *harness) transcript() string { return ansi.Strip(strings.Join(h.m.tr.lines, "\n")) }
