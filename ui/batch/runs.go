package batch

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	engine "atelier/batch"
	"atelier/store"
	"atelier/ui/components/editor"
	"atelier/ui/components/guard"
	"atelier/ui/tab"
)

// The tab's part in a run: a batch file planned (typed or edited), held
// by the gate, started or resumed, followed report by report, and ended.
// The run itself is a running; the Model routes its messages and keeps
// the open matrix in step with it.

// runResult handles the messages of a run and of the steps before it.
func (m Model) runResult(msg tea.Msg) (Model, tea.Cmd) {
	var cmd tea.Cmd
	switch msg := msg.(type) {
	case plannedMsg:
		return m.planned(msg)
	case editingMsg:
		m.edit, cmd = m.edit.open(msg)
	case editor.EditedMsg:
		m.edit, cmd = m.edit.done(msg)
	case guard.Verdict:
		return m.gated(m.gate.verdict(msg))
	case startedMsg:
		return m.started(msg)
	case progressMsg:
		return m.progressed(msg)
	case finishedMsg:
		return m.finished(msg)
	}
	return m, cmd
}

// planned hands a batch file's plan to the gate, or says what is wrong
// with the file.
func (m Model) planned(msg plannedMsg) (Model, tea.Cmd) {
	if msg.err != nil {
		return m, tab.Error(msg.err)
	}
	if m.run != nil {
		return m, tab.Warn(busyWarning)
	}
	return m.gated(m.gate.hold(msg, m.db, m.settings))
}

// gated adopts the gate's step, and runs the plan it let go, if any.
func (m Model) gated(g planGate, cmd tea.Cmd, p *plannedMsg) (Model, tea.Cmd) {
	m.gate = g
	if p == nil {
		return m, cmd
	}
	return m, tea.Batch(cmd, tab.Info(fmt.Sprintf("batch %q: %d cells", p.plan.Name, p.plan.Cells())),
		startCmd(m.client, m.db, p.plan, p.path, 0, false))
}

// resume runs a stopped batch's cells that are not done.
func (m Model) resume(b store.Batch, retryFailed bool) (Model, tea.Cmd) {
	if m.run != nil {
		return m, tab.Warn(busyWarning)
	}
	if why := engine.NothingToResume(b, retryFailed, "R"); why != "" {
		return m, tab.Warn(why)
	}
	return m, startCmd(m.client, m.db, nil, b.File, b.ID, retryFailed)
}

// started takes the run's channels and opens its matrix.
func (m Model) started(msg startedMsg) (Model, tea.Cmd) {
	if msg.err != nil {
		return m, tab.Error(msg.err)
	}
	m.run = msg.run
	m.reader = nil
	m, open := m.open(msg.run.id)
	return m, tea.Batch(open, nextCmd(m.run), listCmd(m.db))
}

// progressed draws the run's new state and waits for the next; the open
// matrix is read again as cells start or end, one read at a time.
func (m Model) progressed(msg progressMsg) (Model, tea.Cmd) {
	if m.run == nil || msg.id != m.run.id {
		return m, nil
	}
	moved := m.run.take(msg.p)
	cmds := []tea.Cmd{nextCmd(m.run)}
	if m.mx != nil && m.mx.b.ID == msg.id && moved && m.loads == 0 {
		m.loads++
		cmds = append(cmds, matrixCmd(m.db, msg.id))
	}
	return m, tea.Batch(cmds...)
}

// finished ends the run: the matrix and the list are read again.
func (m Model) finished(msg finishedMsg) (Model, tea.Cmd) {
	if m.run == nil || msg.id != m.run.id {
		return m, nil
	}
	cmds := []tea.Cmd{listCmd(m.db), m.run.end(msg.err)}
	m.run = nil
	if m.mx != nil && m.mx.b.ID == msg.id {
		m.loads++
		cmds = append(cmds, matrixCmd(m.db, msg.id))
	}
	return m, tea.Batch(cmds...)
}
