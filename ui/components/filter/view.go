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

// SetWidth is the width of the form's line.
func (m *Model) SetWidth(w int) {
	m.width = w
	m.layout()
}

// minValue is the fewest columns a field's value is cut to.
const minValue = 4

// layout gives each field room for its name and its longest value (a
// suggestion, what empty means, or what is typed), so a value is not cut
// where the line has room (at 80 columns "status interrupted" read
// "status plete"); when they do not all fit, the fields not being written
// give up room first, the widest first.
func (m *Model) layout() {
	need := make([]int, len(m.inputs))
	total := len(m.inputs) - 1 // the spaces between fields
	for i, f := range m.fields {
		v := max(ansi.StringWidth(f.Any), ansi.StringWidth(m.inputs[i].Value()))
		for _, c := range f.Choices {
			v = max(v, ansi.StringWidth(c))
		}
		need[i] = v
		total += ansi.StringWidth(m.inputs[i].Prompt) + v + 1 // and the cursor
	}
	for total > m.width {
		widest := -1
		for i, n := range need {
			if i != m.at && n > minValue && (widest < 0 || n > need[widest]) {
				widest = i
			}
		}
		if widest < 0 {
			break // the line cuts what is left
		}
		need[widest]--
		total--
	}
	for i, f := range m.fields {
		m.inputs[i].Placeholder = fitAny(f.Any, need[i])
		m.inputs[i].SetWidth(need[i])
		m.inputs[i].SetCursor(m.inputs[i].Position()) // scrolled for the old width: again for the new
	}
}

// fitAny is what an empty field shows in w columns: all of what it means, or, when
// it does not fit, its first word ("any" for "any time"), so that a
// narrow line reads "since any" rather than "since any tim".
func fitAny(meaning string, w int) string {
	if ansi.StringWidth(meaning) <= w {
		return meaning
	}
	first, _, _ := strings.Cut(meaning, " ")
	return ansi.Truncate(first, w, "")
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
