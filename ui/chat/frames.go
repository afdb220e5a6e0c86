package chat

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"atelier/ui/markdown"
)

// frameInterval caps redrawing a streaming reply at markdown's rate (20
// frames a second), however fast its deltas come: every frame lays the
// reply out and costs the terminal a redraw of every line that moved.
const frameInterval = markdown.FrameInterval

// frameMsg is the tick of a frame; a tick overtaken by a newer one is
// dropped. It brings the time, for the list's ages and the reply's clock.
type frameMsg struct {
	seq int
	at  time.Time
}

// frames is the clock of a streaming reply's redraws: at most one tick on
// its way, however many deltas ask for one. It is apart from the Model so
// that what a frame is (a tick, numbered) stays out of the routing, which
// only lays out again when a frame is due.
type frames struct {
	armed bool // a tick is on its way
	seq   int  // the tick that counts
	tick  func(time.Duration, func(time.Time) tea.Msg) tea.Cmd
}

// arm returns the next frame's tick unless one is on its way.
func (f *frames) arm() tea.Cmd {
	if f.armed {
		return nil
	}
	f.armed = true
	f.seq++
	seq := f.seq
	return f.tick(frameInterval, func(at time.Time) tea.Msg { return result(frameMsg{seq: seq, at: at}) })
}

// due reports whether tick t is the frame awaited, which it then takes.
func (f *frames) due(t frameMsg) bool {
	if t.seq != f.seq || !f.armed {
		return false
	}
	f.armed = false
	return true
}
