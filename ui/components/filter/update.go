package filter

import (
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// Result is what a key did to the form.
type Result int

const (
	Editing Result = iota // the form is still open
	Applied               // enter applied the values: read Values
	Closed                // esc closed it, nothing changed
)

// Update takes a key while the form is open: it moves, chooses, types,
// applies or closes; Applied tells the tab to read Values.
func (m Model) Update(msg tea.Msg) (Model, Result, tea.Cmd) {
	m, r, cmd := m.update(msg)
	if m.open { // a value typed or chosen, or the focus moved: the room changes
		m.inputs = slices.Clone(m.inputs)
		m.layout()
	}
	return m, r, cmd
}

func (m Model) update(msg tea.Msg) (Model, Result, tea.Cmd) {
	k, ok := msg.(tea.KeyPressMsg)
	if !m.open || !ok {
		return m.typed(msg)
	}
	switch {
	case key.Matches(k, m.KeyMap.Apply):
		return m.apply()
	case key.Matches(k, m.KeyMap.Close):
		m.open, m.err = false, ""
		return m, Closed, nil
	case key.Matches(k, m.KeyMap.Next):
		return m.move(1)
	case key.Matches(k, m.KeyMap.Prev):
		return m.move(-1)
	case key.Matches(k, m.KeyMap.Up):
		return m.choose(-1), Editing, nil
	case key.Matches(k, m.KeyMap.Down):
		return m.choose(1), Editing, nil
	}
	return m.typed(msg)
}

// typed gives the field with the keyboard what the form does not take
// itself (typing, pasting).
func (m Model) typed(msg tea.Msg) (Model, Result, tea.Cmd) {
	if !m.open {
		return m, Editing, nil
	}
	var cmd tea.Cmd
	m.inputs = slices.Clone(m.inputs)
	m.inputs[m.at], cmd = m.inputs[m.at].Update(msg)
	m.err = ""
	return m, Editing, cmd
}

// move focuses the field n away, wrapping.
func (m Model) move(n int) (Model, Result, tea.Cmd) {
	m.inputs = slices.Clone(m.inputs)
	m.inputs[m.at].Blur()
	m.at = (m.at + n + len(m.inputs)) % len(m.inputs)
	return m, Editing, m.inputs[m.at].Focus()
}

// choose puts the field's suggestion n away from its value in it, ""
// (any) first, wrapping; from a value typed that is none of them, down
// goes to the first suggestion and up to the last.
func (m Model) choose(n int) Model {
	values := append([]string{""}, m.fields[m.at].Choices...)
	i := max(slices.Index(values, strings.TrimSpace(m.inputs[m.at].Value())), 0)
	i = ((i+n)%len(values) + len(values)) % len(values)
	m.inputs = slices.Clone(m.inputs)
	m.inputs[m.at].SetValue(values[i])
	m.inputs[m.at].CursorEnd()
	m.err = ""
	return m
}

// apply checks every field: the first value that breaks its rule is
// named and the form stays open, on that field; else the values are
// applied and the form closes.
func (m Model) apply() (Model, Result, tea.Cmd) {
	values := make([]string, len(m.inputs))
	for i, in := range m.inputs {
		values[i] = strings.TrimSpace(in.Value())
		if err := m.fields[i].check(values[i]); err != nil {
			m.err = err.Error()
			m.inputs = slices.Clone(m.inputs)
			m.inputs[m.at].Blur()
			m.at = i
			return m, Editing, m.inputs[i].Focus()
		}
	}
	m.applied, m.open, m.err = values, false, ""
	return m, Applied, nil
}
