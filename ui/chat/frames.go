package chat

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"atelier/ui/internal/frameclock"
)

// frames paces a streaming reply: the next batch of its deltas is taken at
// the first renderer tick (frameclock) half a frame or more after the last
// one was drawn, at most 20 times a second however fast its deltas come:
// every frame lays the reply out and costs the terminal a redraw of every
// line that moved. The wait and the take are one
// command, so a frame costs the loop one message (the batch), not a tick
// and then a batch: measured in a terminal, the process wakes less.
type frames struct{ frameclock.Pace }

// after returns the command that waits a frame, then takes what run's
// stream brought meanwhile (run.take).
func (f frames) after(run *running) tea.Cmd {
	r := *run // read here, on the event loop: the command sees no later change
	return f.Next(func(time.Time) tea.Msg { return r.take() })
}
