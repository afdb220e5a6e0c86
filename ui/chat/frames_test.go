package chat

import (
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"atelier/ui/internal/frameclock"
)

// TestFramesLandOnRendererTicks: once the shell says when Bubble Tea's
// renderer ticks, a streaming reply's frames wait for its ticks; before,
// a whole Interval.
func TestFramesLandOnRendererTicks(t *testing.T) {
	for _, tc := range []struct {
		name string
		sync bool
		want time.Duration
	}{
		{"no clock", false, frameclock.Interval},
		// The renderer ticked 13 ms before the tests' clock: the next
		// tick is 37 ms away.
		{"synced", true, frameclock.Interval - 13*time.Millisecond},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, "")
			var waits []time.Duration
			h.m.frames.Tick = func(d time.Duration, fn func(time.Time) tea.Msg) tea.Cmd {
				waits = append(waits, d)
				return func() tea.Msg { return fn(testNow.Add(d)) }
			}
			if tc.sync {
				h.Send(frameclock.SyncMsg{At: testNow.Add(-13 * time.Millisecond)})
			}
			h.sendFor("a long answer please [[long]]", 5)
			if len(waits) == 0 {
				t.Fatal("the reply asked for no frame")
			}
			for i, d := range waits {
				if d != tc.want {
					t.Fatalf("frame %d waits %v, want %v", i, d, tc.want)
				}
			}
		})
	}
}
