package compare

import (
	"image/color"

	"charm.land/bubbles/v2/textarea"
	"charm.land/bubbles/v2/textinput"
	"charm.land/lipgloss/v2"

	"atelier/ui/markdown"
	"atelier/ui/tab"
)

// styles are the Compare tab's looks, built from the shared palette.
type styles struct {
	// The columns.
	Frame    lipgloss.Style // a column's border
	Focus    lipgloss.Style // the focused column's border
	Title    lipgloss.Style // family · model in the border
	Settings lipgloss.Style // the settings after it
	Figures  lipgloss.Style // the figures line
	Live     lipgloss.Style // waiting, streaming
	Error    lipgloss.Style // a failed column
	Stars    lipgloss.Style
	Winner   lipgloss.Style
	Note     lipgloss.Style

	// The prompt lines, the editor and the form.
	Label   lipgloss.Style // Prompt, System
	Text    lipgloss.Style
	Muted   lipgloss.Style
	Current lipgloss.Style // the form's row or field under the cursor
	Input   textinput.Styles
	Area    textarea.Styles

	Markdown markdown.Styles
}

func newStyles(isDark bool) *styles {
	p := tab.NewPalette(isDark)
	fg := func(c color.Color) lipgloss.Style { return lipgloss.NewStyle().Foreground(c) }
	s := styles{
		Frame:    fg(p.Subtle),
		Focus:    fg(p.Accent),
		Title:    fg(p.Text).Bold(true),
		Settings: fg(p.Muted),
		Figures:  fg(p.Muted),
		Live:     fg(p.Accent),
		Error:    fg(p.Error),
		Stars:    fg(p.Warning),
		Winner:   fg(p.Success).Bold(true),
		Note:     fg(p.Text).Italic(true),
		Label:    fg(p.Accent).Bold(true),
		Text:     fg(p.Text),
		Muted:    fg(p.Muted),
		Current:  fg(p.Accent).Bold(true),
		Markdown: markdown.DefaultStyles(isDark),
	}
	in := tab.InputDefaults(isDark)
	in.Focused.Text = fg(p.Text)
	in.Focused.Prompt = fg(p.Accent)
	in.Focused.Placeholder = fg(p.Muted)
	in.Blurred.Text = fg(p.Muted)
	in.Blurred.Prompt = fg(p.Muted)
	in.Blurred.Placeholder = fg(p.Muted)
	in.Cursor.Color = p.Accent
	in.Cursor.Blink = false // a blinking cursor wakes the program for nothing
	s.Input = in
	area := tab.AreaDefaults(isDark)
	area.Focused.CursorLine = lipgloss.NewStyle()
	area.Focused.Prompt = fg(p.Accent)
	area.Focused.Text = fg(p.Text)
	area.Focused.Placeholder = fg(p.Muted)
	area.Blurred.Prompt = fg(p.Muted)
	area.Blurred.Placeholder = fg(p.Muted)
	area.Cursor.Color = p.Accent
	area.Cursor.Blink = false
	s.Area = area
	return &s
}
