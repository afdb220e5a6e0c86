package vote

import (
	"fmt"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"atelier/store"
	"atelier/ui/components/confirm"
	"atelier/ui/tab"
)

// Styles are the vote line's looks.
type Styles struct {
	Label lipgloss.Style // "Blind", "Blind vote"
	Key   lipgloss.Style // a key to press, a letter typed
	Words lipgloss.Style // what the keys do, the hints
	Vote  lipgloss.Style // the verdict once cast
	Note  lipgloss.Style // a vote withdrawn, or not recorded
}

// DefaultStyles are the vote line's looks on a dark or light background.
func DefaultStyles(isDark bool) Styles {
	p := tab.NewPalette(isDark)
	return Styles{
		Label: lipgloss.NewStyle().Foreground(p.Accent).Bold(true),
		Key:   lipgloss.NewStyle().Foreground(p.Text).Bold(true),
		Words: lipgloss.NewStyle().Foreground(p.Muted),
		Vote:  lipgloss.NewStyle().Foreground(p.Success).Bold(true),
		Note:  lipgloss.NewStyle().Foreground(p.Warning),
	}
}

// SetDark restyles the line, its question included, for a dark or light
// background.
func (m *Model) SetDark(isDark bool) {
	m.Styles = DefaultStyles(isDark)
	m.ask.Styles = confirm.DefaultStyles(isDark)
}

// SetWidth sets how wide View draws.
func (m *Model) SetWidth(w int) { m.width = w }

// View is the vote's line cut to the width set: how to vote, the ranking
// typed so far, why voting waits, the question, or the vote as recorded;
// "" with no blind run.
func (m Model) View() string {
	if m.n == 0 {
		return ""
	}
	if m.ask.Asking() {
		return m.ask.View(m.width)
	}
	line := m.line()
	if m.width > 0 {
		line = ansi.Truncate(line, m.width, "…")
	}
	return line
}

// line is the vote's line, whole.
func (m Model) line() string {
	s := m.Styles
	label := s.Label.Render("Blind") + s.Words.Render(" · ")
	switch {
	case m.saving && m.Hidden():
		return label + s.Words.Render("recording the vote…")
	case m.saving:
		return label + s.Words.Render("withdrawing the vote…")
	case m.Hidden() && m.wait != "":
		return label + s.Words.Render(m.wait)
	case m.Hidden() && m.n == 2:
		return label + s.Words.Render("which is better? ") + m.keys([2]string{"a", "A better"}, [2]string{"b", "B better"},
			[2]string{"t", "tie"}, [2]string{"x", "both bad"})
	case m.Hidden() && m.typed != "":
		return label + s.Words.Render("your ranking ") + s.Key.Render(m.slots()) + s.Words.Render(" · ") +
			m.keys([2]string{"enter", "records"}, [2]string{"⌫", "takes back"}, [2]string{"esc", "clears"})
	case m.Hidden():
		ex := ""
		for i := m.n - 1; i >= 0; i-- {
			ex += store.Letters(m.n)[i]
		}
		return label + s.Words.Render(fmt.Sprintf("rank them best first (e.g. %s), then enter · ", ex)) +
			m.keys([2]string{"t", "tie"}, [2]string{"x", "all bad"})
	case m.withdrawn:
		return s.Label.Render("Blind vote") + s.Note.Render(" withdrawn (it was: "+m.Words()+")")
	case m.ballot.ID == 0:
		return s.Label.Render("Blind vote: ") + s.Vote.Render(m.Words()) + s.Note.Render(" (not recorded)")
	}
	return s.Label.Render("Blind vote: ") + s.Vote.Render(m.Words()) + s.Words.Render(fmt.Sprintf(" · vote %d · ", m.ballot.ID)) +
		m.keys([2]string{"W", "withdraws it"})
}

// keys are keys and what each does: "a A better · b B better".
func (m Model) keys(pairs ...[2]string) string {
	parts := make([]string, len(pairs))
	for i, p := range pairs {
		parts[i] = m.Styles.Key.Render(p[0]) + m.Styles.Words.Render(" "+p[1])
	}
	return strings.Join(parts, m.Styles.Words.Render(" · "))
}

// slots are the ranking's places, filled so far: "C A _".
func (m Model) slots() string {
	out := strings.Split(m.typed, "")
	for len(out) < m.n {
		out = append(out, "_")
	}
	return strings.Join(out, " ")
}
