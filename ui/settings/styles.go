package settings

import (
	"charm.land/lipgloss/v2"

	"atelier/ui/components/form"
	"atelier/ui/tab"
)

// styles are the Settings tab's looks, built from the shared palette.
type styles struct {
	Heading lipgloss.Style // the price form's title
	Problem lipgloss.Style // the question before a deletion
	Hint    lipgloss.Style // the price form's keys
	Form    form.Styles    // the rows, and the price form's
}

func newStyles(isDark bool) styles {
	p := tab.NewPalette(isDark)
	return styles{
		Heading: lipgloss.NewStyle().Foreground(p.Accent).Bold(true),
		Problem: lipgloss.NewStyle().Foreground(p.Error),
		Hint:    lipgloss.NewStyle().Foreground(p.Muted),
		Form:    form.DefaultStyles(isDark),
	}
}
