package video

import (
	"errors"
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"atelier/ui/tab"
)

// key routes a key press by mode.
func (m Model) key(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	switch m.mode {
	case picking:
		return m.pickKey(msg)
	case confirming:
		return m.confirmKey(msg)
	case browsing:
		return m.browseKey(msg)
	}
	return m.editKey(msg)
}

// editKey acts on the form: the tab's own keys first, then the focused
// row's.
func (m Model) editKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	switch {
	case key.Matches(msg, m.km.Choose):
		return m.openPicker(), nil
	case key.Matches(msg, m.km.Submit):
		return m.trySubmit()
	case key.Matches(msg, m.km.Next):
		return m.step(1), nil
	case key.Matches(msg, m.km.Prev):
		return m.step(-1), nil
	case key.Matches(msg, m.km.Up):
		m.form.move(-1)
		return m, nil
	case key.Matches(msg, m.km.Down):
		m.form.move(1)
		return m, nil
	case key.Matches(msg, m.km.Add):
		return m.addItem(), nil
	case key.Matches(msg, m.km.Remove):
		return m.removeItem(), nil
	case key.Matches(msg, m.km.Leave):
		return m.toTasks(), nil
	}
	if m.form.editsText(m.form.focused()) {
		return m.typeKey(msg)
	}
	return m.rowKey(msg), nil
}

// typeKey edits the focused text row; enter goes to the next row.
func (m Model) typeKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	if msg.String() == "enter" {
		return m.step(1), nil
	}
	var cmd tea.Cmd
	m.form.input, cmd = m.form.input.Update(msg)
	m.form.setText(m.form.input.Value())
	m.form.check()
	return m, cmd
}

// paste goes to the focused text row.
func (m Model) paste(msg tea.PasteMsg) (Model, tea.Cmd) {
	if m.mode != editing || !m.form.editsText(m.form.focused()) {
		return m, nil
	}
	var cmd tea.Cmd
	m.form.input, cmd = m.form.input.Update(msg)
	m.form.setText(m.form.input.Value())
	m.form.check()
	return m, cmd
}

// rowKey changes a choice, or adds an item on a list's head or add row.
func (m Model) rowKey(msg tea.KeyPressMsg) Model {
	f := &m.form
	r := f.focused()
	switch {
	case r.kind == listRow || r.kind == addRow:
		if key.Matches(msg, m.km.Change) {
			return m.addItem()
		}
	case key.Matches(msg, m.km.Change):
		f.cycle(r, 1)
	case key.Matches(msg, m.km.Back):
		f.cycle(r, -1)
	}
	return m
}

// cycle moves a choice row to its next (or previous) value; a field's
// values include unset, the mode's do not.
func (f *form) cycle(r row, delta int) {
	switch r.kind {
	case modeRow:
		n := len(f.ep.Modes)
		f.mode = ((f.mode+delta)%n + n) % n
		f.touched["mode"] = true
	case fieldRow:
		v := f.value(r.at)
		if v.kind() != choiceKind {
			return
		}
		n := len(v.choices()) + 1
		v.pick = ((v.pick+delta)%n + n) % n
		f.touch(r)
	default:
		return
	}
	f.check()
}

// step moves the focus along the rows; past either end it goes to the
// task list.
func (m Model) step(delta int) Model {
	next := m.form.focus + delta
	if next < 0 || next >= len(m.form.rows) {
		return m.toTasks()
	}
	m.form.move(delta)
	return m
}

// toTasks gives the keyboard to the task list.
func (m Model) toTasks() Model {
	m.mode = browsing
	m.form.input.Blur()
	return m
}

// toForm gives the keyboard back to the form, at its first or last row.
func (m Model) toForm(delta int) Model {
	m.mode = editing
	m.form.focus = 0
	if delta < 0 {
		m.form.focus = len(m.form.rows) - 1
	}
	m.form.loadInput()
	return m
}

// addItem adds an empty item to the list around the focused row and puts
// the focus on it.
func (m Model) addItem() Model {
	f := &m.form
	at := f.listOf(f.focused())
	if at == nil {
		return m
	}
	list := f.value(at)
	list.items = append(list.items, list.newItem())
	f.touch(f.focused())
	f.rows = f.layout()
	f.focusAt(append(append([]int(nil), at...), len(list.items)-1))
	f.check()
	return m
}

// removeItem removes the list item the focused row belongs to.
func (m Model) removeItem() Model {
	f := &m.form
	r := f.focused()
	item := f.itemOf(r)
	if item == nil {
		return m
	}
	list := f.value(item[:len(item)-1])
	i := item[len(item)-1]
	list.items = append(list.items[:i:i], list.items[i+1:]...)
	f.touch(r)
	f.rows = f.layout()
	if len(list.items) > 0 {
		f.focusAt(append(item[:len(item)-1:len(item)-1], min(i, len(list.items)-1)))
	} else {
		f.focusAt(item[:len(item)-1])
	}
	f.check()
	return m
}

// trySubmit checks the whole form and sends it when nothing is wrong;
// otherwise every problem shows, the focus goes to the first, and nothing
// is sent.
func (m Model) trySubmit() (Model, tea.Cmd) {
	if m.sending {
		return m, tab.Warn("the last submission has not answered yet")
	}
	f := &m.form
	f.tried = true
	clear(f.late)
	f.check()
	switch {
	case f.count() > 0:
		m.focusProblem()
		return m, tab.Error(fmt.Errorf("not sent: %d %s to fix in the form", f.count(), plural(f.count(), "problem")))
	case m.db == nil:
		return m, tab.Error(errors.New("not sent: video tasks are kept in the history, which is not open"))
	case m.client == nil:
		return m, tab.Error(errors.New("not sent: no service (Settings: base URL and keys)"))
	}
	m.sending = true
	return m, m.submit(f.request(func(path, file string) any { return localImage{path: path, file: file} }))
}

// focusProblem puts the focus on the first row with a problem.
func (m *Model) focusProblem() {
	if i := m.form.firstProblem(); i >= 0 {
		m.mode = editing
		m.form.focus = i
		m.form.loadInput()
	}
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}
