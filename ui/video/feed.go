package video

import (
	"errors"
	"fmt"
	"slices"

	tea "charm.land/bubbletea/v2"

	"atelier/internal/homepath"
	"atelier/poller"
	"atelier/store"
	"atelier/ui/tab"
)

// What keeps the task list moving: the history's records as they are
// read, the poller's reports, the tab's own submissions and the clock's
// ticks. Each restarts the clock when a task runs again, so the elapsed
// column follows without the tab asking.

// loadedAll shows the recorded tasks. A task the poller reported before
// the list was read is newer than its record here, and is kept. Tasks
// read again as the store changed replace the list (reloaded).
func (l *taskList) loadedAll(msg tasksLoadedMsg) tea.Cmd {
	if msg.err != nil {
		return tab.Error(fmt.Errorf("video tasks: %w", msg.err))
	}
	l.stamp, l.paused = msg.stamp, msg.paused
	if msg.live {
		return l.reloaded(msg.tasks)
	}
	for _, t := range msg.tasks {
		if l.index(t.id()) < 0 {
			l.put(t)
		}
	}
	l.loaded = true
	return l.tick()
}

// reloaded shows the tasks as the store now has them, newest first: new
// ones (submitted elsewhere), changed ones, none that was deleted. The
// cursor stays on its task, by id. What the poller said of a task and its
// record does not keep (a request it retries, the bytes downloaded) stays.
func (l *taskList) reloaded(fresh []task) tea.Cmd {
	items := make([]task, 0, len(fresh))
	for _, t := range fresh {
		if i := l.index(t.id()); i >= 0 {
			t = l.Items()[i].refreshed(t)
		}
		items = append(items, t)
	}
	slices.SortStableFunc(items, func(a, b task) int { return b.rec.SubmittedAt.Compare(a.rec.SubmittedAt) })
	l.SetItems(items)
	l.loaded = true
	return l.tick()
}

// refreshed is the task as its record now is (rec), with what the
// poller said since that a record does not hold. A record read before the
// poller's last word that the task ended is older than the task here:
// the task stays as it is.
func (t task) refreshed(rec task) task {
	if t.rec.Done && !rec.rec.Done && t.downloadFailure() == nil { // a failed download may be retried elsewhere
		return t
	}
	if rec.running() {
		rec.trouble, rec.retry = t.trouble, t.retry
		rec.downloaded = max(rec.downloaded, t.downloaded)
	}
	if rec.log == "" {
		rec.log = t.log
	}
	if rec.file == "" {
		rec.file = t.file
	}
	return rec
}

// known are the ids of the tasks listed.
func (l *taskList) known() map[string]bool {
	out := make(map[string]bool, len(l.Items()))
	for _, t := range l.Items() {
		out[t.id()] = true
	}
	return out
}

// loadedOne shows a task as the history now has it.
func (l *taskList) loadedOne(msg taskLoadedMsg) tea.Cmd {
	if msg.err != nil {
		return tab.Error(fmt.Errorf("video task: %w", msg.err))
	}
	l.put(msg.task)
	return l.tick()
}

// added shows a task just submitted, selected.
func (l *taskList) added(t task) tea.Cmd {
	l.put(t)
	l.Select(t.id())
	return l.tick()
}

// updated takes in one report of the poller. A task that ends is read
// again from db (for its file and result) and announced through n.
func (l *taskList) updated(msg updateMsg, db *store.Store, n alerter) tea.Cmd {
	u := msg.u
	i := l.index(u.RequestID)
	if i < 0 { // submitted elsewhere, or reported before the list was read
		if u.Done {
			return tea.Batch(reload(db, u.RequestID), announce(n, u))
		}
		return reload(db, u.RequestID)
	}
	was := l.Items()[i].running()
	l.apply(i, u)
	if !u.Done || !was {
		return l.tick()
	}
	return tea.Batch(reload(db, u.RequestID), announce(n, u))
}

// ticked moves the running tasks' clocks on.
func (l *taskList) ticked(msg tickMsg) tea.Cmd {
	var cmd tea.Cmd
	l.clock, cmd = l.clock.ticked(msg.at, l.running())
	return cmd
}

// tick asks the clock for ticks while tasks run.
func (l *taskList) tick() tea.Cmd {
	var cmd tea.Cmd
	l.clock, cmd = l.clock.start(l.running())
	return cmd
}

// announce tells the status bar, and the terminal as the settings say
// (a desktop notification or the bell), that a task ended.
func announce(n alerter, u poller.Update) tea.Cmd {
	id := shortID(u.RequestID)
	var de *poller.DownloadError
	if errors.As(u.Err, &de) {
		return tea.Batch(tab.Error(fmt.Errorf("video %s: download failed: %s · D retries", id, clean(de.Reason))),
			n.cmd("video "+id+" download failed"))
	}
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
