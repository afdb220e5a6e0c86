package video

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"atelier/poller"
	"atelier/store"
	"atelier/ui/tab"
)

// The queue's truth: a failed download shown as one and tried
// again with a key, and the pause of every poller on the data directory,
// kept in the store.

type (
	// retriedMsg is a task whose failed download was cleared, back with
	// the poller.
	retriedMsg struct {
		task task
		err  error
	}
	// pausedMsg is the queue's pause as this tab's key just set it.
	pausedMsg struct {
		paused bool
		err    error
	}
)

// listMsg takes in what the task list's commands bring back, the
// clock's ticks, and History's retry key (the poller is here).
func (m Model) listMsg(msg tea.Msg) (Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tasksLoadedMsg:
		return m, m.tasks.loadedAll(msg)
	case taskLoadedMsg:
		return m, m.tasks.loadedOne(msg)
	case deletedMsg:
		return m, m.tasks.deleted(msg)
	case tickMsg:
		return m, m.tasks.ticked(msg)
	case tab.RetryDownloadMsg:
		return m, retryByID(m.db, m.out.poller, msg.RequestID)
	case retriedMsg:
		return m, m.tasks.retried(msg)
	case pausedMsg:
		return m, m.tasks.pausedNow(msg)
	}
	return m, nil
}

// retryDownload clears the task's failed download and hands it back to
// the poller, which fetches its result again (a fresh media URL) and
// resumes the download.
func retryDownload(db *store.Store, p *poller.Poller, t task) tea.Cmd {
	if t.downloadFailure() == nil {
		return tab.Warn("video " + shortID(t.id()) + ": its download did not fail: nothing to retry")
	}
	return retryByID(db, p, t.id())
}

// retryByID is retryDownload of the task with id, which may not be listed.
func retryByID(db *store.Store, p *poller.Poller, id string) tea.Cmd {
	if db == nil {
		return tab.Warn("no history: the download cannot be retried")
	}
	return func() tea.Msg {
		rec, err := db.RetryVideoDownload(context.Background(), id)
		if err != nil {
			return result(retriedMsg{err: err})
		}
		p.Retry(*rec)
		rec.Events = nil
		return result(retriedMsg{task: newTask(*rec, "")})
	}
}

// retried shows the task running again.
func (l *taskList) retried(msg retriedMsg) tea.Cmd {
	if msg.err != nil {
		return tab.Error(msg.err)
	}
	l.put(msg.task)
	return tea.Batch(l.tick(), tab.Info("video "+shortID(msg.task.id())+": downloading again"))
}

// setPaused pauses or resumes the queue for every poller on the store,
// and has this process's poller read it at once.
func setPaused(db *store.Store, p *poller.Poller, on bool) tea.Cmd {
	if db == nil {
		return tab.Warn("no history: the queue cannot be paused")
	}
	return func() tea.Msg {
		if err := poller.SetPaused(context.Background(), db, on); err != nil {
			return result(pausedMsg{err: err})
		}
		p.Wake()
		return result(pausedMsg{paused: on})
	}
}

// pausedNow takes in the pause just set (one set elsewhere comes with
// the tasks, tasksLoadedMsg).
func (l *taskList) pausedNow(msg pausedMsg) tea.Cmd {
	if msg.err != nil {
		return tab.Error(msg.err)
	}
	l.paused = msg.paused
	switch {
	case msg.paused:
		return tab.Notice("video queue paused: tasks go on at the service; nothing is polled or downloaded until p")
	}
	return tab.Notice("video queue resumed")
}
