package palette

import (
	"strings"

	"charm.land/bubbles/v2/textinput"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"atelier/ui/components/style"
	"atelier/ui/tab"
)

// Styles are the palette's looks.
type Styles struct {
	Input    textinput.Styles
	Key      lipgloss.Style // an action's key
	Desc     lipgloss.Style // what it does
	Where    lipgloss.Style // its context
	Selected lipgloss.Style // the mark of the row under the cursor
	Empty    lipgloss.Style // "no action matches"
}

// DefaultStyles are the palette's looks on a dark or light background.
func DefaultStyles(isDark bool) Styles {
	p := tab.NewPalette(isDark)
	return Styles{
		Input:    style.Input(isDark),
		Key:      style.Fg(p.Accent),
		Desc:     style.Fg(p.Text),
		Where:    style.Fg(p.Muted),
		Selected: style.Fg(p.Accent).Bold(true),
		Empty:    style.Fg(p.Muted),
	}
}

// View is the filter, then a row an action in width cells: the cursor's
// mark, the key in a column as wide as the widest shown, what it does,
// and its context at the right. height is how many lines it may take.
func (m Model) View(width, height int) string {
	m.SetRows(height - 2) // a copy: the window as this height shows it
	m.input.SetWidth(max(width-4, 1))
	lines := []string{m.input.View(), ""}
	if len(m.shown) == 0 {
		return strings.Join(append(lines, m.st.Empty.Render("no action matches")), "\n")
	}
	kw := 0
	for _, i := range m.shown {
		kw = max(kw, ansi.StringWidth(m.items[i].Key))
	}
	end := min(m.top+m.rows, len(m.shown))
	for row := m.top; row < end; row++ {
		it := m.items[m.shown[row]]
		mark := "  "
		if row == m.cursor {
			mark = m.st.Selected.Render("▸ ")
		}
		left := mark + m.st.Key.Render(it.Key) + strings.Repeat(" ", kw-ansi.StringWidth(it.Key)+2) + m.st.Desc.Render(it.Desc)
		where := m.st.Where.Render(it.Where)
		gap := width - ansi.StringWidth(left) - ansi.StringWidth(where)
		if gap < 2 {
			lines = append(lines, ansi.Truncate(left, width, "…"))
			continue
		}
		lines = append(lines, left+strings.Repeat(" ", gap)+where)
	}
	return strings.Join(lines, "\n")
}
