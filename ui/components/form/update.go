package form

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// Update edits the form: ↑/↓ move, a text row takes what is typed or
// pasted, a choice cycles, a list adds and removes items. Enter on a text
// row moves on, as Step(1) does (the caller decides what lies past the
// last row, so it catches enter there first).
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	if !m.focused || len(m.rows) == 0 {
		return m, nil
	}
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return m.key(msg)
	case tea.PasteMsg:
		if m.editsText(m.current()) && !m.browse {
			return m.typed(msg)
		}
	}
	return m, nil
}

func (m Model) key(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	k := m.KeyMap
	switch {
	case key.Matches(msg, k.Up):
		m.Step(-1)
	case key.Matches(msg, k.Down):
		m.Step(1)
	case key.Matches(msg, k.Add):
		m.addItem()
	case key.Matches(msg, k.Remove):
		m.removeItem()
	case m.editsText(m.current()):
		if m.browse {
			return m, nil
		}
		if key.Matches(msg, k.Enter) {
			m.Step(1)
			return m, nil
		}
		return m.typed(msg)
	default:
		m.rowKey(msg)
	}
	return m, nil
}

// typed passes a key or a paste to the input and keeps what it holds.
func (m Model) typed(msg tea.Msg) (Model, tea.Cmd) {
	var cmd tea.Cmd
	m.input, cmd = m.input.Update(msg)
	m.setText(m.input.Value())
	m.check()
	return m, cmd
}

// rowKey changes a choice, or adds an item on a list's head or add row.
func (m *Model) rowKey(msg tea.KeyPressMsg) {
	r := m.current()
	switch {
	case r.kind == listRow || r.kind == addRow:
		if key.Matches(msg, m.KeyMap.Change, m.KeyMap.Enter) {
			m.addItem()
		}
	case key.Matches(msg, m.KeyMap.Change, m.KeyMap.Enter):
		m.cycle(r, 1)
	case key.Matches(msg, m.KeyMap.Back):
		m.cycle(r, -1)
	}
}

// cycle moves a choice row to its next (or previous) value; unset is one
// of them unless the field is NoUnset.
func (m *Model) cycle(r row, delta int) {
	if r.kind != fieldRow {
		return
	}
	v := m.value(r.at)
	if v.shape() != choiceShape {
		return
	}
	n, lo := len(v.choices())+1, 0
	if v.field.NoUnset {
		n, lo = n-1, 1
	}
	v.pick = ((v.pick-lo+delta)%n+n)%n + lo
	m.touch(r)
	m.check()
}

// Step moves the focus delta rows; it reports false, and stays, when that
// would go past either end.
func (m *Model) Step(delta int) bool {
	next := m.focus + delta
	for next >= 0 && next < len(m.rows) && m.section(m.rows[next]) {
		next += delta
	}
	if next < 0 || next >= len(m.rows) {
		return false
	}
	m.focus = next
	m.loadInput()
	return true
}

// addItem adds an empty item to the list around the focused row and puts
// the focus on it.
func (m *Model) addItem() {
	at := m.listOf(m.current())
	if at == nil {
		return
	}
	list := m.value(at)
	list.items = append(list.items, list.newItem())
	m.touch(m.current())
	m.rows = m.layout()
	m.focusAt(append(append([]int(nil), at...), len(list.items)-1))
	m.check()
}

// removeItem removes the list item the focused row belongs to.
func (m *Model) removeItem() {
	r := m.current()
	item := m.itemOf(r)
	if item == nil {
		return
	}
	list := m.value(item[:len(item)-1])
	i := item[len(item)-1]
	list.items = append(list.items[:i:i], list.items[i+1:]...)
	m.touch(r)
	m.rows = m.layout()
	if len(list.items) > 0 {
		m.focusAt(append(item[:len(item)-1:len(item)-1], min(i, len(list.items)-1)))
	} else {
		m.focusAt(item[:len(item)-1])
	}
	m.check()
}
