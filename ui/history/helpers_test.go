package history

import (
	"atelier/ui/tab/tabtest"
	"os"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"atelier/store"
	"atelier/ui/tab"
)

func TestMain(m *testing.M) {
	time.Local = time.UTC // dates on screen read the same everywhere
	os.Exit(m.Run())
}

// now is the test clock: a day after the fixture's last item.
func now() time.Time { return t0.Add(48 * time.Hour) }

// harness drives the tab as the shell would: results addressed to History
// come back to it; everything else is kept for the test to read.
type harness struct {
	t   testing.TB
	m   Model
	out []tea.Msg // what the tab sent the shell
}

func newHarness(t testing.TB, db *store.Store, w, h int) *harness {
	t.Helper()
	hs := &harness{t: t}
	hs.m = New(Options{Store: db, Now: now})
	hs.m.SetSize(w, h)
	hs.run(hs.m.Init())
	return hs
}

// send gives the tab msgs and runs every command that follows.
func (hs *harness) send(msgs ...tea.Msg) *harness {
	hs.t.Helper()
	queue := msgs
	for steps := 0; len(queue) > 0; steps++ {
		if steps > 10_000 {
			hs.t.Fatal("messages keep coming")
		}
		msg := queue[0]
		queue = queue[1:]
		var cmd tea.Cmd
		hs.m, cmd = hs.m.Update(msg)
		queue = append(queue, hs.results(cmd)...)
	}
	return hs
}

func (hs *harness) run(cmd tea.Cmd) { hs.send(hs.results(cmd)...) }

// results runs cmd: its messages for this tab are returned, others kept.
func (hs *harness) results(cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	switch msg := cmd().(type) {
	case nil:
		return nil
	case tea.BatchMsg:
		var out []tea.Msg
		for _, c := range msg {
			out = append(out, hs.results(c)...)
		}
		return out
	case tab.ResultMsg:
		if msg.To != tab.History {
			hs.t.Fatalf("a result addressed to tab %d", msg.To)
		}
		return []tea.Msg{msg.Msg}
	default:
		hs.out = append(hs.out, msg)
		return nil
	}
}

func (hs *harness) keys(ks ...string) *harness {
	hs.t.Helper()
	for _, k := range ks {
		hs.send(tabtest.Press(k))
	}
	return hs
}

func (hs *harness) typ(s string) *harness {
	hs.t.Helper()
	for _, r := range s {
		hs.send(tabtest.Press(string(r)))
	}
	return hs
}

func (hs *harness) view() string { return ansi.Strip(hs.m.View()) }

// to moves the cursor to the first row holding text.
func (hs *harness) to(text string) *harness {
	hs.t.Helper()
	hs.keys("g")
	for range len(hs.m.list.rows) {
		if r, ok := hs.m.list.selected(); ok && strings.Contains(r.title, text) {
			return hs
		}
		hs.keys("j")
	}
	hs.t.Fatalf("no row %q in\n%s", text, hs.view())
	return hs
}

// notices and errs are what the tab told the status bar.
func (hs *harness) notices() []string {
	var out []string
	for _, m := range hs.out {
		if n, ok := m.(tab.NoticeMsg); ok {
			out = append(out, n.Text)
		}
	}
	return out
}

func (hs *harness) errs() []error {
	var out []error
	for _, m := range hs.out {
		if e, ok := m.(tab.ErrorMsg); ok {
			out = append(out, e.Err)
		}
	}
	return out
}

// titles are the titles of the rows, in order.
func (hs *harness) titles() []string {
	var out []string
	for _, r := range hs.m.list.rows {
		out = append(out, plainTitle(r))
	}
	return out
}
