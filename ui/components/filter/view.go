package filter

import (
	"strings"

	"charm.land/bubbles/v2/textinput"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"atelier/ui/components/style"
	"atelier/ui/tab"
)

// Styles are the form's looks.
type Styles struct {
	Input   textinput.Styles
	Name    lipgloss.Style // a field's name, in the summary
	Value   lipgloss.Style // its value, in the summary
	Hint    lipgloss.Style // the keys, under the fields
	Problem lipgloss.Style // what was refused
}

// DefaultStyles are the form's looks on a dark or light background.
func DefaultStyles(isDark bool) Styles {
	p := tab.NewPalette(isDark)
	return Styles{Input: style.Input(isDark), Name: style.Fg(p.Muted), Value: style.Fg(p.Text),
		Hint: style.Fg(p.Muted), Problem: style.Fg(p.Error)}
}

// SetStyles changes the looks.
func (m *Model) SetStyles(s Styles) {
	m.Styles = s
	for i := range m.inputs {
		m.inputs[i].SetStyles(s.Input)
	}
}

// SetWidth shares w among the fields, each with its name, its cursor and
// a space.
func (m *Model) SetWidth(w int) {
	m.width = w
	if len(m.inputs) == 0 {
		return
	}
	each := max(w/len(m.inputs), 12)
	for i := range m.inputs {
		m.inputs[i].SetWidth(max(each-len(m.fields[i].Name)-3, 4))
	}
}

// View is the fields on one line, cut to the width set; "" when closed.
func (m Model) View() string {
	if !m.open {
		return ""
	}
	parts := make([]string, len(m.inputs))
	for i, in := range m.inputs {
		parts[i] = in.View()
	}
	return ansi.Truncate(strings.Join(parts, " "), m.width, "…")
}

// Status is the line under the fields: what the last apply refused (cut
// to the width set), or the keys; "" when closed.
func (m Model) Status() string {
	switch {
	case !m.open:
		return ""
	case m.err != "":
		return ansi.Truncate(m.Styles.Problem.Render("✗ "+m.err), m.width, "…")
	}
	return m.Styles.Hint.Render("tab next field · ↑/↓ choose, or type · enter applies · esc closes")
}

// Err is what the last apply refused, naming the field and its rule; ""
// when nothing was.
func (m Model) Err() string { return m.err }

// Summary is the fields applied, "name value" each, parted by " · ",
// those left empty out; "" when none narrows.
func (m Model) Summary() string {
	var parts []string
	for i, v := range m.applied {
		if v != "" {
			parts = append(parts, m.Styles.Name.Render(m.fields[i].Name+" ")+m.Styles.Value.Render(v))
		}
	}
	return strings.Join(parts, m.Styles.Hint.Render(" · "))
}
