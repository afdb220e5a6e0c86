package ui

import (
	"context"
	"errors"

	tea "charm.land/bubbletea/v2"
)

// fps is how often Bubble Tea draws the screen at most, and so how often
// its renderer wakes, even with nothing to draw: 30 a second halves the
// idle cost of 60 (0.008 against 0.014 s of CPU a second, BENCHMARKS.md)
// and is above the 20 a second a streaming reply is drawn at. A key's echo
// waits 16 ms on average for the next draw, 33 at the most.
const fps = 30

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
