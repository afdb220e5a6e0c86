package form

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"atelier/internal/termtext"
	"atelier/ui/tab"
)

// SetSize sets the width the rows are drawn in and the height View
// fills; the input takes the value column.
func (m *Model) SetSize(w, h int) {
	m.width, m.height = w, h
	m.input.SetWidth(max(m.valueWidth()-1, 8))
}

// labelWidth is the width of the column of field names.
func (m Model) labelWidth() int {
	longest := 0
	for _, r := range m.rows {
		if !m.section(r) {
			longest = max(longest, 2*r.depth+ansi.StringWidth(r.label))
		}
	}
	return min(longest, max(10, m.width/4+2))
}

// valueWidth is the width of the column of values; the rules take the
// rest.
func (m Model) valueWidth() int {
	avail := m.width - 2 - m.labelWidth() - 3
	if m.WideValues {
		return max(min(avail*3/5, 64), 12)
	}
	return max(min(avail*2/5, 48), 12)
}

// View draws the form in its height, scrolled to show the focus.
func (m Model) View() string { return strings.Join(m.Lines(m.height), "\n") }

// Lines draws the rows in h lines, scrolled to show the focus, then what
// holds for the whole form: once a submit was tried, the problems no row
// owns; then the notes.
func (m Model) Lines(h int) []string {
	var lines []string
	for i, r := range m.rows {
		lines = append(lines, m.rowLine(i, r))
	}
	if m.tried {
		for _, g := range m.general {
			lines = append(lines, m.Styles.Problem.Render("  ✗ "+clean(g)))
		}
	}
	for _, n := range m.notes {
		lines = append(lines, m.Styles.Note.Render("  · "+n))
	}
	first := 0
	if m.focus >= h {
		first = m.focus - h + 1
	}
	return lines[min(first, len(lines)):min(first+h, len(lines))]
}

// Height is how many lines the whole form would take.
func (m Model) Height() int {
	n := len(m.rows) + len(m.notes)
	if m.tried {
		n += len(m.general)
	}
	return n
}

// Detail is the whole text about the focused row: its problem when it
// shows, else its rule, after its JSON path.
func (m Model) Detail() string {
	if len(m.rows) == 0 {
		return ""
	}
	r := m.current()
	if p := m.problem(r); p != "" {
		return m.Styles.Problem.Render(r.path + ": " + clean(p))
	}
	return m.Styles.Doc.Render(r.path + ": " + m.doc(r))
}

// rowLine is one row: marker, name, value, and the rule or the problem.
func (m Model) rowLine(i int, r row) string {
	s := m.Styles
	if m.section(r) {
		head := s.Heading.Render(r.label)
		if doc := m.doc(r); doc != "" {
			head += "  " + s.Doc.Render(ansi.Truncate(doc, max(m.width-ansi.StringWidth(r.label)-2, 0), "…"))
		}
		return head
	}
	focused := i == m.focus && m.focused
	lw, vw := m.labelWidth(), m.valueWidth()
	label := ansi.Truncate(strings.Repeat("  ", r.depth)+r.label, lw, "…")
	label += strings.Repeat(" ", lw-ansi.StringWidth(label))
	marker, ls := "  ", s.Label
	if focused {
		marker, ls = "› ", s.Focused
	}
	val := m.valueCell(r, focused, vw)
	val += strings.Repeat(" ", max(vw-ansi.StringWidth(val), 0))
	// The rule, or the problem then the rule, takes the width left, cut
	// with an ellipsis: the detail line below the form has it whole.
	sw := max(m.width-2-lw-1-vw-2, 0)
	side := s.Doc.Render(ansi.Truncate(m.doc(r), sw, "…"))
	if p := m.problem(r); p != "" && r.kind != addRow {
		prob := ansi.Truncate("✗ "+clean(p), sw, "…")
		side = s.Problem.Render(prob)
		if rest := sw - ansi.StringWidth(prob) - 2; rest > 0 {
			side += "  " + s.Doc.Render(ansi.Truncate(m.doc(r), rest, "…"))
		}
	}
	return ls.Render(marker+label) + " " + val + "  " + side
}

// valueCell draws a row's value in at most vw cells.
func (m Model) valueCell(r row, focused bool, vw int) string {
	s := m.Styles
	switch r.kind {
	case listRow:
		n := len(m.value(r.at).items)
		return s.Unset.Render(tab.Plural(n, "item"))
	case itemRow:
		return ""
	case addRow:
		return s.Unset.Render("add an item")
	}
	v := m.value(r.at)
	switch {
	case v.shape() == choiceShape:
		unset := v.field.Unset
		switch {
		case unset != "":
		case v.field.Default != "":
			unset = "default " + v.field.Default
		default:
			unset = "unset"
		}
		return m.choiceCell(v.chosen(), unset, focused)
	case focused && !m.browse:
		return m.input.View()
	case v.field.Shown != "":
		return s.Value.Render(ansi.Truncate(clean(v.field.Shown), vw, "…"))
	}
	empty := v.field.Empty
	if empty == "" {
		empty = placeholder(v.field)
	}
	text := v.text
	if v.field.Secret {
		text = ""
	}
	return m.textCell(text, empty, vw)
}

// textCell is typed text on one line, or the placeholder when empty.
func (m Model) textCell(text, placeholder string, vw int) string {
	if text == "" {
		if placeholder == "" {
			placeholder = "—"
		}
		return m.Styles.Unset.Render(ansi.Truncate(placeholder, vw, "…"))
	}
	return m.Styles.Value.Render(ansi.Truncate(clean(text), vw, "…"))
}

// choiceCell is a choice: ☑ and ☐ for a boolean, the value for the rest,
// between ‹ › while focused.
func (m Model) choiceCell(value, unset string, focused bool) string {
	s := m.Styles
	text, st := value, s.Value
	switch value {
	case "true":
		text = "☑ true"
	case "false":
		text = "☐ false"
	case "":
		text, st = "– "+unset, s.Unset
	}
	if focused {
		return s.Focused.Render("‹ ") + st.Render(text) + s.Focused.Render(" ›")
	}
	return st.Render(text)
}

// doc is the rule beside a row: the field's own words, and what a local
// file will be sent as.
func (m Model) doc(r row) string {
	if r.kind == itemRow && !m.section(r) || r.kind == addRow {
		return ""
	}
	v := m.value(r.at)
	doc := v.field.Doc
	if v.shape() == textShape && v.field.Path && v.field.PathDoc != "" && v.text != "" && IsLocal(strings.TrimSpace(v.text)) {
		doc = strings.TrimSuffix(v.field.PathDoc+" · "+doc, " · ")
	}
	return doc
}

// clean makes text from the service or the history safe to draw, on one
// line.
func clean(s string) string { return strings.Join(strings.Fields(termtext.String(s)), " ") }
