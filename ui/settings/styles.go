package settings

import (
	"charm.land/bubbles/v2/textinput"
	"charm.land/lipgloss/v2"

	"atelier/ui/components/form"
	"atelier/ui/components/style"
	"atelier/ui/tab"
)

// styles are the Settings tab's looks, built from the shared palette.
type styles struct {
	Heading  lipgloss.Style // a section title
	Label    lipgloss.Style // the name of a row
	Value    lipgloss.Style // a row's value
	Unset    lipgloss.Style // a value left to atelier's default
	Selected lipgloss.Style // the marker of the row under the cursor
	Set      lipgloss.Style // a key that is set
	Override lipgloss.Style // a key taken from the environment
	Missing  lipgloss.Style // a key nowhere to be found
	Problem  lipgloss.Style // a keyring problem, a refused value
	Hint     lipgloss.Style // what a section is for
	Input    textinput.Styles
	Form     form.Styles // the price form
}

func newStyles(isDark bool) styles {
	p := tab.NewPalette(isDark)
	s := styles{
		Heading:  lipgloss.NewStyle().Foreground(p.Accent).Bold(true),
		Label:    lipgloss.NewStyle().Foreground(p.Muted),
		Value:    lipgloss.NewStyle().Foreground(p.Text),
		Unset:    lipgloss.NewStyle().Foreground(p.Muted).Italic(true),
		Selected: lipgloss.NewStyle().Foreground(p.Accent).Bold(true),
		Set:      lipgloss.NewStyle().Foreground(p.Success),
		Override: lipgloss.NewStyle().Foreground(p.Warning),
		Missing:  lipgloss.NewStyle().Foreground(p.Muted),
		Problem:  lipgloss.NewStyle().Foreground(p.Error),
		Hint:     lipgloss.NewStyle().Foreground(p.Muted),
	}
	s.Input = style.Input(isDark)
	s.Form = form.DefaultStyles(isDark)
	return s
}
