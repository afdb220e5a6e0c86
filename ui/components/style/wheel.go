package style

import tea "charm.land/bubbletea/v2"

// WheelLines is how far one notch of the mouse wheel moves a list's cursor
// or scrolls a body, in rows: the same in every tab.
const WheelLines = 3

// WheelStep is how many rows a wheel message moves: WheelLines up (less)
// or down (more), and 0 for any other button (a sideways tilt), which the
// caller may take as nothing to do.
func WheelStep(msg tea.MouseWheelMsg) int {
	switch msg.Button {
	case tea.MouseWheelUp:
		return -WheelLines
	case tea.MouseWheelDown:
		return WheelLines
	}
	return 0
}
