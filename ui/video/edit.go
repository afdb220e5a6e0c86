package video

import (
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"atelier/ui/components/form"
	"atelier/ui/tab"
)

// key routes a key press by mode.
func (m Model) key(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	if m.out.guard.Asking() { // the budget's question has every key
		var cmd tea.Cmd
		m.out, cmd = m.out.update(msg)
		return m, cmd
	}
	if m.label.Asking() { // and the label's
		var cmd tea.Cmd
		m.label, cmd = m.label.Key(m.db, msg)
		return m, cmd
	}
	switch m.mode {
	case picking:
		return m.pickKey(msg)
	case browsing:
		return m.browseKey(msg)
	case pairing, judging:
		return m.arenaKey(msg)
	}
	return m.editKey(msg)
}

// editKey acts on the form: the tab's own keys first, then the form's.
// Past the first or last row, the keyboard goes to the task list.
func (m Model) editKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	switch {
	case key.Matches(msg, m.km.Choose):
		return m.openPicker(), nil
	case key.Matches(msg, m.km.Typed) && m.form.typesPath(): // the path is done, as in the Image tab
		return m.step(1), nil
	case key.Matches(msg, m.km.Send): // from any other row, as Chat and Image send
		return m.trySubmit()
	case key.Matches(msg, m.km.Next):
		return m.step(1), nil
	case key.Matches(msg, m.km.Prev):
		return m.step(-1), nil
	case key.Matches(msg, m.km.Leave):
		return m.to(browsing), nil
	}
	var cmd tea.Cmd
	m.form.Model, cmd = m.form.Update(msg)
	return m, cmd
}

// paste goes to the focused text row, or the tasks' filter; the path of
// a file dropped anywhere else is read for its recipe.
func (m Model) paste(msg tea.PasteMsg) (Model, tea.Cmd) {
	if m.out.guard.Asking() {
		return m, nil
	}
	if (m.mode == editing && !m.form.onFileRow() || m.mode == browsing && !m.tasks.Filtering()) && m.out.guard.pending == nil {
		if file := droppedFile(msg.Content); file != "" {
			return m, readRecipe(file)
		}
	}
	var cmd tea.Cmd
	switch m.mode {
	case editing:
		m.form.Model, cmd = m.form.Update(msg)
	case browsing:
		m.tasks.Model, cmd = m.tasks.Update(msg)
	}
	return m, cmd
}

// trySubmit checks the whole form and sends it when nothing is wrong and
// the budget allows (or the person says yes to passing it); otherwise
// every problem shows, the focus goes to the first, and nothing is sent.
func (m Model) trySubmit() (Model, tea.Cmd) {
	if m.out.busy() {
		return m, tab.Warn("the last submission has not answered yet")
	}
	switch n := m.form.Try(); {
	case n > 0:
		m = m.focusProblem()
		return m, tab.Warn(notSent(m.form.Problems()))
	case m.db == nil:
		return m, tab.Warn("not sent: video tasks are kept in the history, which is not open")
	case m.out.client == nil:
		return m, tab.Warn("not sent: no service (Settings: base URL and keys)")
	}
	var cmd tea.Cmd
	m.out, cmd = m.out.submit(m.form.request(func(path, file string) any { return localImage{path: path, file: file} }),
		m.form.label(), m.prices)
	return m, cmd
}

// notSent says why nothing was sent: the first problem, by the field it
// names, and how many more the form shows.
func notSent(problems []string) string {
	if len(problems) == 0 {
		return "not sent: the form has a problem"
	}
	s := "not sent: " + clean(problems[0])
	if n := len(problems) - 1; n > 0 {
		s += fmt.Sprintf(" (and %s)", tab.Plural(n, "more problem"))
	}
	return s
}

// submitted shows the new task, or why nothing was sent.
func (m Model) submitted(msg submittedMsg) (Model, tea.Cmd) {
	m.out.sending = false
	switch {
	case len(msg.problems) > 0:
		late := make([]form.Violation, len(msg.problems))
		for i, v := range msg.problems {
			late[i] = form.Violation{Field: v.Field, Text: v.Error()}
		}
		m.form.SetLate(late)
		m = m.focusProblem()
		return m, tab.Error(fmt.Errorf("not sent: %s", msg.problems[0]))
	case msg.err != nil:
		return m, tab.Error(msg.err)
	}
	m.form.Untry() // kept for the next run: its problems show again as it is edited
	tick := m.tasks.added(msg.task)
	return m, tea.Batch(tick, tab.Notice("video "+shortID(msg.task.id())+" submitted"))
}
