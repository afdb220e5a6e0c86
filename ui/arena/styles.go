package arena

import (
	"charm.land/bubbles/v2/textinput"
	"charm.land/lipgloss/v2"

	"atelier/ui/components/style"
	"atelier/ui/tab"
)

// styles are the Arena tab's looks, built from the shared palette.
type styles struct {
	Heading  lipgloss.Style // a section's title
	Kind     lipgloss.Style // a board not shown, in the kinds line
	KindOn   lipgloss.Style // the board shown
	Column   lipgloss.Style // a table's column names
	Text     lipgloss.Style
	Hint     lipgloss.Style // what a section is for, the filters, the figures' source
	Selected lipgloss.Style // the pair under the cursor
	Interval lipgloss.Style // the interval's stretch of the bar
	Score    lipgloss.Style // the rating's mark on the bar
	Ahead    lipgloss.Style // a win rate clearly above a half
	Behind   lipgloss.Style // one clearly below
	Problem  lipgloss.Style // a refused filter, a failed load
	Input    textinput.Styles
}

func newStyles(isDark bool) styles {
	p := tab.NewPalette(isDark)
	return styles{
		Heading:  lipgloss.NewStyle().Foreground(p.Accent).Bold(true),
		Kind:     lipgloss.NewStyle().Foreground(p.Muted),
		KindOn:   lipgloss.NewStyle().Foreground(p.OnFill).Background(p.Accent).Bold(true),
		Column:   lipgloss.NewStyle().Foreground(p.Muted).Bold(true),
		Text:     lipgloss.NewStyle().Foreground(p.Text),
		Hint:     lipgloss.NewStyle().Foreground(p.Muted),
		Selected: lipgloss.NewStyle().Foreground(p.Accent).Bold(true),
		Interval: lipgloss.NewStyle().Foreground(p.Accent),
		Score:    lipgloss.NewStyle().Foreground(p.Text).Bold(true),
		Ahead:    lipgloss.NewStyle().Foreground(p.Success),
		Behind:   lipgloss.NewStyle().Foreground(p.Error),
		Problem:  lipgloss.NewStyle().Foreground(p.Error),
		Input:    style.Input(isDark),
	}
}

// rate colours a win rate: clearly ahead, clearly behind, or even.
func (st styles) rate(r float64) lipgloss.Style {
	switch {
	case r >= 0.6:
		return st.Ahead
	case r <= 0.4:
		return st.Behind
	}
	return st.Text
}
