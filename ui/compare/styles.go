package compare

import (
	"image/color"

	"charm.land/bubbles/v2/textarea"
	"charm.land/bubbles/v2/textinput"
	"charm.land/lipgloss/v2"

	"atelier/ui/components/form"
	"atelier/ui/components/style"
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
	Deleted  lipgloss.Style // a word only the diff's left column has
	Inserted lipgloss.Style // a word only the diff's right column has

	// The prompt lines, the editor and the form.
	Label   lipgloss.Style // Prompt, System
	Text    lipgloss.Style
	Muted   lipgloss.Style
	Current lipgloss.Style // the form's row or field under the cursor
	Input   textinput.Styles
	Form    form.Styles // the targets form
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
		Deleted:  fg(p.Error).Strikethrough(true), // marked without colour too
		Inserted: fg(p.Success).Underline(true),
		Label:    fg(p.Accent).Bold(true),
		Text:     fg(p.Text),
		Muted:    fg(p.Muted),
		Current:  fg(p.Accent).Bold(true),
		Markdown: markdown.DefaultStyles(isDark),
	}
	in := style.Input(isDark)
	in.Blurred.Text = fg(p.Muted) // the editor dims the field not being edited
	s.Input = in
	s.Form = form.DefaultStyles(isDark)
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
