package list

import (
	"strings"

	"charm.land/bubbles/v2/textinput"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"atelier/ui/components/style"
	"atelier/ui/tab"
)

// Styles are the list's own looks: the rows are the caller's.
type Styles struct {
	Question lipgloss.Style // the deletion's question
	Empty    lipgloss.Style // "no match"
	Input    textinput.Styles
}

// DefaultStyles are the list's looks on a dark or light background.
func DefaultStyles(isDark bool) Styles {
	p := tab.NewPalette(isDark)
	return Styles{Question: style.Fg(p.Error).Bold(true), Empty: style.Fg(p.Muted).Italic(true), Input: style.Input(isDark)}
}

// SetStyles changes the looks.
func (m *Model[T]) SetStyles(s Styles) {
	m.Styles = s
	m.ownInput().SetStyles(s.Input)
}

// FilterView is the filter line while it is typed or holds a query, cut
// to w cells; "" otherwise.
func (m Model[T]) FilterView(w int) string {
	if !m.filtering && m.query == "" {
		return ""
	}
	in := *m.input // m is a copy, but shares its input
	in.SetWidth(max(w-3, 1))
	return ansi.Truncate(in.View(), w, "…")
}

// QuestionView is the deletion's question, styled, in w cells; where it
// is too long, the short question with the name cut: "delete “Tea
// no…”? y delete · n keep", and narrower still "delete “Tea no…”? y/n".
// "" when none waits.
func (m Model[T]) QuestionView(w int) string {
	q := m.Question()
	if q == "" {
		return ""
	}
	if ansi.StringWidth(q) > w {
		it, _ := m.pendingItem()
		keys := strings.TrimPrefix(q, m.ask.Question())
		if w-ansi.StringWidth("delete “”?"+keys) < minName {
			keys = " y/n"
		}
		name := ansi.Truncate(m.o.Name(it), max(w-ansi.StringWidth("delete “”?"+keys), 1), "…")
		q = ansi.Truncate("delete “"+name+"”?"+keys, w, "…")
	}
	return m.Styles.Question.Render(q)
}

// minName is the fewest cells a cut question gives the name before it
// says its keys as y/n.
const minName = 10

// EmptyView says why no row shows: nothing matches the filter, or there
// is nothing (none, in the caller's words).
func (m Model[T]) EmptyView(w int, none string) string {
	text := none
	if m.query != "" && len(m.items) > 0 {
		text = "no match for “" + m.query + "”"
	}
	return m.Styles.Empty.Render(ansi.Truncate(text, w, "…"))
}
