package batch

import (
	"encoding/json"
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/store"
	"atelier/ui/components/guard"
	"atelier/ui/tab"
)

// key routes a key press to what has the keyboard: the guard's question,
// the path field, a cell's replies, the matrix, or the list.
func (m Model) key(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	switch {
	case m.guard.Asking():
		var a guard.Answer
		m.guard, a = m.guard.Update(msg)
		switch a {
		case guard.Yes:
			return m.startPlan()
		case guard.No:
			m.plan = nil
			return m, tab.Info(m.guard.Refused())
		}
		return m, nil
	case m.typing:
		return m.pathKey(msg)
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

// pathKey edits the batch file's path; enter reads it.
func (m Model) pathKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	switch {
	case key.Matches(msg, m.km.Cancel):
		m.typing = false
		m.input.Blur()
		return m, nil
	case key.Matches(msg, m.km.Start):
		path := strings.TrimSpace(m.input.Value())
		if path == "" {
			return m, tab.Warn("type the path of a batch file (TOML; see the README's \"Batch runs\")")
		}
		m.typing = false
		m.input.Blur()
		return m, planCmd(path)
	case key.Matches(msg, m.km.Edit):
		path := strings.TrimSpace(m.input.Value())
		if path == "" {
			return m, tab.Warn("type where the batch file is, or is to be written, then ctrl+o")
		}
		m.typing = false
		m.input.Blur()
		return m, editCmd(path)
	}
	var cmd tea.Cmd
	m.input, cmd = m.input.Update(msg)
	return m, cmd
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
		return m.stop(), tab.Info(fmt.Sprintf("stopping batch %d…", m.run.id))
	case !ok || m.db == nil:
	case key.Matches(msg, m.km.Open):
		return m.open(b.ID)
	case key.Matches(msg, m.km.Resume):
		return m.resume(b, false)
	case key.Matches(msg, m.km.RetryFailed):
		return m.resume(b, true)
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
		return m, tab.Warn("a batch is running: stop it first (esc)")
	}
	m.typing = true
	m.input.CursorEnd()
	return m, m.input.Focus()
}

// matrixKey moves the cursor in the matrix and acts on its cell.
func (m Model) matrixKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	x, k := m.mx, m.km
	page := max(m.layout().rows(), 1)
	switch {
	case key.Matches(msg, k.Stop) && m.runningOpen():
		return m.stop(), tab.Info(fmt.Sprintf("stopping batch %d…", m.run.id))
	case key.Matches(msg, k.Back):
		m.mx, m.want = nil, 0
		return m, listCmd(m.db)
	case key.Matches(msg, k.Up):
		x.move(-1, 0)
	case key.Matches(msg, k.Down):
		x.move(1, 0)
	case key.Matches(msg, k.Left):
		x.move(0, -1)
	case key.Matches(msg, k.Right):
		x.move(0, 1)
	case key.Matches(msg, k.PageUp):
		x.move(-page, 0)
	case key.Matches(msg, k.PageDown):
		x.move(page, 0)
	case key.Matches(msg, k.Sort):
		x.sortCol = (x.sortCol + 1) % x.sortColumns()
		x.arrange()
	case key.Matches(msg, k.Reverse):
		x.reverse = !x.reverse
		x.arrange()
	case key.Matches(msg, k.Disagree):
		x.onlyDiff = !x.onlyDiff
		x.row = 0
		x.arrange()
		if x.onlyDiff && x.disagree == nil {
			return m, tab.Info("reading the replies to compare them…")
		}
	case key.Matches(msg, k.Cell):
		c, t, ok := x.selected()
		if !ok {
			return m, nil
		}
		reps := x.grid[c][t].repeats
		cells := make([]store.BatchCell, 0, len(reps))
		for _, i := range reps {
			cells = append(cells, x.cells[i])
		}
		return m, repliesCmd(m.db, x.b.ID, c, t, cells)
	case key.Matches(msg, k.Compare), key.Matches(msg, k.CompareBlind):
		return m, m.toCompare(key.Matches(msg, k.CompareBlind))
	case key.Matches(msg, k.Resume):
		return m.resume(x.b, false)
	case key.Matches(msg, k.RetryFailed):
		return m.resume(x.b, true)
	}
	m.layout().follow()
	return m, m.thumbsCmd()
}

// toCompare sends the selected row — the case's prompt to every target of
// the batch — to the Compare tab, blind if asked.
func (m Model) toCompare(blind bool) tea.Cmd {
	x := m.mx
	c, _, ok := x.selected()
	if !ok {
		return nil
	}
	targets, err := x.plan.ChatTargets()
	if err != nil {
		return tab.Error(err)
	}
	msg := tab.RerunMsg{To: tab.Compare, Kind: store.KindCompare, Prompt: x.plan.Cases[c].Text, Blind: blind}
	for _, t := range targets {
		msg.Targets = append(msg.Targets, rerunTarget(t))
	}
	if len(targets) > 0 {
		msg.Family, msg.Model = string(targets[0].Family), targets[0].Model
	}
	return func() tea.Msg { return msg }
}

// rerunTarget is a target as Compare takes it up: its settings as JSON.
func rerunTarget(t client.ChatTarget) tab.RerunTarget {
	js, _ := json.Marshal(t.Settings)
	return tab.RerunTarget{Family: string(t.Family), Model: t.Model, SettingsJSON: js}
}
