package tab

import (
	"image/color"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/textarea"
	"charm.land/bubbles/v2/textinput"
	"charm.land/lipgloss/v2"
)

// The bubbles' own default styles are greys and "7" chosen for 256
// colours: on a 16-colour terminal they become #E5E5E5, which vanishes on
// white. Screens start from these instead, which are the bubbles' defaults
// except on such a terminal, where every part takes a BasicPalette colour.

// InputDefaults is textinput.DefaultStyles, in BasicPalette's colours on a
// 16-colour terminal.
func InputDefaults(isDark bool) textinput.Styles {
	s := textinput.DefaultStyles(isDark)
	if !BasicColors() {
		return s
	}
	p := BasicPalette()
	text, muted := fg(p.Text), fg(p.Muted)
	s.Focused = textinput.StyleState{Text: text, Placeholder: muted, Suggestion: muted, Prompt: fg(p.Accent)}
	s.Blurred = textinput.StyleState{Text: text, Placeholder: muted, Suggestion: muted, Prompt: muted}
	s.Cursor.Color = p.Accent
	return s
}

// AreaDefaults is textarea.DefaultStyles, in BasicPalette's colours on a
// 16-colour terminal.
func AreaDefaults(isDark bool) textarea.Styles {
	s := textarea.DefaultStyles(isDark)
	if !BasicColors() {
		return s
	}
	p := BasicPalette()
	state := func(prompt color.Color) textarea.StyleState {
		muted := fg(p.Muted)
		return textarea.StyleState{
			Base: lipgloss.NewStyle(), Text: fg(p.Text), CursorLine: lipgloss.NewStyle(), EndOfBuffer: lipgloss.NewStyle(),
			LineNumber: muted, CursorLineNumber: muted, Placeholder: muted, Prompt: fg(prompt),
			Selection: fg(p.OnFill).Background(p.Accent),
		}
	}
	s.Focused, s.Blurred = state(p.Accent), state(p.Muted)
	s.Cursor.Color = p.Accent
	return s
}

// HelpDefaults is help.DefaultStyles, in BasicPalette's colours on a
// 16-colour terminal.
func HelpDefaults(isDark bool) help.Styles {
	if !BasicColors() {
		return help.DefaultStyles(isDark)
	}
	p := BasicPalette()
	muted := fg(p.Muted)
	return help.Styles{Ellipsis: muted, ShortKey: fg(p.Text), ShortDesc: muted, ShortSeparator: muted,
		FullKey: fg(p.Accent), FullDesc: fg(p.Text), FullSeparator: muted}
}

func fg(c color.Color) lipgloss.Style { return lipgloss.NewStyle().Foreground(c) }
