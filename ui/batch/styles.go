package batch

import (
	"charm.land/lipgloss/v2"

	"atelier/ui/components/style"
	"atelier/ui/tab"
)

// styles are the tab's looks, from the shared palette.
type styles struct {
	Title    lipgloss.Style // the batch's heading
	Text     lipgloss.Style
	Muted    lipgloss.Style // first lines, hints, figures
	Header   lipgloss.Style // the matrix's and the summary's column heads
	Selected lipgloss.Style // the cell or row under the cursor
	Pass     lipgloss.Style
	Fail     lipgloss.Style
	Warn     lipgloss.Style
	Bar      lipgloss.Style // the progress bar's filled part
	BarEmpty lipgloss.Style
	Rule     lipgloss.Style
}

func newStyles(dark bool) styles {
	p := tab.NewPalette(dark)
	return styles{
		Title:  style.Fg(p.Accent).Bold(true),
		Text:   style.Fg(p.Text),
		Muted:  style.Fg(p.Muted),
		Header: style.Fg(p.Accent).Bold(true),
		// Reverse video of Accent on OnFill looks as OnFill on Accent, and
		// stays when colours go (NO_COLOR): the cursor is never only a colour.
		Selected: lipgloss.NewStyle().Foreground(p.Accent).Background(p.OnFill).Reverse(true),
		Pass:     style.Fg(p.Success).Bold(true),
		Fail:     style.Fg(p.Error).Bold(true),
		Warn:     style.Fg(p.Warning),
		Bar:      style.Fg(p.Accent),
		BarEmpty: style.Fg(p.Subtle),
		Rule:     style.Fg(p.Subtle),
	}
}
