package compare

import (
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"atelier/client"
	"atelier/client/sim"
	"atelier/ui/tab/tabtest"
)

// madeUpBlind is the tab of a w×h terminal showing a blind run of two
// targets, both done, shown in the order given, not voted yet; not in
// history, so a vote is shown only.
func madeUpBlind(t *testing.T, w, h int, texts ...string) Model {
	m := New(Options{})
	m.SetSize(w-4, h-4)
	m.prompt = "Explain CRDTs to a new engineer"
	m.targets = targets(t, blindSpecs[:2]...)
	m.seq, m.run = 1, run{seq: 1, prompt: m.prompt}
	for i, tg := range m.targets {
		m.run.lanes = append(m.run.lanes, newLane(tg, m.st.Markdown))
		m.run.lanes[i].slot = i
	}
	m.arena = m.arena.started(true, len(m.run.lanes))
	m = drive(t, m, tea.Batch(m.layout()...))
	for i, text := range texts {
		res := client.ChatResult{Text: text, StopReason: []string{"end_turn", "STOP"}[i], Complete: true,
			Usage: client.ChatUsage{Input: 14, Output: 300 + 40*i}, FirstToken: 300 * time.Millisecond, Total: 4 * time.Second}
		m = drive(t, m, fakeStream(m.run.seq, i, reply(text, res, nil), nil).pull())
	}
	return m
}

// TestGoldenBlind draws a blind run before the vote and after `a` at
// 80×24, 120×40 and 200×50: before, letters and replies only (checked
// here too, not only by eye); after, the names and figures. Run with
// -update after a deliberate change, and look at the files.
func TestGoldenBlind(t *testing.T) {
	texts := []string{sim.ReplyText("crdts a"), sim.ReplyText("crdts b")}
	for _, size := range [][2]int{{80, 24}, {120, 40}, {200, 50}} {
		for _, c := range []struct {
			name string
			keys []string
		}{{"blind_before", nil}, {"blind_after", []string{"a"}}} {
			t.Run(fmt.Sprintf("%s_%dx%d", c.name, size[0], size[1]), func(t *testing.T) {
				m := madeUpBlind(t, size[0], size[1], texts...)
				for _, k := range c.keys {
					var cmd tea.Cmd
					m, cmd = m.Update(tabtest.Press(k))
					m = drive(t, m, cmd)
				}
				v := m.View()
				plain := ansi.Strip(v)
				switch g := leaked(plain); {
				case c.keys == nil && g != "":
					t.Errorf("%q before the vote:\n%s", g, plain)
				case c.keys != nil && !strings.Contains(plain, "A = alpha · zq-first"):
					t.Errorf("not revealed:\n%s", plain)
				}
				if n := strings.Count(v, "\n") + 1; n != size[1]-4 {
					t.Errorf("%d lines, want %d", n, size[1]-4)
				}
				golden.RequireEqual(t, tabtest.In256Colours(v))
			})
		}
	}
}

// TestSelfNamingNoted: a blind column whose reply names its model says
// so, and its text is shown as written.
func TestSelfNamingNoted(t *testing.T) {
	m := madeUpBlind(t, 200, 50, "I am zq-first, and here is my answer.", "Here is an answer.")
	plain := ansi.Strip(m.View())
	if strings.Count(plain, "this reply may name its model") != 1 || !strings.Contains(plain, "I am zq-first, and here is my answer.") {
		t.Errorf("want the first column marked, its text as written:\n%s", plain)
	}
}
