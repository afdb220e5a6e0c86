package batch

import (
	"context"
	"errors"
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	engine "atelier/batch"
	"atelier/client"
	"atelier/internal/homepath"
	"atelier/store"
	"atelier/ui/tab"
)

// A run goes through the engine the command line uses (batch.Run): a
// command starts it in a goroutine of its own, which never touches the
// model, and the tab drains its progress channel with one command per
// report (nextCmd), so each report is one message on the UI loop. esc
// cancels the run's context: the engine records the cells that finished,
// marks those in flight interrupted and closes the channel; the last
// message carries the run's error.

// busyWarning is what the tab says when asked for a run while one is
// under way: one batch runs at a time.
const busyWarning = "a batch is running: stop it first (esc)"

// running is the run under way.
type running struct {
	id       int64
	name     string
	cancel   context.CancelFunc
	reports  <-chan engine.Progress
	done     <-chan error // the engine's result, once reports is closed
	last     engine.Progress
	stopping bool
}

// plannedMsg is a batch file read and parsed, or why not.
type plannedMsg struct {
	path string // as typed
	plan *engine.Plan
	err  error
}

// planCmd reads the batch file at path with read's sets and judge.
func planCmd(path string, read engine.ReadOptions) tea.Cmd {
	return func() tea.Msg {
		plan, err := engine.ReadFileWith(homepath.Expand(path), read)
		return result(plannedMsg{path: path, plan: plan, err: err})
	}
}

// startedMsg is a run begun: the batch is recorded (new) or taken up
// (resume) and the engine runs.
type startedMsg struct {
	run *running
	err error
}

// startCmd records plan (when id is 0) and runs it, or runs batch id
// again (resume).
func startCmd(c *client.Client, db *store.Store, plan *engine.Plan, file string, id int64, retryFailed bool) tea.Cmd {
	return func() tea.Msg {
		if c == nil {
			return result(startedMsg{err: errors.New("no service: set a key or a base URL in Settings")})
		}
		name := ""
		if plan != nil {
			ctx, cancel := readCtx()
			var err error
			id, err = engine.Create(ctx, db, plan, file)
			cancel()
			if err != nil {
				return result(startedMsg{err: err})
			}
			name = plan.Name
		}
		ctx, cancel := context.WithCancel(context.Background())
		reports := make(chan engine.Progress)
		done := make(chan error, 1)
		go func() {
			_, err := engine.Run(ctx, c, db, id, engine.Options{RetryFailed: retryFailed, Progress: reports})
			done <- err
		}()
		return result(startedMsg{run: &running{id: id, name: name, cancel: cancel, reports: reports, done: done}})
	}
}

// progressMsg is one report of the run.
type progressMsg struct {
	id int64
	p  engine.Progress
}

// finishedMsg is the run's end: err is context.Canceled after a stop.
type finishedMsg struct {
	id  int64
	err error
}

// nextCmd waits for the run's next report, or its end.
func nextCmd(r *running) tea.Cmd {
	reports, done, id := r.reports, r.done, r.id
	return func() tea.Msg {
		if p, ok := <-reports; ok {
			return result(progressMsg{id: id, p: p})
		}
		return result(finishedMsg{id: id, err: <-done})
	}
}

// stop cancels the run: the engine ends it and the last report follows.
// A nil run, or one stopping already, is left as it is.
func (r *running) stop() {
	if r != nil && !r.stopping {
		r.stopping = true
		r.cancel()
	}
}

// stopAsked stops the run at the person's word, and says so.
func (r *running) stopAsked() tea.Cmd {
	r.stop()
	return tab.Info(fmt.Sprintf("stopping batch %d…", r.id))
}

// take keeps report p; true when a cell started or ended since the last
// report, so that the open matrix is worth reading again.
func (r *running) take(p engine.Progress) bool {
	before := r.last
	r.last = p
	return p.Done+p.Failed != before.Done+before.Failed || p.Running != before.Running
}

// end releases the run's context once the engine returned err, and says
// what the status bar says of it.
func (r *running) end(err error) tea.Cmd {
	r.cancel()
	return endNotice(r.id, r.last, err)
}

// endNotice is what the status bar says of a run's end, marked by its
// kind: a stop or failed cells are no success ("batch
// stopped" was marked ✓), a run that could not go on is a failure.
func endNotice(id int64, p engine.Progress, err error) tea.Cmd {
	switch {
	case errors.Is(err, context.Canceled):
		return tab.Info(fmt.Sprintf("batch %d stopped with %d of %d cells left: r resumes it", id, p.Left(), p.Total))
	case err != nil:
		return tab.Error(fmt.Errorf("batch %d: %w", id, err))
	case p.Failed > 0:
		return tab.Info(fmt.Sprintf("batch %d done: %d cells, %d failed (R runs them again)", id, p.Done, p.Failed))
	}
	return tab.Notice(fmt.Sprintf("batch %d done: %d cells", id, p.Done))
}

// line is the run's bar with its counts, rate and time left, w wide.
func (r *running) line(st styles, w int) string {
	p := r.last
	barW := min(max(w/4, 10), 40)
	filled := 0
	if p.Total > 0 {
		filled = (p.Done + p.Failed) * barW / p.Total
	}
	bar := st.Bar.Render(strings.Repeat("█", filled)) + st.BarEmpty.Render(strings.Repeat("░", barW-filled))
	text := " " + p.Line()
	if r.stopping {
		text += " · stopping…"
	}
	return bar + st.Text.Render(fit(text, max(w-barW, 0)))
}
