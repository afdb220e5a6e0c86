package video

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// labelWidth is the width of the column of field names at tab width w.
func (m Model) labelWidth() int {
	longest := 0
	for _, r := range m.form.rows {
		longest = max(longest, 2*r.depth+ansi.StringWidth(r.label))
	}
	return min(longest, max(10, m.width/4+2))
}

// valueWidth is the width of the column of values; the rules take the
// rest.
func (m Model) valueWidth() int {
	avail := m.width - 2 - m.labelWidth() - 3
	return max(min(avail*2/5, 48), 12)
}

// formLines draws the form's rows in h lines, scrolled to show the focus,
// then what holds for the whole form: problems no field owns, the rules
// across fields, the fields sent as they were loaded.
func (m Model) formLines(w, h int) []string {
	var lines []string
	for i, r := range m.form.rows {
		lines = append(lines, m.rowLine(i, r, w))
	}
	lines = append(lines, m.formNotes()...)
	focus := m.form.focus
	first := 0
	if focus >= h {
		first = focus - h + 1
	}
	return lines[min(first, len(lines)):min(first+h, len(lines))]
}

// formNotes are the lines under the rows.
func (m Model) formNotes() []string {
	var lines []string
	if m.form.tried {
		for _, g := range m.form.general {
			lines = append(lines, m.st.Form.Problem.Render("  ✗ "+clean(g)))
		}
	}
	for _, d := range m.form.ep.RuleDocs() {
		lines = append(lines, m.st.Form.Note.Render("  · "+d))
	}
	if len(m.form.extra) > 0 {
		keys := slices.Sorted(maps.Keys(m.form.extra))
		lines = append(lines, m.st.Form.Note.Render("  · also sent, as loaded: "+clean(strings.Join(keys, ", "))))
	}
	return lines
}

// formHeight is how many lines the whole form would take.
func (m Model) formHeight() int {
	n := len(m.form.rows) + len(m.form.ep.RuleDocs())
	if m.form.tried {
		n += len(m.form.general)
	}
	if len(m.form.extra) > 0 {
		n++
	}
	return n
}

// rowLine is one row: marker, name, value, and the rule or the problem.
func (m Model) rowLine(i int, r row, w int) string {
	s := m.st.Form
	focused := i == m.form.focus && m.mode == editing
	lw, vw := m.labelWidth(), m.valueWidth()
	label := ansi.Truncate(strings.Repeat("  ", r.depth)+r.label, lw, "…")
	label += strings.Repeat(" ", lw-ansi.StringWidth(label))
	marker, ls := "  ", s.Label
	if focused {
		marker, ls = "› ", s.Focused
	}
	val := m.valueCell(r, focused, vw)
	val += strings.Repeat(" ", max(vw-ansi.StringWidth(val), 0))
	side := s.Doc.Render(m.form.doc(r))
	if p := m.form.problem(r); p != "" && r.kind != addRow {
		side = strings.TrimSuffix(s.Problem.Render("✗ "+clean(p))+"  "+side, "  ")
	}
	return ls.Render(marker+label) + " " + val + "  " + side
}

// valueCell draws a row's value in at most vw cells.
func (m Model) valueCell(r row, focused bool, vw int) string {
	s, f := m.st.Form, &m.form
	switch r.kind {
	case modeRow:
		return m.choiceCell(f.modeName(), "", focused)
	case listRow:
		n := len(f.value(r.at).items)
		return s.Unset.Render(fmt.Sprintf("%d %s", n, plural(n, "item")))
	case itemRow:
		return ""
	case addRow:
		return s.Unset.Render("add an item")
	}
	if f.editsText(r) && focused {
		return f.input.View()
	}
	if r.kind == webhookRow {
		return m.textCell(f.webhook, "none", vw)
	}
	v := f.value(r.at)
	if v.kind() == choiceKind {
		unset := "default " + v.field.Default
		if v.field.Default == "" {
			unset = "unset"
		}
		return m.choiceCell(v.chosen(), unset, focused)
	}
	return m.textCell(v.text, f.placeholder(r), vw)
}

// textCell is typed text on one line, or the placeholder when empty.
func (m Model) textCell(text, placeholder string, vw int) string {
	if text == "" {
		if placeholder == "" {
			placeholder = "—"
		}
		return m.st.Form.Unset.Render(ansi.Truncate(placeholder, vw, "…"))
	}
	return m.st.Form.Value.Render(ansi.Truncate(clean(text), vw, "…"))
}

// choiceCell is a choice: ☑ and ☐ for a boolean, the value for the rest,
// between ‹ › while focused.
func (m Model) choiceCell(value, unset string, focused bool) string {
	s := m.st.Form
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

// doc is the rule beside a row: the field's own words from the table, and
// what a local image will be sent as.
func (f *form) doc(r row) string {
	switch r.kind {
	case modeRow:
		return strings.Join(f.ep.Modes, " | ")
	case webhookRow:
		return "optional · https URL told when the task ends"
	case itemRow, addRow:
		return ""
	}
	v := f.value(r.at)
	doc := v.field.Doc
	if v.kind() == textKind && v.field.Image && v.field.DataURI && v.text != "" && isLocal(strings.TrimSpace(v.text)) {
		doc = strings.TrimSuffix("sent as data URI · "+doc, " · ")
	}
	return doc
}
