package frameclock

import (
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
)

func TestZeroClockWaitsAnInterval(t *testing.T) {
	if got := (Clock{}).Wait(time.Now()); got != Interval {
		t.Fatalf("Wait = %v, want %v", got, Interval)
	}
}

// TestWaitLandsOnTicks: whenever a frame is asked for, it lands on a tick
// of the renderer, at least half an Interval away and at most one and a half.
func TestWaitLandsOnTicks(t *testing.T) {
	phase := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	c := Sync(SyncMsg{At: phase})
	ms := time.Millisecond
	for _, tc := range []struct {
		since, want time.Duration // now - phase, and the wait
	}{
		{0, Interval}, // on a tick: the next one
		{100 * time.Microsecond, Interval - 100*time.Microsecond}, // the tick's own frame, laid out
		{3 * ms, 47 * ms},
		{25 * ms, 25 * ms},  // exactly half way: that tick
		{26 * ms, 74 * ms},  // past half way: the one after
		{49 * ms, 51 * ms},  // a hair before a tick: not that tick
		{-1 * ms, 51 * ms},  // the clock synced a little late
		{-30 * ms, 30 * ms}, // before the phase: the phase itself
		{10*time.Second + 7*ms, 43 * ms},
	} {
		now := phase.Add(tc.since)
		got := c.Wait(now)
		if got != tc.want {
			t.Errorf("since %v: Wait = %v, want %v", tc.since, got, tc.want)
		}
		if at := now.Add(got).Sub(phase); at%Interval != 0 {
			t.Errorf("since %v: lands %v after the phase, not on a tick", tc.since, at)
		}
	}
}

// TestWaitOverTime: a chain of frames, each asked for a little after the
// last one landed, lands on every tick, never two in one Interval.
func TestWaitOverTime(t *testing.T) {
	phase := time.Now()
	c := Sync(SyncMsg{At: phase})
	now := phase.Add(7 * time.Millisecond)
	for i := 1; i <= 100; i++ {
		now = now.Add(c.Wait(now))
		if want := phase.Add(time.Duration(i) * Interval); !now.Equal(want) {
			t.Fatalf("frame %d at %v, want %v", i, now.Sub(phase), want.Sub(phase))
		}
		now = now.Add(time.Duration(i%5) * time.Millisecond) // the frame's work
	}
}

func TestFPSMatchesInterval(t *testing.T) {
	if time.Second/time.Duration(FPS) != Interval {
		t.Fatalf("FPS %d is not one tick per Interval (%v)", FPS, Interval)
	}
}

// TestPaceWaitsForTheClock: Next asks Tick for the clock's wait from Now.
func TestPaceWaitsForTheClock(t *testing.T) {
	phase := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	var asked time.Duration
	p := Pace{
		Clock: Sync(SyncMsg{At: phase}),
		Now:   func() time.Time { return phase.Add(3 * time.Millisecond) },
		Tick: func(d time.Duration, fn func(time.Time) tea.Msg) tea.Cmd {
			asked = d
			return func() tea.Msg { return fn(phase.Add(d)) }
		},
	}
	msg := p.Next(func(at time.Time) tea.Msg { return at })()
	if asked != 47*time.Millisecond || !msg.(time.Time).Equal(phase.Add(47*time.Millisecond)) {
		t.Fatalf("waited %v, got %v", asked, msg)
	}
}
