package main

import (
	"context"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"atelier/cmd/atelier/internal/clitest"
	"atelier/ui"
	"atelier/ui/tab/tabtest"
)

// liveWithin is how soon after another process wrote a view must show
// it: the shell looks at the store every half second, and the view reads
// what it shows in a command after the look.
const liveWithin = time.Second

// screens is the latest screen a program drew, as plain text, and a way
// to wait for the next: the test reads what the person would see.
type screens struct {
	mu      sync.Mutex
	text    string
	changed chan struct{} // closed, and replaced, at each new screen
}

func newScreens() *screens { return &screens{changed: make(chan struct{})} }

func (s *screens) drawn(text string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if text == s.text {
		return
	}
	s.text = text
	close(s.changed)
	s.changed = make(chan struct{})
}

// await returns the screen once ok holds for it, failing the test when no
// screen drawn before deadline does.
func (s *screens) await(t *testing.T, what string, deadline time.Time, ok func(string) bool) string {
	t.Helper()
	timer := time.NewTimer(time.Until(deadline))
	defer timer.Stop()
	for {
		s.mu.Lock()
		text, next := s.text, s.changed
		s.mu.Unlock()
		if ok(text) {
			return text
		}
		select {
		case <-next:
		case <-timer.C:
			t.Fatalf("%s: not on the screen %v after the deadline; it shows:\n%s", what, time.Since(deadline), text)
		}
	}
}

// shownModel is the shell as Bubble Tea runs it, telling screens what each
// frame shows.
type shownModel struct {
	m ui.Model
	s *screens
}

func (w shownModel) Init() tea.Cmd { return w.m.Init() }

func (w shownModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	next, cmd := w.m.Update(msg)
	w.m = next.(ui.Model)
	return w, cmd
}

func (w shownModel) View() tea.View {
	v := w.m.View()
	w.s.drawn(ansi.Strip(v.Content))
	return v
}

// holds reports whether screen has a line holding every one of parts.
func holds(screen string, parts ...string) bool {
	for _, l := range strings.Split(screen, "\n") {
		all := true
		for _, p := range parts {
			all = all && strings.Contains(l, p)
		}
		if all {
			return true
		}
	}
	return false
}

// TestLiveViewsAcrossProcesses runs the TUI — the shell in a real Bubble
// Tea program, as `atelier --demo` runs it — on a data folder while
// `atelier chat`, `atelier video submit` and `atelier batch run` run as
// child processes on the same folder: each view shows what they made
// within liveWithin of their end, with History's cursor still on the item
// it was on and the batch's cells kept with their batch; and the command
// line lists what the TUI made.
func TestLiveViewsAcrossProcesses(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	child := func(args ...string) (string, time.Time) {
		t.Helper()
		return demoRun(t, dir, args...).stdout, time.Now()
	}
	child("chat", "-p", "alpha", "-m", "demo", "the first question")
	child("chat", "-p", "alpha", "-m", "demo", "the second question")
	batchFile := filepath.Join(dir, "live.toml")
	clitest.WriteFile(t, batchFile, "name = \"live\"\ntargets = [\"alpha:demo\", \"beta:demo\"]\n[[prompts]]\ntext = \"capital of Peru?\"\n")

	a := &app{getenv: func(string) string { return "" }}
	a.flags.demo, a.flags.dataDir, a.flags.simPace = true, dir, 20*time.Millisecond
	defer a.close()
	deps, err := a.tuiDeps(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	s := newScreens()
	tm := teatest.NewTestModel(t, shownModel{m: ui.New(deps), s: s}, teatest.WithInitialTermSize(120, 40))
	soon := func() time.Time { return time.Now().Add(30 * time.Second) } // bounds a hang: nothing waits on it when all is well

	tm.Send(tabtest.Press("alt+5"))
	s.await(t, "History's two chats", soon(), func(v string) bool {
		return holds(v, "the second question") && holds(v, "the first question")
	})
	tm.Send(tabtest.Press("j"))
	s.await(t, "the cursor on the first question", soon(), func(v string) bool { return holds(v, "▸", "the first question") })

	_, done := child("chat", "-p", "alpha", "-m", "demo", "a third question")
	s.await(t, "the chat made by `atelier chat`, the cursor unmoved", done.Add(liveWithin), func(v string) bool {
		return holds(v, "a third question") && holds(v, "▸", "the first question")
	})
	t.Logf("the chat showed %v after its process ended", time.Since(done))
	out, done := child("video", "submit", "videoa/q1/text-to-video", "--set", "prompt=a kite over the sea")
	task := strings.TrimSpace(out)
	s.await(t, "the task of `atelier video submit`, the cursor unmoved", done.Add(liveWithin), func(v string) bool {
		return holds(v, "video", "a kite over the sea") && holds(v, "▸", "the first question")
	})
	t.Logf("the task showed %v after its process ended", time.Since(done))
	_, done = child("batch", "run", batchFile)
	v := s.await(t, "the batch of `atelier batch run`, the cursor unmoved", done.Add(liveWithin), func(v string) bool {
		return holds(v, "batch", "live") && holds(v, "▸", "the first question")
	})
	t.Logf("the batch showed %v after its process ended", time.Since(done))
	if strings.Contains(v, "capital of Peru") {
		t.Fatalf("the batch's cells are among History's items:\n%s", v)
	}

	tm.Send(tabtest.Press("alt+1"))
	v = s.await(t, "Chat's list", soon(), func(v string) bool { return holds(v, "a third question") })
	if strings.Contains(v, "batch live") {
		t.Fatalf("the batch's cells are in Chat's list:\n%s", v)
	}
	tm.Send(tabtest.Press("alt+4"))
	s.await(t, "the task in the Video tab, followed to its end", soon(), func(v string) bool {
		return holds(v, task[:8], "✓")
	})
	tm.Send(tabtest.Press("alt+8"))
	s.await(t, "the batch in the Batch tab", soon(), func(v string) bool { return holds(v, "live", "done") })

	// The other way: what the TUI makes, the command line lists.
	tm.Send(tabtest.Press("alt+1"))
	tm.Type("a question from the TUI")
	tm.Send(tabtest.Press("enter"))
	s.await(t, "the TUI's reply", soon(), func(v string) bool { return strings.Contains(v, "end_turn") })
	if out, _ := child("history", "list", "--kind", "chat"); !strings.Contains(out, "a question from the TUI") {
		t.Fatalf("history list does not list the TUI's chat:\n%s", out)
	}

	tm.Send(tabtest.Press("ctrl+c"))
	tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))
}
