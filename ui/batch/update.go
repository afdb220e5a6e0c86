package batch

import (
	"strconv"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"atelier/internal/share"
	"atelier/ui/components/sharepage"
	"atelier/ui/tab"
)

// key routes a key press to what has the keyboard: the guard's question,
// the path field, a cell's replies, the matrix, or the list.
func (m Model) key(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	switch {
	case m.gate.guard.Asking():
		return m.gated(m.gate.key(msg))
	case m.path.typing:
		var cmd tea.Cmd
		m.path, cmd = m.path.key(msg, m.km)
		return m, cmd
	case m.reader != nil:
		if key.Matches(msg, m.km.Close) {
			m.reader = nil
			return m, nil
		}
		m.reader.key(msg, m.km)
		return m, nil
	case m.mx != nil:
		return m.matrixKey(msg)
	}
	return m.listKey(msg)
}

// listKey moves in the list of batches and acts on the selected one.
func (m Model) listKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	if m.list.Filtering() || m.list.Asking() {
		var cmd tea.Cmd
		m.list, cmd = m.list.Update(msg)
		return m, cmd
	}
	b, ok := m.list.Selected()
	switch {
	case key.Matches(msg, m.km.New):
		return m.askPath()
	case key.Matches(msg, m.km.Stop) && m.run != nil:
		return m, m.run.stopAsked()
	case !ok || m.db == nil:
	case key.Matches(msg, m.list.KeyMap.Delete) && m.run != nil && m.run.id == b.ID:
		// Asked here, not by the list's Refuse: the list keeps the options
		// it was made with, and a closure there would see the model New
		// returned, with no run, for ever.
		return m, tab.Warn("batch " + strconv.FormatInt(b.ID, 10) + " is running: stop it first (esc)")
	case key.Matches(msg, m.km.Open):
		return m.open(b.ID)
	case key.Matches(msg, m.km.Resume):
		return m.resume(b, false)
	case key.Matches(msg, m.km.RetryFailed):
		return m.resume(b, true)
	case key.Matches(msg, m.km.Export):
		return m, exportCmd(m.db, b.ID, m.exportDir)
	case key.Matches(msg, m.km.Share):
		return m, sharepage.Cmd(m.db, share.Options{}, share.Ref{Batch: b.ID})
	}
	var cmd tea.Cmd
	m.list, cmd = m.list.Update(msg)
	return m, cmd
}

// askPath opens the path field, holding the last path typed: a batch is
// often run again after an edit of its file.
func (m Model) askPath() (Model, tea.Cmd) {
	if m.db == nil {
		return m, tab.Warn("no history: a batch is recorded there as it runs")
	}
	if m.run != nil {
		return m, tab.Warn(busyWarning)
	}
	var cmd tea.Cmd
	m.path, cmd = m.path.open()
	return m, cmd
}

// matrixKey acts on the open batch — stops its run, goes back to the
// list, opens a cell's replies, sends a row to Compare, resumes it — or
// hands the key to the matrix to move its cursor, sort or filter.
func (m Model) matrixKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	x, k := m.mx, m.km
	switch {
	case key.Matches(msg, k.Stop) && m.runningOpen():
		return m, m.run.stopAsked()
	case key.Matches(msg, k.Back):
		m.mx, m.want = nil, 0
		return m, listCmd(m.db)
	case key.Matches(msg, k.Cell):
		if c, t, cells, ok := x.selectedCells(); ok {
			return m, repliesCmd(m.db, x.b.ID, c, t, cells)
		}
		return m, nil
	case key.Matches(msg, k.Compare), key.Matches(msg, k.CompareBlind):
		return m, x.toCompare(key.Matches(msg, k.CompareBlind))
	case key.Matches(msg, k.Resume):
		return m.resume(x.b, false)
	case key.Matches(msg, k.RetryFailed):
		return m.resume(x.b, true)
	case key.Matches(msg, k.Export):
		return m, exportCmd(m.db, x.b.ID, m.exportDir)
	case key.Matches(msg, k.Share):
		return m, sharepage.Cmd(m.db, share.Options{}, share.Ref{Batch: x.b.ID})
	}
	if note := x.key(msg, k, max(m.layout().rows(), 1)); note != nil {
		return m, note
	}
	m.layout().follow()
	return m, m.thumbsCmd()
}
