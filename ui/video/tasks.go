package video

import (
	"encoding/json"
	"errors"
	"maps"
	"slices"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/poller"
	"atelier/store"
	"atelier/ui/components/list"
	"atelier/ui/tab"
)

// task is one video task as the list shows it: as last read from the
// history, with what the poller said since.
type task struct {
	rec        store.VideoTask
	file       string // the saved video, an absolute path; "" until saved
	log        string // the last log line
	downloaded int64  // bytes saved so far, while the video downloads
	trouble    string // a request that failed, sent again at retry
	retry      time.Time
}

// newTask is a recorded task; file is its video's absolute path, if saved.
func newTask(rec store.VideoTask, file string) task {
	t := task{rec: rec, file: file, downloaded: rec.DownloadedBytes}
	if lines := logLines(rec.StatusJSON); len(lines) > 0 {
		t.log = lines[len(lines)-1].Message
	}
	return t
}

// id is the task's request id.
func (t task) id() string { return t.rec.RequestID }

func (t task) running() bool { return !t.rec.Done }

// failure is why the task failed, nil if it did not.
func (t task) failure() *client.TaskError { return poller.Failure(t.rec) }

// downloadFailure is why the video of a task the service completed was not
// saved, nil if it was or is still to come.
func (t task) downloadFailure() *poller.DownloadError { return poller.DownloadFailure(t.rec) }

// elapsed is how long the task ran: until now while it runs, else until it
// ended.
func (t task) elapsed(now time.Time) time.Duration {
	end := now
	if t.rec.Done {
		end = t.rec.CompletedAt
		if end.IsZero() {
			end = t.rec.UpdatedAt
		}
	}
	return max(end.Sub(t.rec.SubmittedAt), 0)
}

// apply takes in one poller update.
func (t *task) apply(u poller.Update) {
	if u.Status != "" {
		t.rec.Status = u.Status
	}
	t.rec.QueuePosition = u.QueuePosition
	if len(u.Logs) > 0 {
		t.log = u.Logs[len(u.Logs)-1].Message
	}
	if u.Downloaded > 0 {
		t.downloaded = u.Downloaded
	}
	t.trouble, t.retry = "", time.Time{}
	if u.Err != nil && !u.Done {
		t.trouble, t.retry = u.Err.Error(), u.Retry
	}
	if u.VideoPath != "" {
		t.file = u.VideoPath
	}
	if u.Done {
		t.rec.Done = true
	}
	var de *poller.DownloadError
	if u.Done && errors.As(u.Err, &de) {
		t.rec.DownloadError = de.Reason
	}
}

// videoURL is the address of the task's video in its result, "" if none.
func (t task) videoURL() string {
	var top map[string]json.RawMessage
	if json.Unmarshal(t.rec.ResultJSON, &top) != nil {
		return ""
	}
	for _, raw := range []json.RawMessage{t.rec.ResultJSON, top["result"]} {
		res := (&client.VideoTask{Result: raw}).Output()
		if res == nil {
			continue
		}
		if files := res.Files(); len(files) > 0 {
			return files[0].URL
		}
	}
	return ""
}

// logLines reads the logs of a stored status object: a list of lines, or
// (form C) an object holding such a list under some key.
func logLines(status json.RawMessage) []client.VideoLog {
	var h client.VideoTask
	if len(status) == 0 || json.Unmarshal(status, &h) != nil {
		return nil
	}
	var top struct {
		Logs map[string]json.RawMessage `json:"logs"`
	}
	if json.Unmarshal(status, &top) != nil || top.Logs == nil {
		return h.Logs
	}
	for _, k := range slices.Sorted(maps.Keys(top.Logs)) {
		var lines []client.VideoLog
		if json.Unmarshal(top.Logs[k], &lines) == nil && len(lines) > 0 && lines[0].Message != "" {
			return lines
		}
	}
	return h.Logs
}

// taskList is the tasks, newest first, in the list component: a
// cursor, a window, a filter and a deletion confirmed by name; and the
// clock their elapsed times are drawn at.
type taskList struct {
	list.Model[task]
	history bool   // there is a history to read tasks from and keep them in
	loaded  bool   // the history's tasks have been read
	stamp   string // what the store's tasks stood at when last read (store.VideoTasksStamp)
	paused  bool   // the queue is paused (poller.Paused): nothing is polled or downloaded
	clock   clock
}

// newTaskList is an empty list on clock c; without a history, nothing is
// deleted.
func newTaskList(db *store.Store, c clock) taskList {
	o := list.Options[task]{
		ID:   task.id,
		Name: func(t task) string { return "task " + shortID(t.id()) },
		Also: ", its history and its video file",
		// A label:NAME term keeps the tasks with that label.
		Match: func(t task, q string) bool {
			if l, rest, ok := tab.LabelTerm(q); ok {
				if !tab.SameLabel(t.rec.Label, l) {
					return false
				}
				q = rest
			}
			return strings.Contains(strings.ToLower(t.id()+" "+shortEndpoint(t.rec.Endpoint)+" "+t.rec.Endpoint+" "+t.status()+
				" "+t.rec.Label), q)
		},
		// A running task is not deleted: the poller still records it.
		Refuse: func(t task) tea.Cmd {
			if t.running() {
				return tab.Warn(tab.VideoRunning(shortID(t.id())).Error())
			}
			return nil
		},
	}
	if db != nil {
		o.Delete = func(t task) tea.Cmd { return remove(db, t.id()) }
	}
	return taskList{Model: list.New(o), history: db != nil, clock: c}
}

// put adds t, or replaces the task with its id, keeping newest first; the
// selection stays on the same task.
func (l *taskList) put(t task) {
	items := slices.Clone(l.Items())
	if i := l.index(t.id()); i >= 0 {
		items[i] = t
	} else {
		i, _ := slices.BinarySearchFunc(items, t, func(a, b task) int {
			return b.rec.SubmittedAt.Compare(a.rec.SubmittedAt)
		})
		items = slices.Insert(items, i, t)
	}
	l.SetItems(items)
}

// apply takes a poller update into the i-th task.
func (l *taskList) apply(i int, u poller.Update) {
	items := slices.Clone(l.Items())
	items[i].apply(u)
	l.SetItems(items)
}

// remove drops the task with id.
func (l *taskList) remove(id string) {
	l.SetItems(slices.DeleteFunc(slices.Clone(l.Items()), func(t task) bool { return t.id() == id }))
}

func (l *taskList) index(id string) int {
	return slices.IndexFunc(l.Items(), func(t task) bool { return t.id() == id })
}

// running counts the tasks not yet done.
func (l *taskList) running() int {
	n := 0
	for _, t := range l.Items() {
		if t.running() {
			n++
		}
	}
	return n
}

// deleted drops a deleted task from the list.
func (l *taskList) deleted(msg deletedMsg) tea.Cmd {
	if msg.err != nil {
		return tab.Error(msg.err)
	}
	l.remove(msg.id)
	return tab.Notice("video " + shortID(msg.id) + " deleted")
}
