package video

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// Where the keyboard is: the form (editing), the task list (browsing),
// the endpoint chooser (picking) or the arena (pairing, judging). The
// form has the keyboard exactly while the tab is editing; every change of
// mode goes through to, which keeps that true.

// to gives the keyboard to mode next.
func (m Model) to(next mode) Model {
	m.mode = next
	if next == editing {
		m.form.Focus()
	} else {
		m.form.Blur()
	}
	return m
}

// step moves the focus along the rows; past either end it goes to the
// task list.
func (m Model) step(delta int) Model {
	if !m.form.Step(delta) {
		return m.to(browsing)
	}
	return m
}

// toForm gives the keyboard back to the form, at its first or last row.
func (m Model) toForm(delta int) Model {
	m = m.to(editing)
	if delta < 0 {
		m.form.Goto(-1)
	} else {
		m.form.Goto(0)
	}
	return m
}

// focusProblem gives the keyboard to the form, on the first row with a
// problem, when a row has one.
func (m Model) focusProblem() Model {
	if m.form.FocusProblem() {
		return m.to(editing)
	}
	return m
}

// edit gives the keyboard to the form d, on its first text row.
func (m Model) edit(d draft) Model {
	m.setForm(d)
	m = m.to(editing)
	m.form.FocusFirstText()
	return m
}

// setForm replaces the form, sized and styled for the tab, with the
// keyboard where the tab's mode puts it.
func (m *Model) setForm(d draft) {
	m.form = d
	m.form.KeyMap = m.km.Form
	m.form.SetStyles(m.st.Form)
	m.form.SetSize(m.width, 0)
	if m.mode != editing {
		m.form.Blur()
	}
}

// openPicker shows the chooser on the endpoint being written.
func (m Model) openPicker() Model {
	m.pick = newPicker(m.form.ep.Path, m.mode)
	return m.to(picking)
}

// pickKey moves in the endpoint chooser; enter writes the chosen
// endpoint's form, keeping the values of the fields both share; esc goes
// back where the chooser was opened.
func (m Model) pickKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	p := &m.pick
	if c, ok := m.km.move(msg, p.cursor, len(p.eps)); ok {
		p.cursor = c
		return m, nil
	}
	switch {
	case key.Matches(msg, m.km.Pick) && p.image != "":
		return m.pickedForImage(p.eps[p.cursor])
	case key.Matches(msg, m.km.Pick):
		return m.edit(newDraft(p.eps[p.cursor], m.form.modeName()).carry(m.form)), nil
	case key.Matches(msg, m.km.Cancel):
		return m.to(p.back), nil
	}
	return m, nil
}

// arenaKey gives a key to the arena, pairing or judging; the arena says
// which mode the key leads to, and is left empty when it is left.
func (m Model) arenaKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	var cmd tea.Cmd
	var next mode
	if m.mode == pairing {
		m.ar, next = m.ar.pairKey(msg, m.km, m.coin)
	} else {
		m.ar, cmd, next = m.ar.key(msg, m.km, m.open)
	}
	if next == browsing {
		m.ar = m.ar.left()
	}
	return m.to(next), cmd
}
