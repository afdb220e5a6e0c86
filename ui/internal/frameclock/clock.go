// Package frameclock lands the frames of a streaming reply on Bubble Tea's
// renderer ticks.
//
// Bubble Tea draws the screen from a ticker of its own; a streaming reply is
// laid out on a timer of the screen's. When the two fire apart, every frame
// wakes the process twice, once to lay the reply out and once to draw it,
// and each wake from idle costs more than either piece of work (the Go
// runtime's sysmon polls every 20 µs while any goroutine runs after a
// syscall, and threads park and unpark around it). Measured in tmux at a
// model's pace (BENCHMARKS.md, "Frames on the renderer's ticks"), frames
// landed on the ticks cut the TUI's context switches by about two fifths.
//
// A frame laid out at a tick is drawn at the next one, an Interval later:
// the renderer of that tick may run before the layout is done.
package frameclock

import (
	"time"

	tea "charm.land/bubbletea/v2"
)

// Interval is how often a streaming reply is drawn again, at most, and
// Bubble Tea's renderer ticks (FPS). At a model's pace (a delta every 20 ms
// or so) a frame takes a line or two of text, which reads as smoothly as at
// 30 or 60. A key's echo waits for the next tick: 25 ms on average, an
// Interval at the most.
const Interval = time.Second / 20

// FPS is the rate Bubble Tea's renderer runs at (tea.WithFPS): one tick a
// frame, so frames can land on ticks.
const FPS = int(time.Second / Interval)

// SyncMsg says that Bubble Tea's renderer ticks at At and every Interval
// after: the shell sends it when the renderer (re)starts, and each screen
// that draws frames keeps it in its Clock.
type SyncMsg struct{ At time.Time }

// Clock knows when the renderer ticks. The zero Clock does not: its frames
// wait an Interval from whenever they are asked for.
type Clock struct {
	phase time.Time // a tick of the renderer; zero: unknown
}

// Sync returns the clock set to the ticks msg names.
func Sync(msg SyncMsg) Clock { return Clock{phase: msg.At} }

// Wait is how long a frame asked for at now waits: until the first tick
// at least half an Interval away. Half, not zero: a frame handled just
// before a tick (its timer fired a hair early) must not take that tick
// too, a second frame in one Interval.
func (c Clock) Wait(now time.Time) time.Duration {
	if c.phase.IsZero() {
		return Interval
	}
	since := now.Sub(c.phase)
	at := since + Interval/2
	k := at / Interval // towards zero: a ceiling when at is negative
	if at > k*Interval {
		k++
	}
	return k*Interval - since
}

// Pace is the wait for a frame that the screens share: tea.Tick landed on
// a Clock's ticks. Tests swap Tick for one that does not wait, Now for
// their own clock.
type Pace struct {
	Clock Clock
	Tick  func(time.Duration, func(time.Time) tea.Msg) tea.Cmd
	Now   func() time.Time
}

// NewPace is a Pace on tea.Tick and time.Now, with no clock yet.
func NewPace() Pace { return Pace{Tick: tea.Tick, Now: time.Now} }

// Next returns the command that waits for the next frame (Clock.Wait),
// then returns what fn gives.
func (p Pace) Next(fn func(time.Time) tea.Msg) tea.Cmd {
	return p.Tick(p.Clock.Wait(p.Now()), fn)
}
