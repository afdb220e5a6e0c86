package batch

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	engine "atelier/batch"
	"atelier/client"
	"atelier/client/sim"
	"atelier/client/sim/simtest"
	"atelier/store"
	"atelier/ui/tab"
	"atelier/ui/tab/tabtest"
)

func TestMain(m *testing.M) { tabtest.InUTC(m) } // dates read the same everywhere

// harness drives the tab as the shell would: results addressed to Batch
// come back to it in order; the rest is kept for the test. A run's
// progress is drained by the tab's own commands, each report a message.
type harness struct {
	tabtest.Driver[*harness]
	t testing.TB
	m Model
	// onProgress, when set, sees each report the tab took and may return
	// messages (a key press mid-run) for the tab to take at once, before
	// the next report.
	onProgress func(engine.Progress) []tea.Msg
}

func newHarness(t testing.TB, db *store.Store, c *client.Client, settings *store.Settings, w, h int) *harness {
	t.Helper()
	hs := &harness{t: t, m: New(Options{Store: db, Settings: settings})}
	hs.Bind(t, tab.Batch, hs, func(msgs ...tea.Msg) { hs.Deliver(hs.update, msgs...) })
	hs.m.SetSize(w, h)
	hs.Run(hs.m.Init())
	if c != nil {
		hs.Send(tab.ClientMsg{Client: c})
	}
	return hs
}

func (hs *harness) update(msg tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	hs.m, cmd = hs.m.Update(msg)
	if p, ok := msg.(progressMsg); ok && hs.onProgress != nil {
		for _, extra := range hs.onProgress(p.p) {
			var more tea.Cmd
			hs.m, more = hs.m.Update(extra)
			cmd = tea.Batch(cmd, more)
		}
	}
	return cmd
}

func (hs *harness) view() string { return ansi.Strip(hs.m.View()) }

// gate wraps the simulator: it counts requests per prompt and, while
// holding, keeps every request after the first pass until its client
// goes (a stopped run cancels them).
type gate struct {
	next http.Handler

	mu       sync.Mutex
	prompts  map[string]int
	passed   int
	pass     int  // with hold: requests let through before holding
	hold     bool // hold the requests after pass
	inFlight int
	most     int
}

func (g *gate) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body := new(strings.Builder)
	buf := make([]byte, 32<<10)
	for {
		n, err := r.Body.Read(buf)
		body.Write(buf[:n])
		if err != nil {
			break
		}
	}
	r.Body = readCloser{strings.NewReader(body.String())}
	g.mu.Lock()
	for _, p := range []string{"Capital of France", "Capital of Peru", "Say hello", "Say goodbye"} {
		if strings.Contains(body.String(), p) {
			g.prompts[p]++
		}
	}
	g.passed++
	hold := g.hold && g.passed > g.pass
	g.inFlight++
	g.most = max(g.most, g.inFlight)
	g.mu.Unlock()
	defer func() {
		g.mu.Lock()
		g.inFlight--
		g.mu.Unlock()
	}()
	if hold {
		<-r.Context().Done()
		return
	}
	g.next.ServeHTTP(w, r)
}

type readCloser struct{ *strings.Reader }

func (readCloser) Close() error { return nil }

// newSim starts the simulator behind a gate and returns a client for it.
func newSim(t testing.TB) (*client.Client, *gate) {
	t.Helper()
	var g *gate
	url := simtest.Serve(t, sim.Options{}, func(s http.Handler) http.Handler {
		g = &gate{next: s, prompts: map[string]int{}}
		return g
	})
	return simtest.Client(t, url), g
}

func openStore(t testing.TB) *store.Store { return tabtest.OpenStore(t, "") }

// smallBatch is a batch file of 2 cases × 2 targets × repeats, with a
// check only the France case can pass.
func smallBatch(t testing.TB, repeats int) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "small.toml")
	src := fmt.Sprintf(`name = "capitals"
targets = ["alpha:model-a", "beta:model-b"]
repeats = %d
concurrency = 1
[[prompts]]
name = "fr"
text = "Capital of France?"
[[prompts]]
name = "pe"
text = "Capital of Peru?"
`, repeats)
	if err := os.WriteFile(path, []byte(src), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// fixture records a finished batch straight into the store, with fixed
// figures and replies, so its views are the same at every run: cases ×
// targets × repeats cells; reply gives each cell's text and whether its
// checks passed (nil: no checks), fail says which cells failed.
type fixture struct {
	cases   []string
	targets []string
	repeats int
	reply   func(c, t, r int) (string, *bool)
	fail    func(c, t, r int) bool
}

func (f fixture) record(t testing.TB, db *store.Store) int64 {
	t.Helper()
	ctx := context.Background()
	plan := &engine.Plan{Name: "fixture", Targets: f.targets, Repeats: f.repeats}
	for i, name := range f.cases {
		plan.Cases = append(plan.Cases, engine.Case{Prompt: i, Name: name, Text: "Question: " + name,
			Checks: []engine.Check{{Kind: engine.CheckContains, Arg: "yes"}}})
	}
	id, err := engine.Create(ctx, db, plan, "fixture.toml")
	if err != nil {
		t.Fatal(err)
	}
	for i := range plan.Cells() {
		c, tg, r := plan.Cell(i)
		conv, err := db.NewConversation(ctx, store.KindChat, "cell")
		if err != nil {
			t.Fatal(err)
		}
		if err := db.StartCell(ctx, id, i, conv); err != nil {
			t.Fatal(err)
		}
		if f.fail != nil && f.fail(c, tg, r) {
			if err := db.FinishCell(ctx, id, i, store.CellEnd{Status: store.CellFailed, Error: "alpha: 500 internal error"}); err != nil {
				t.Fatal(err)
			}
			continue
		}
		text, passed := f.reply(c, tg, r)
		msg, err := db.AddMessage(ctx, store.Message{ConversationID: conv, Role: store.RoleAssistant, Text: text,
			Status: store.StatusComplete})
		if err != nil {
			t.Fatal(err)
		}
		end := store.CellEnd{Status: store.CellDone, MessageID: msg, Passed: passed,
			TTFT: time.Duration(100+10*c+tg) * time.Millisecond, Total: time.Duration(1000+100*c+10*tg+r) * time.Millisecond,
			Usage:     store.Usage{InputTokens: 20, OutputTokens: int64(100 + 10*c + tg)},
			FirstLine: strings.SplitN(text, "\n", 2)[0]}
		if passed != nil {
			why := map[bool]string{true: "", false: `,"why":"not in the reply"`}[*passed]
			end.ChecksJSON = []byte(fmt.Sprintf(`[{"check":"contains \"yes\"","pass":%v%s}]`, *passed, why))
		}
		if err := db.FinishCell(ctx, id, i, end); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := db.ReleaseBatch(ctx, id); err != nil {
		t.Fatal(err)
	}
	return id
}

// threeByThree is the goldens' batch: three cases over three targets,
// twice each; beta fails the check on "sum", gamma's "poem" failed once.
func threeByThree() fixture {
	return fixture{
		cases:   []string{"capital[country=France]", "sum", "poem"},
		targets: []string{"alpha:model-a", "beta:model-b", "gamma:model-g:temperature=1"},
		repeats: 2,
		reply: func(c, t, r int) (string, *bool) {
			pass := !(c == 1 && t == 1)
			word := map[bool]string{true: "yes", false: "no"}[pass]
			return fmt.Sprintf("Answer %d from target %d: %s, **surely**.\n\n- point one\n- point two", c, t, word), &pass
		},
		fail: func(c, t, r int) bool { return c == 2 && t == 2 && r == 1 },
	}
}
