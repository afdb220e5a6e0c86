package arena

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	filterform "atelier/ui/components/filter"
)

// key routes a key press: to the form while it is open, else to the
// board: which board and how it is shown here, moves to move.
func (m Model) key(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	if m.form.IsOpen() {
		var res filterform.Result
		var cmd tea.Cmd
		if m.form, res, cmd = m.form.Update(msg); res == filterform.Applied {
			return m.refilter(applied(m.form))
		}
		return m, cmd
	}
	if m.cal.ask.Asking() {
		var cmd tea.Cmd
		m.cal, cmd = m.cal.key(msg)
		return m, cmd
	}
	if k, ok := kindKey(msg); ok {
		return m.showKind(k)
	}
	switch {
	case key.Matches(msg, m.km.NextKind):
		return m.showKind((m.kind + 1) % len(kinds))
	case key.Matches(msg, m.km.PrevKind):
		return m.showKind((m.kind + len(kinds) - 1) % len(kinds))
	case key.Matches(msg, m.km.Matrix):
		m.matrix.on = !m.matrix.on
		m.at.GotoTop()
		return m, nil
	case key.Matches(msg, m.km.Filter):
		var cmd tea.Cmd
		m.form, cmd = m.form.Open()
		return m, cmd
	case key.Matches(msg, m.km.Clear):
		m.form = m.form.Clear()
		return m.refilter(filter{})
	case key.Matches(msg, m.km.Run):
		return m, m.needs.run(m.shown(), m.boards.db)
	case key.Matches(msg, m.km.Share):
		return m, m.share()
	case key.Matches(msg, m.km.Judge):
		return m.judge()
	}
	return m.move(msg), nil
}

// move handles the keys that move: the cursor among the pairs, the
// matrix's columns, the body's window.
func (m Model) move(msg tea.KeyPressMsg) Model {
	switch {
	case key.Matches(msg, m.km.Up):
		return m.movePick(-1)
	case key.Matches(msg, m.km.Down):
		return m.movePick(1)
	case key.Matches(msg, m.km.Left):
		m.matrix = m.matrix.left()
	case key.Matches(msg, m.km.Right):
		m.matrix = m.matrix.right(m.shown(), m.width)
	case key.Matches(msg, m.km.PageUp):
		return m.scroll(-m.bodyHeight())
	case key.Matches(msg, m.km.PageDown):
		return m.scroll(m.bodyHeight())
	case key.Matches(msg, m.km.Top):
		m.at.GotoTop()
	case key.Matches(msg, m.km.Bottom):
		m = m.fit()
		m.at.GotoBottom()
	}
	return m
}

// refilter shows the board under f, loaded afresh, with the cursor and
// the body back at their tops; the filter applied already changes nothing.
func (m Model) refilter(f filter) (Model, tea.Cmd) {
	if f == m.filter {
		return m, nil
	}
	m.filter, m.needs.pick = f, 0
	m.at.GotoTop()
	return m.reload()
}

// showKind shows board k, loaded afresh.
func (m Model) showKind(k int) (Model, tea.Cmd) {
	if k == m.kind && m.boards.board != nil {
		return m, nil
	}
	m.kind, m.needs.pick, m.matrix.col = k, 0, 0
	m.at.GotoTop()
	return m.reload()
}

// wheel scrolls the body.
func (m Model) wheel(msg tea.MouseWheelMsg) Model {
	m = m.fit()
	m.at, _ = m.at.Update(msg)
	return m
}

// fit tells the body's scroller its room and its length.
func (m Model) fit() Model {
	body, _ := m.body()
	m.at.SetHeight(m.bodyHeight())
	m.at.SetTotal(len(body))
	return m
}

// scroll moves the body's window by n lines, within it.
func (m Model) scroll(n int) Model {
	m = m.fit()
	m.at.ScrollBy(n)
	return m
}

// movePick moves the cursor among the pairs that need votes, and the body
// to keep it in view.
func (m Model) movePick(n int) Model {
	b := m.shown()
	if len(m.needs.pairs(b)) == 0 {
		return m.scroll(n)
	}
	m.needs = m.needs.move(n, b)
	m.follow()
	return m
}

// follow keeps the pair under the cursor in view.
func (m *Model) follow() {
	body, line := m.body()
	m.at.SetHeight(m.bodyHeight())
	m.at.SetTotal(len(body))
	if line >= 0 {
		m.at.Show(line)
	}
}
