// Package style is what the components and tabs share in looks: the text
// input's styles and the mouse wheel's step. The keys they share are
// ui/components/keys'.
package style

import (
	"image/color"

	"charm.land/bubbles/v2/textinput"
	"charm.land/lipgloss/v2"

	"atelier/ui/tab"
)

// Fg is a style of one foreground colour.
func Fg(c color.Color) lipgloss.Style { return lipgloss.NewStyle().Foreground(c) }

// Input is the one look of a single-line input on a dark or light
// background: text in the palette's text colour, the prompt and cursor in
// its accent (the prompt muted while blurred), placeholders muted. The
// cursor does not blink: a blinking cursor would wake the program twice a
// second for nothing.
func Input(isDark bool) textinput.Styles {
	p := tab.NewPalette(isDark)
	in := tab.InputDefaults(isDark)
	in.Focused.Text = Fg(p.Text)
	in.Focused.Prompt = Fg(p.Accent)
	in.Focused.Placeholder = Fg(p.Muted)
	in.Blurred.Text = Fg(p.Text)
	in.Blurred.Prompt = Fg(p.Muted)
	in.Blurred.Placeholder = Fg(p.Muted)
	in.Cursor.Color = p.Accent
	in.Cursor.Blink = false
	return in
}
