package form

import "slices"

// Focus gives the form the keyboard: the focused row shows, a text row
// takes keys.
func (m *Model) Focus() {
	m.focused = true
	m.loadInput()
}

// Blur takes the keyboard away; the rows stay where they are.
func (m *Model) Blur() {
	m.focused = false
	m.input.Blur()
}

// Focused reports whether the form has the keyboard.
func (m Model) Focused() bool { return m.focused }

// Goto puts the focus on row i; a negative i counts from the end.
func (m *Model) Goto(i int) {
	if i < 0 {
		i += len(m.rows)
	}
	m.focus = max(min(i, len(m.rows)-1), 0)
	m.skipSection()
	m.loadInput()
}

// FocusFirstText puts the focus on the first row typed into, if any.
func (m *Model) FocusFirstText() {
	if i := slices.IndexFunc(m.rows, m.editsText); i >= 0 {
		m.focus = i
	}
	m.loadInput()
}

// EditsText reports whether the focused row is typed into.
func (m Model) EditsText() bool { return len(m.rows) > 0 && m.editsText(m.current()) }

// InList reports whether the focused row is part of a list: the add and
// remove keys apply.
func (m Model) InList() bool { return len(m.rows) > 0 && m.listOf(m.current()) != nil }

// InputEmpty reports whether the focused text row holds nothing.
func (m Model) InputEmpty() bool { return m.input.Value() == "" }

// Path is the JSON path of the focused row.
func (m Model) Path() string {
	if len(m.rows) == 0 {
		return ""
	}
	return m.current().path
}

// Paths are the JSON paths of the rows, in order; a list's add row is
// named by its list's path with a "+" after it.
func (m Model) Paths() []string {
	out := make([]string, len(m.rows))
	for i, r := range m.rows {
		out[i] = r.path
		if r.kind == addRow {
			out[i] += "+"
		}
	}
	return out
}

// Line is the drawn row of path (not a list's add row), "" when there is
// none.
func (m Model) Line(path string) string {
	for i, r := range m.rows {
		if r.path == path && r.kind != addRow {
			return m.rowLine(i, r)
		}
	}
	return ""
}

// Index is the focused row's place among the rows.
func (m Model) Index() int { return m.focus }
