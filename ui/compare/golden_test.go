package compare

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"atelier/ui/tab/tabtest"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/golden"

	"atelier/client"
	"atelier/client/sim"
	"atelier/ui/tab"
)

// drive runs cmd and every command that follows, one after another, giving
// the tab the messages addressed to it: for made-up runs, with no service.
func drive(t *testing.T, m Model, cmd tea.Cmd) Model {
	t.Helper()
	queue := []tea.Cmd{cmd}
	for steps := 0; len(queue) > 0; steps++ {
		if steps > 100000 {
			t.Fatal("commands keep coming")
		}
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		switch msg := c().(type) {
		case tea.BatchMsg:
			queue = append(queue, msg...)
		case tab.ResultMsg:
			var next tea.Cmd
			m, next = m.Update(msg.Msg)
			queue = append(queue, next)
		}
	}
	return m
}

// reply is a stream that sends text in pieces and ends with res.
func reply(text string, res client.ChatResult, err error) []client.ChatDelta {
	var ds []client.ChatDelta
	for len(text) > 0 {
		n := min(len(text), 500)
		ds = append(ds, client.ChatDelta{Kind: client.ChatTextDelta, Text: text[:n]})
		text = text[n:]
	}
	if res.StopReason != "" || err != nil {
		ds = append(ds, client.ChatDelta{Kind: client.ChatDoneDelta, Result: &res})
	}
	return ds
}

// madeUpRun is the tab of a w×h terminal showing a run of four targets:
// two done and judged, one failed, one still streaming.
func madeUpRun(t *testing.T, w, h int) Model {
	m := New(Options{})
	m.SetSize(w-4, h-4)
	m.system = "Be concrete; one example."
	m.prompt = "Explain CRDTs to a new engineer"
	m.targets = targets(t, "alpha:model-x:thinking_budget=2048", "beta:model-y:temperature=0.2", "gamma:model-z:effort=low",
		"alpha:model-x:temperature=1")
	m.seq = 1
	for _, id := range []int64{5, 6, 7} {
		m.browser = m.browser.recorded(id)
	}
	m.run = run{seq: 1, convID: 7, prompt: m.prompt, system: m.system}
	for _, tg := range withSystem(m.targets, m.system) {
		m.run.lanes = append(m.run.lanes, newLane(tg, m.st.Markdown))
	}
	m = drive(t, m, tea.Batch(m.layout()...))
	ok := func(text string, ttft, total time.Duration, out int, stop string) client.ChatResult {
		return client.ChatResult{Text: text, StopReason: stop, Usage: client.ChatUsage{Input: 14, Output: out},
			FirstToken: ttft, Total: total, Complete: true}
	}
	a, b := sim.ReplyText("crdts a"), sim.ReplyText("crdts b")
	streams := []*laneStream{
		fakeStream(1, 0, reply(a, ok(a, 320*time.Millisecond, 4200*time.Millisecond, 512, "end_turn"), nil), nil),
		fakeStream(1, 1, reply(b, ok(b, 910*time.Millisecond, 6020*time.Millisecond, 640, "STOP"), nil), nil),
		fakeStream(1, 2, reply("", client.ChatResult{Total: 1200 * time.Millisecond}, errors.New("x")),
			errors.New("stream response: gamma: 429 Too Many Requests: rate_limit_exceeded: slow down, retry later")),
		fakeStream(1, 3, reply(a[:700], client.ChatResult{}, nil), nil),
	}
	for _, s := range streams {
		m = drive(t, m, s.pull())
	}
	start := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	l := &m.run.lanes[3]
	l.state, l.started, l.first, l.fig.out = streaming, start, start.Add(1400*time.Millisecond), 96
	m.run.lanes[0].rating, m.run.lanes[0].winner = 4, true
	m.run.lanes[1].rating, m.run.lanes[1].note = 3, "too long for a newcomer"
	return m
}

// TestGolden compares the tab's screens with testdata/TestGolden/*.golden,
// drawn in 256 colours, at the tab's size inside a terminal of the size
// named. Run `go test ./ui/compare -run TestGolden -update` after a
// deliberate change, and look at the files.
func TestGolden(t *testing.T) {
	cases := []struct {
		name  string
		model func(t *testing.T, w, h int) Model
		keys  []string
	}{
		{"run", madeUpRun, nil},
		{"focus_third", madeUpRun, []string{"tab", "tab"}},
		{"zoom", madeUpRun, []string{"tab", "z"}},
		{"editor", madeUpRun, []string{"e"}},
		{"targets", madeUpRun, []string{"ctrl+t", "tab", "tab"}},
		{"note", madeUpRun, []string{"n"}},
		{"empty", func(t *testing.T, w, h int) Model {
			m := New(Options{})
			m.SetSize(w-4, h-4)
			return m
		}, nil},
	}
	for _, size := range [][2]int{{80, 24}, {120, 40}, {200, 50}} {
		for _, c := range cases {
			t.Run(fmt.Sprintf("%s_%dx%d", c.name, size[0], size[1]), func(t *testing.T) {
				m := c.model(t, size[0], size[1])
				for _, k := range c.keys {
					var cmd tea.Cmd
					m, cmd = m.Update(tabtest.Press(k))
					m = drive(t, m, cmd)
				}
				v := m.View()
				if n := strings.Count(v, "\n") + 1; n != size[1]-4 {
					t.Errorf("%d lines, want %d", n, size[1]-4)
				}
				golden.RequireEqual(t, tabtest.In256Colours(v))
			})
		}
	}
}
