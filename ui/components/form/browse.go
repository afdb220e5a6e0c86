package form

import tea "charm.land/bubbletea/v2"

// Browse shows the focus without giving a text row the keys: the row
// draws its text, not the input, and Update types nothing until Edit. A
// caller whose rows are opened one at a time (Settings: enter to type,
// enter to save) routes the keys while browsing and moves with Step.
func (m *Model) Browse() {
	m.focused, m.browse = true, true
	m.input.Blur()
}

// Edit gives the focused text row the keys, its text in the input.
func (m *Model) Edit() tea.Cmd {
	m.focused, m.browse = true, false
	m.loadInput()
	return m.input.Focus()
}

// Browsing reports whether the form is browsed: the focus shows, no row
// is typed into.
func (m Model) Browsing() bool { return m.focused && m.browse }

// Value is the text of the row of path (a text row at any depth), "" when
// there is none.
func (m Model) Value(path string) string {
	for _, r := range m.rows {
		if r.path == path && r.kind == fieldRow {
			return m.value(r.at).text
		}
	}
	return ""
}

// section reports whether a row is a heading (an Object marked Section):
// the focus passes over it.
func (m *Model) section(r row) bool {
	return r.kind == itemRow && len(r.at) == 1 && m.values[r.at[0]].field.Section
}

// skipSection moves the focus off a heading, down (else up).
func (m *Model) skipSection() {
	if len(m.rows) == 0 || !m.section(m.rows[m.focus]) {
		return
	}
	if !m.Step(1) {
		m.Step(-1)
	}
}
