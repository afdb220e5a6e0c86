package markdown

import (
	"charm.land/glamour/v2/ansi"
	glamourstyles "charm.land/glamour/v2/styles"
	"charm.land/lipgloss/v2"
)

// Styles are the looks of the markdown view.
type Styles struct {
	// Markdown is glamour's style for the reply itself.
	Markdown ansi.StyleConfig
	// CodeLabel draws the `[N] lang` marker above each code block.
	CodeLabel lipgloss.Style
}

// DefaultStyles returns glamour's built-in dark or light style and a muted
// code label. The caller says which: nothing here asks the terminal.
func DefaultStyles(isDark bool) Styles {
	md := glamourstyles.LightStyleConfig
	if isDark {
		md = glamourstyles.DarkStyleConfig
	}
	ld := lipgloss.LightDark(isDark)
	muted := ld(lipgloss.Color("244"), lipgloss.Color("243"))
	return Styles{
		Markdown:  md,
		CodeLabel: lipgloss.NewStyle().Foreground(muted),
	}
}
