package ui

import (
	"context"
	"errors"

	tea "charm.land/bubbletea/v2"
)

// Run shows the UI until the person quits or ctx ends. The alternate screen
// and the mouse (cell motion: clicks and the wheel) are asked for by the
// view itself, as Bubble Tea v2 does.
func Run(ctx context.Context, deps Deps) error {
	p := tea.NewProgram(New(deps), tea.WithContext(ctx))
	_, err := p.Run()
	if errors.Is(err, tea.ErrProgramKilled) && ctx.Err() != nil {
		return nil // a signal ended the run: that is a way to quit
	}
	return err
}
