// Package clienttest holds what tests of the client's users need to drive
// it without waiting: a clock for its timers. It imports nothing of
// atelier, so that the client's own tests can use it too.
package clienttest

import (
	"sync"
	"time"
)

// ArmClock fires a timer when it is armed (made or reset) for the N-th
// time, counting every timer it made: by then the server has sent what it
// had to send (each content event of a stream resets its idle timer), and
// the wait that follows is the one that would otherwise last for good. No
// real time is spent. Its AfterFunc has the shape of client.Client's.
type ArmClock struct {
	N int // fire at this arm; 0: never

	mu   sync.Mutex
	arms int
}

// Timer is a timer of an ArmClock.
type Timer struct {
	c       *ArmClock
	f       func()
	stopped bool
}

// AfterFunc makes a timer that runs f when the clock says.
func (a *ArmClock) AfterFunc(_ time.Duration, f func()) *Timer {
	t := &Timer{c: a, f: f}
	a.arm(t)
	return t
}

// Arms returns how many times timers were armed so far.
func (a *ArmClock) Arms() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.arms
}

func (a *ArmClock) arm(t *Timer) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.arms++
	if a.arms == a.N && !t.stopped {
		go t.f()
	}
}

// Reset arms the timer again.
func (t *Timer) Reset(time.Duration) bool {
	t.c.mu.Lock()
	t.stopped = false
	t.c.mu.Unlock()
	t.c.arm(t)
	return true
}

// Stop keeps the timer from firing.
func (t *Timer) Stop() bool {
	t.c.mu.Lock()
	defer t.c.mu.Unlock()
	t.stopped = true
	return true
}

// InstantClock is a client.Clock on which every wait ends at once: After
// moves the time on by the wait and fires. Backoffs, schedules and caps on
// total time all see the time pass; none of it is spent.
type InstantClock struct {
	mu  sync.Mutex
	now time.Time
}

// NewInstantClock starts at t.
func NewInstantClock(t time.Time) *InstantClock { return &InstantClock{now: t} }

// Now returns the clock's time.
func (c *InstantClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// After moves the time on by d and returns a channel that has fired.
func (c *InstantClock) After(d time.Duration) <-chan time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(max(d, 0))
	ch := make(chan time.Time, 1)
	ch <- c.now
	return ch
}
