package history

import (
	"image/color"

	"charm.land/bubbles/v2/textinput"
	"charm.land/lipgloss/v2"

	"atelier/store"
	"atelier/ui/components/style"
	"atelier/ui/tab"
)

// styles are the History tab's looks, built from the shared palette.
type styles struct {
	// The list.
	Prompt   lipgloss.Style // "/ search"
	Filter   lipgloss.Style // a filter's name
	Value    lipgloss.Style // a filter's value
	Current  lipgloss.Style // the filter under the cursor while editing them
	Selected lipgloss.Style // the marker and kind of the row under the cursor
	Kind     lipgloss.Style // a row's kind
	When     lipgloss.Style // a row's date
	Target   lipgloss.Style // a row's family and model
	Title    lipgloss.Style // a row's title or snippet
	Match    lipgloss.Style // the matched words of a snippet
	Hint     lipgloss.Style // empty states, counts, "loading…"

	// Status marks, in the list and the item.
	Done, Failed, Running, Stopped lipgloss.Style

	// An open item.
	Heading lipgloss.Style // the item's title, section names
	Label   lipgloss.Style // "You", a reply's target, a field's name
	Text    lipgloss.Style // prompts and plain text
	Figures lipgloss.Style // a reply's timings and tokens
	Verdict lipgloss.Style // a lane's stars and win
	Rule    lipgloss.Style // separators between lanes
	Problem lipgloss.Style // a question before deleting, an error

	Input textinput.Styles
}

func newStyles(isDark bool) styles {
	p := tab.NewPalette(isDark)
	fg := func(c color.Color) lipgloss.Style { return lipgloss.NewStyle().Foreground(c) }
	s := styles{
		Prompt:   fg(p.Accent).Bold(true),
		Filter:   fg(p.Muted),
		Value:    fg(p.Text),
		Current:  lipgloss.NewStyle().Foreground(p.OnFill).Background(p.Accent),
		Selected: fg(p.Accent).Bold(true),
		Kind:     fg(p.Muted),
		When:     fg(p.Muted),
		Target:   fg(p.Text),
		Title:    fg(p.Text),
		Match:    fg(p.Accent).Bold(true),
		Hint:     fg(p.Muted),
		Done:     fg(p.Success),
		Failed:   fg(p.Error),
		Running:  fg(p.Warning),
		Stopped:  fg(p.Muted),
		Heading:  fg(p.Accent).Bold(true),
		Label:    fg(p.Accent),
		Text:     fg(p.Text),
		Figures:  fg(p.Muted),
		Verdict:  fg(p.Warning),
		Rule:     fg(p.Subtle),
		Problem:  fg(p.Error),
	}
	s.Input = style.Input(isDark)
	return s
}

// statusStyle is the style of a status word by what it means.
func statusStyle(st styles, status string) lipgloss.Style {
	switch store.StatusWord(status) {
	case store.WordComplete:
		return st.Done
	case store.WordFailed, store.WordDownloadFailed:
		return st.Failed
	case store.WordRunning, store.WordQueued:
		return st.Running
	}
	return st.Stopped
}
