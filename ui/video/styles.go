package video

import (
	"image/color"

	"charm.land/lipgloss/v2"

	"atelier/ui/components/form"
	"atelier/ui/tab"
)

// styles are the Video tab's looks, grouped by area and built from the
// shared palette.
type styles struct {
	Form     form.Styles
	Endpoint lipgloss.Style // the endpoint's name in the header
	Tasks    taskStyles
	Pick     pickStyles
	Rule     lipgloss.Style // the line between the form and the tasks
	Title    lipgloss.Style // "Endpoint", "Tasks"
}

type taskStyles struct {
	Running  lipgloss.Style // ● and the status of a running task
	Done     lipgloss.Style // ✓
	Failed   lipgloss.Style // ✗ and the failure
	ID       lipgloss.Style
	Text     lipgloss.Style
	Muted    lipgloss.Style // elapsed time, queue position, log lines
	Selected lipgloss.Style // the selected task's marker
	Label    lipgloss.Style // a task's label, as a tag
}

type pickStyles struct {
	Item     lipgloss.Style
	Selected lipgloss.Style
	Muted    lipgloss.Style
}

func newStyles(isDark bool) styles {
	p := tab.NewPalette(isDark)
	fg := func(c color.Color) lipgloss.Style { return lipgloss.NewStyle().Foreground(c) }
	return styles{
		Form:     form.DefaultStyles(isDark),
		Endpoint: fg(p.Text).Bold(true),
		Tasks: taskStyles{
			Running:  fg(p.Accent),
			Done:     fg(p.Success),
			Failed:   fg(p.Error),
			ID:       fg(p.Text),
			Text:     fg(p.Text),
			Muted:    fg(p.Muted),
			Selected: fg(p.Accent).Bold(true),
			Label:    fg(p.Accent),
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
