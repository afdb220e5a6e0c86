package video

import (
	"context"
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/poller"
	"atelier/store"
	"atelier/store/record"
	"atelier/ui/imageview"
	"atelier/ui/tab"
)

// The results of the tab's commands and the poller's reports, delivered
// even while another tab shows.
type (
	updateMsg      struct{ u poller.Update }
	tasksLoadedMsg struct {
		tasks  []task
		stamp  string // what the store's tasks stood at (store.VideoTasksStamp)
		live   bool   // read again as the store changed: the list is replaced
		paused bool   // the queue is paused (poller.Paused)
		err    error
	}
	taskLoadedMsg struct {
		task task
		err  error
	}
	submittedMsg struct {
		task     task
		problems []*client.ValidationError // the form broke a rule: nothing was sent
		err      error
	}
	deletedMsg struct {
		id  string
		err error
	}
	tickMsg struct{ at time.Time }
)

// listed is how many recent tasks the list reads at start, besides every
// unfinished one.
const listed = 100

// submitTimeout bounds a submission: the client retries only what proves
// no task was created, so this is long enough for those.
const submitTimeout = 2 * time.Minute

// loadTasks reads the recent tasks and every unfinished one.
func loadTasks(db *store.Store) tea.Cmd {
	if db == nil {
		return nil
	}
	return func() tea.Msg {
		tasks, stamp, err := readTasks(db)
		paused, _ := poller.Paused(context.Background(), db)
		return result(tasksLoadedMsg{tasks: tasks, stamp: stamp, paused: paused, err: err})
	}
}

// reloadTasks reads the tasks again, the store having changed, if the
// tasks did (their stamp is no longer was): another process may have
// submitted one (the command line, another TUI), or moved one on. It is
// read even while another tab shows: the status bar counts the tasks that
// run, and an unfinished task the list did not know is handed to the
// poller, so it moves here too, as the tasks found at start do.
func reloadTasks(db *store.Store, p *poller.Poller, known map[string]bool, was string) tea.Cmd {
	if db == nil {
		return nil
	}
	return func() tea.Msg {
		if stamp, err := db.VideoTasksStamp(context.Background()); err == nil && stamp == was {
			return nil // another table changed
		}
		tasks, stamp, err := readTasks(db)
		for _, t := range tasks {
			if t.running() && !known[t.id()] {
				p.Add(t.rec)
			}
		}
		paused, _ := poller.Paused(context.Background(), db) // moves the stamp: read with the tasks
		return result(tasksLoadedMsg{tasks: tasks, stamp: stamp, live: true, paused: paused, err: err})
	}
}

// readTasks reads the recent tasks and every unfinished one, newest first,
// and what the tasks stood at, read first: a change made meanwhile moves
// the next stamp.
func readTasks(db *store.Store) ([]task, string, error) {
	ctx := context.Background()
	stamp, err := db.VideoTasksStamp(ctx)
	if err != nil {
		return nil, "", err
	}
	recent, err := db.VideoTasks(ctx, store.VideoQuery{Limit: listed})
	if err != nil {
		return nil, "", err
	}
	open, err := db.UnfinishedVideoTasks(ctx)
	if err != nil {
		return nil, "", err
	}
	var out []task
	seen := map[string]bool{}
	for _, rec := range append(recent, open...) {
		if !seen[rec.RequestID] {
			seen[rec.RequestID] = true
			out = append(out, newTask(rec, mediaPath(db, rec)))
		}
	}
	return out, stamp, nil
}

// reload reads one task again, once the poller says it ended or the list
// does not hold it yet.
func reload(db *store.Store, id string) tea.Cmd {
	if db == nil {
		return nil
	}
	return func() tea.Msg {
		rec, err := db.VideoTask(context.Background(), id)
		if err != nil {
			return result(taskLoadedMsg{err: err})
		}
		rec.Events = nil
		return result(taskLoadedMsg{task: newTask(*rec, mediaPath(db, *rec))})
	}
}

// mediaPath is a recorded video's absolute path, "" if none is saved.
func mediaPath(db *store.Store, rec store.VideoTask) string {
	if rec.VideoPath == "" {
		return ""
	}
	p, err := db.MediaPath(rec.VideoPath)
	if err != nil {
		return ""
	}
	return p
}

// submit reads the local images of req into data URIs, checks the body
// again (now with its real size), sends it, records the task and hands it
// to the poller. A file that cannot be read, or a rule broken, sends
// nothing: the problems come back to be shown beside their fields. The
// task is recorded with label ("" for none), which is not sent.
func submit(c *client.Client, db *store.Store, p *poller.Poller, req client.VideoRequest, label string) tea.Cmd {
	return func() tea.Msg {
		inputs, problems := resolveImages(req.Body)
		if len(problems) > 0 {
			return result(submittedMsg{problems: problems})
		}
		if err := req.Validate(); err != nil {
			return result(submittedMsg{problems: client.Violations(err), err: err})
		}
		ctx, cancel := context.WithTimeout(context.Background(), submitTimeout)
		defer cancel()
		h, err := c.SubmitVideo(ctx, req)
		if err != nil {
			return result(submittedMsg{err: err})
		}
		rec, err := record.LabelledVideoSubmission(ctx, db, req, h, label, inputs...)
		if err != nil {
			return result(submittedMsg{err: fmt.Errorf("video task %s was submitted but not recorded: %w", h.RequestID, err)})
		}
		p.Add(rec)
		return result(submittedMsg{task: newTask(rec, "")})
	}
}

// follow hands the poller the client of the moment (c, of generation
// gen); it may wait for the previous poller to stop.
func follow(p *poller.Poller, gen int, c *client.Client) tea.Cmd {
	if p == nil {
		return nil
	}
	return func() tea.Msg {
		p.Use(gen, c)
		return nil
	}
}

// play opens a saved video in the system's player.
func play(open func(string) error, path string) tea.Cmd {
	return func() tea.Msg {
		if err := open(path); err != nil {
			return tab.ErrorMsg{Err: imageview.OpenFailed(err, "videos", "open the video")}
		}
		return nil
	}
}

// remove deletes a task, its history and its video file.
func remove(db *store.Store, id string) tea.Cmd {
	return func() tea.Msg {
		return result(deletedMsg{id: id, err: db.DeleteVideoTask(context.Background(), id)})
	}
}
