package video

import (
	"image/color"

	"charm.land/bubbles/v2/textinput"
	"charm.land/lipgloss/v2"

	"atelier/ui/tab"
)

// styles are the Video tab's looks, grouped by area and built from the
// shared palette.
type styles struct {
	Form  formStyles
	Tasks taskStyles
	Pick  pickStyles
	Rule  lipgloss.Style // the line between the form and the tasks
	Title lipgloss.Style // "Endpoint", "Tasks"
}

type formStyles struct {
	Label    lipgloss.Style // a field's name
	Focused  lipgloss.Style // the focused field's name and marker
	Value    lipgloss.Style
	Unset    lipgloss.Style // a value left to the service's default
	Doc      lipgloss.Style // the rule beside a field
	Problem  lipgloss.Style // a violation beside a field
	Note     lipgloss.Style // "sent as data URI", rules across fields
	Endpoint lipgloss.Style
	Input    textinput.Styles
}

type taskStyles struct {
	Running  lipgloss.Style // ● and the status of a running task
	Done     lipgloss.Style // ✓
	Failed   lipgloss.Style // ✗ and the failure
	ID       lipgloss.Style
	Text     lipgloss.Style
	Muted    lipgloss.Style // elapsed time, queue position, log lines
	Selected lipgloss.Style // the selected task's marker
}

type pickStyles struct {
	Item     lipgloss.Style
	Selected lipgloss.Style
	Muted    lipgloss.Style
}

func newStyles(isDark bool) styles {
	p := tab.NewPalette(isDark)
	fg := func(c color.Color) lipgloss.Style { return lipgloss.NewStyle().Foreground(c) }
	in := tab.InputDefaults(isDark)
	in.Focused.Text = fg(p.Text)
	in.Focused.Prompt = fg(p.Accent)
	in.Focused.Placeholder = fg(p.Muted)
	in.Blurred.Text = fg(p.Text)
	in.Blurred.Placeholder = fg(p.Muted)
	in.Cursor.Color = p.Accent
	in.Cursor.Blink = false // a blinking cursor would wake the program twice a second
	return styles{
		Form: formStyles{
			Label:    fg(p.Muted),
			Focused:  fg(p.Accent).Bold(true),
			Value:    fg(p.Text),
			Unset:    fg(p.Muted).Italic(true),
			Doc:      fg(p.Muted),
			Problem:  fg(p.Error),
			Note:     fg(p.Muted),
			Endpoint: fg(p.Text).Bold(true),
			Input:    in,
		},
		Tasks: taskStyles{
			Running:  fg(p.Accent),
			Done:     fg(p.Success),
			Failed:   fg(p.Error),
			ID:       fg(p.Text),
			Text:     fg(p.Text),
			Muted:    fg(p.Muted),
			Selected: fg(p.Accent).Bold(true),
		},
		Pick: pickStyles{
			Item:     fg(p.Text),
			Selected: fg(p.Accent).Bold(true),
			Muted:    fg(p.Muted),
		},
		Rule:  fg(p.Subtle),
		Title: fg(p.Accent).Bold(true),
	}
}
