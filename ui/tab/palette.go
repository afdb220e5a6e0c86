package tab

import (
	"image/color"

	"charm.land/lipgloss/v2"
)

// Palette is the colours of atelier's screens, named by role. The shell and
// every screen build their styles from it, so a theme change reaches all.
type Palette struct {
	Text    color.Color // ordinary text
	Muted   color.Color // secondary text: hints, sources, separators
	Subtle  color.Color // frames and rules
	Accent  color.Color // the selection, the active tab, headings
	OnFill  color.Color // text on an Accent background
	Success color.Color // a key that is set, a save that worked
	Warning color.Color // something to know: a key overridden by the environment
	Error   color.Color // failures and refused values
}

// NewPalette returns the colours for a dark or a light terminal background.
func NewPalette(isDark bool) Palette {
	c := lipgloss.LightDark(isDark)
	return Palette{
		Text:    c(lipgloss.Color("#1F1F24"), lipgloss.Color("#E4E4E7")),
		Muted:   c(lipgloss.Color("#6B6B76"), lipgloss.Color("#9A9AA5")),
		Subtle:  c(lipgloss.Color("#C4C4CC"), lipgloss.Color("#45454F")),
		Accent:  c(lipgloss.Color("#5B3FD1"), lipgloss.Color("#A996FF")),
		OnFill:  c(lipgloss.Color("#FFFFFF"), lipgloss.Color("#16161A")),
		Success: c(lipgloss.Color("#1E7F4F"), lipgloss.Color("#6BD69B")),
		Warning: c(lipgloss.Color("#9A6200"), lipgloss.Color("#E8B55A")),
		Error:   c(lipgloss.Color("#C22D3A"), lipgloss.Color("#FF7A85")),
	}
}
