package video

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"atelier/ui/components/form"
	"atelier/ui/tab"
)

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
