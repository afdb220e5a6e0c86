package compare

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/ui/internal/frameclock"
	"atelier/ui/tab"
)

// TestColumnsLandOnRendererTicks: the columns of a run, the one on screen
// when the renderer's clock comes and those launched after, draw their
// frames on its ticks.
func TestColumnsLandOnRendererTicks(t *testing.T) {
	t.Parallel()
	two := targets(t, "alpha:a", "beta:b")
	m := New(Options{})
	m, _ = m.launch(pendingRun{targets: two, prompt: "p"})
	sync := frameclock.SyncMsg{At: time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)}
	m, _ = m.Update(sync)
	want := frameclock.Sync(sync)
	for i, l := range m.run.lanes {
		if l.md.Clock() != want {
			t.Errorf("column %d of the run on screen: clock %v, want %v", i, l.md.Clock(), want)
		}
	}
	m, _ = m.launch(pendingRun{targets: two, prompt: "again"})
	for i, l := range m.run.lanes {
		if l.md.Clock() != want {
			t.Errorf("column %d of the next run: clock %v, want %v", i, l.md.Clock(), want)
		}
	}
}

// TestColumnTakesAtTheTicks: a column's stream is taken at the renderer's
// ticks, every delta in order, the reply's end last, and the column asks
// for no take after it.
func TestColumnTakesAtTheTicks(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	text := strings.Repeat("word ", 300) // three deltas of reply's 500 bytes
	s := fakeStream(1, 0, reply(text, client.ChatResult{Text: text, StopReason: "end_turn"}, nil), nil)
	s.pace.Clock = frameclock.Sync(frameclock.SyncMsg{At: now.Add(-13 * time.Millisecond)})
	s.pace.Now = func() time.Time { return now }
	var waits []time.Duration
	s.pace.Tick = func(d time.Duration, fn func(time.Time) tea.Msg) tea.Cmd {
		waits = append(waits, d)
		return func() tea.Msg { return fn(now.Add(d)) }
	}
	var got []laneMsg
	for cmd := s.pull(); cmd != nil; {
		b := cmd().(tab.ResultMsg).Msg.(batchMsg)
		got = append(got, b...)
		if cmd = nil; !b[len(b)-1].end {
			cmd = s.pull()
		}
	}
	var sb strings.Builder
	for i, msg := range got {
		if msg.delta.Kind == client.ChatTextDelta {
			sb.WriteString(msg.delta.Text)
		}
		if msg.end != (i == len(got)-1) {
			t.Fatalf("event %d of %d: end %v", i, len(got), msg.end)
		}
	}
	if sb.String() != text || got[len(got)-1].delta.Kind != client.ChatDoneDelta {
		t.Fatalf("the column took %d bytes of %d, ending with %v", sb.Len(), len(text), got[len(got)-1].delta.Kind)
	}
	for i, d := range waits {
		if d != frameclock.Interval-13*time.Millisecond {
			t.Fatalf("take %d waited %v, want the next tick, 37ms away", i, d)
		}
	}
}
