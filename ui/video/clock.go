package video

import (
	"time"

	tea "charm.land/bubbletea/v2"
)

// clock is the time the task list draws its elapsed column at. It is
// apart because time comes in two ways that must not pile up: the start
// time, then a tick every so often, asked for only while a task runs and
// never while one is already on its way (a tab that ticks with nothing
// running keeps the program awake for nothing).
type clock struct {
	now     time.Time
	every   time.Duration // between ticks; 0 or less: none (tests send their own)
	ticking bool          // a tick is on its way
}

// start asks for a tick while running tasks need one and none is on its
// way.
func (c clock) start(running int) (clock, tea.Cmd) {
	if c.ticking || c.every <= 0 || running == 0 {
		return c, nil
	}
	c.ticking = true
	return c, tick(c.every)
}

// ticked moves the time on to at, and asks for the next tick while any
// task runs.
func (c clock) ticked(at time.Time, running int) (clock, tea.Cmd) {
	c.now, c.ticking = at, false
	return c.start(running)
}

// tick asks for the time after d.
func tick(d time.Duration) tea.Cmd {
	return tea.Tick(d, func(at time.Time) tea.Msg { return result(tickMsg{at: at}) })
}
