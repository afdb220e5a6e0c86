package style

import (
	"testing"

	tea "charm.land/bubbletea/v2"
)

func TestWheelStep(t *testing.T) {
	for _, c := range []struct {
		button tea.MouseButton
		want   int
	}{
		{tea.MouseWheelUp, -3},
		{tea.MouseWheelDown, 3},
		{tea.MouseWheelLeft, 0},
		{tea.MouseWheelRight, 0},
		{tea.MouseLeft, 0},
	} {
		if got := WheelStep(tea.MouseWheelMsg{Button: c.button}); got != c.want {
			t.Errorf("WheelStep(%v) = %d, want %d", c.button, got, c.want)
		}
	}
}
