package form

import (
	"charm.land/bubbles/v2/textinput"
	"charm.land/lipgloss/v2"

	"atelier/ui/components/style"
	"atelier/ui/tab"
)

// Styles are the form's looks.
type Styles struct {
	Label   lipgloss.Style // a field's name
	Focused lipgloss.Style // the focused field's name and marker
	Value   lipgloss.Style
	Unset   lipgloss.Style // a value left to the service's default
	Doc     lipgloss.Style // the rule beside a field
	Problem lipgloss.Style // a violation beside a field
	Note    lipgloss.Style // lines under the rows
	Heading lipgloss.Style // a section's title
	Input   textinput.Styles
}

// DefaultStyles are the form's looks on a dark or light background, from
// the shared palette.
func DefaultStyles(isDark bool) Styles {
	p := tab.NewPalette(isDark)
	fg := style.Fg
	return Styles{
		Label:   fg(p.Muted),
		Focused: fg(p.Accent).Bold(true),
		Value:   fg(p.Text),
		Unset:   fg(p.Muted).Italic(true),
		Doc:     fg(p.Muted),
		Problem: fg(p.Error),
		Note:    fg(p.Muted),
		Heading: fg(p.Accent).Bold(true),
		Input:   style.Input(isDark),
	}
}

// SetStyles changes the looks, the input's with them.
func (m *Model) SetStyles(s Styles) {
	m.Styles = s
	m.input.SetStyles(s.Input)
}
