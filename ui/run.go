package ui

import (
	"context"
	"errors"

	tea "charm.land/bubbletea/v2"

	"atelier/ui/internal/frameclock"
)

// fps is how often Bubble Tea draws the screen at most, and so how often
// its renderer wakes, even with nothing to draw: once a frame of a
// streaming reply, whose frames land on its ticks (frameclock). 20 a second
// costs less idle than 30 or 60 (BENCHMARKS.md); a key's echo waits 25 ms on
// average for the next draw, 50 at the most.
const fps = frameclock.FPS

// Run shows the UI until the person quits or ctx ends. The alternate screen
// and the mouse (cell motion: clicks and the wheel) are asked for by the
// view itself, as Bubble Tea v2 does.
func Run(ctx context.Context, deps Deps) error {
	p := tea.NewProgram(New(deps), tea.WithContext(ctx), tea.WithFPS(fps))
	_, err := p.Run()
	if errors.Is(err, tea.ErrProgramKilled) && ctx.Err() != nil {
		return nil // a signal ended the run: that is a way to quit
	}
	return err
}
