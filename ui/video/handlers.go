package video

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/homepath"
	"atelier/poller"
	"atelier/ui/components/form"
	"atelier/ui/tab"
)

// connected takes the client the shell (re)connected with and hands it to
// the poller, which resumes the unfinished tasks with it.
func (m Model) connected(c *client.Client) (Model, tea.Cmd) {
	m.client = c
	m.gen++
	return m, follow(m.poller, m.gen, m.client)
}

// tasksLoaded shows the recorded tasks. A task the poller reported before
// the list was read is newer than its record here, and is kept.
func (m Model) tasksLoaded(msg tasksLoadedMsg) (Model, tea.Cmd) {
	if msg.err != nil {
		return m, tab.Error(fmt.Errorf("video tasks: %w", msg.err))
	}
	for _, t := range msg.tasks {
		if m.tasks.index(t.id()) < 0 {
			m.tasks.put(t)
		}
	}
	m.tasks.loaded = true
	return m.startTicking()
}

// taskLoaded shows a task as the history now has it.
func (m Model) taskLoaded(msg taskLoadedMsg) (Model, tea.Cmd) {
	if msg.err != nil {
		return m, tab.Error(fmt.Errorf("video task: %w", msg.err))
	}
	m.tasks.put(msg.task)
	return m.startTicking()
}

// updated takes in one report of the poller. A task that ends is read
// again (for its file and result) and announced.
func (m Model) updated(msg updateMsg) (Model, tea.Cmd) {
	u := msg.u
	i := m.tasks.index(u.RequestID)
	if i < 0 { // submitted elsewhere, or reported before the list was read
		if u.Done {
			return m, tea.Batch(reload(m.db, u.RequestID), announce(m.notify, u))
		}
		return m, reload(m.db, u.RequestID)
	}
	was := m.tasks.Items()[i].running()
	m.tasks.apply(i, u)
	if !u.Done || !was {
		return m.startTicking()
	}
	return m, tea.Batch(reload(m.db, u.RequestID), announce(m.notify, u))
}

// announce tells the status bar, and the terminal where it can, that a
// task ended.
func announce(n notifier, u poller.Update) tea.Cmd {
	id := shortID(u.RequestID)
	if u.Failed {
		return tea.Batch(tab.Error(fmt.Errorf("video %s failed: %s", id, clean(errText(u.Err)))),
			n.cmd("video "+id+" failed"))
	}
	text := "video " + id + " done"
	if u.VideoPath != "" {
		text += " · " + homepath.Tilde(u.VideoPath)
	}
	return tea.Batch(tab.Notice(text), n.cmd("video "+id+" done"))
}

func errText(err error) string {
	if err == nil {
		return "no reason given"
	}
	return err.Error()
}

// submitted shows the new task, or why nothing was sent.
func (m Model) submitted(msg submittedMsg) (Model, tea.Cmd) {
	m.sending = false
	switch {
	case len(msg.problems) > 0:
		late := make([]form.Violation, len(msg.problems))
		for i, v := range msg.problems {
			late[i] = form.Violation{Field: v.Field, Text: v.Error()}
		}
		m.form.SetLate(late)
		m.focusProblem()
		return m, tab.Error(fmt.Errorf("not sent: %s", msg.problems[0]))
	case msg.err != nil:
		return m, tab.Error(msg.err)
	}
	m.form.Untry() // kept for the next run: its problems show again as it is edited
	m.tasks.put(msg.task)
	m.tasks.Select(msg.task.id())
	m, tick := m.startTicking()
	return m, tea.Batch(tick, tab.Notice("video "+shortID(msg.task.id())+" submitted"))
}

// ticked moves the running tasks' clocks on, and asks for the next tick
// while any runs.
func (m Model) ticked(msg tickMsg) (Model, tea.Cmd) {
	m.now = msg.at
	m.ticking = false
	return m.startTicking()
}

// startTicking asks for ticks while tasks run and none is on its way.
func (m Model) startTicking() (Model, tea.Cmd) {
	if m.ticking || m.tickEvery <= 0 || m.tasks.running() == 0 {
		return m, nil
	}
	m.ticking = true
	return m, tick(m.tickEvery)
}
