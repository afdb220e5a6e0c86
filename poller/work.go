package poller

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"time"

	"atelier/client"
	"atelier/store"
)

// step sends the one request w needs next, records what came back, and
// sets when w is due again (or that it ended).
func (p *Session) step(ctx context.Context, w *watch) *watch {
	switch w.step {
	case stepStatus:
		p.poll(ctx, w)
	case stepResult:
		p.fetchResult(ctx, w)
	case stepDownload:
		p.download(ctx, w)
	}
	return w
}

// poll fetches the status and records it. Any status word is recorded and
// shown as sent; a terminal one ends the polling, and so does a missing or
// undocumented one that lasts (oddStatus).
func (p *Session) poll(ctx context.Context, w *watch) {
	h, err := p.c.VideoStatus(ctx, w.handle)
	if err != nil {
		p.retry(ctx, w, err)
		return
	}
	w.handle = h
	changed, err := Record(ctx, p.st, w.task.RequestID, h)
	if err != nil {
		p.retry(ctx, w, err)
		return
	}
	w.fails = 0
	if changed {
		p.emit(p.update(w))
	}
	now := p.clock.Now()
	switch {
	case h.Failure() != nil:
		p.fail(ctx, w, h.Failure())
	case !h.Terminal():
		if te := p.oddStatus(w, h, now); te != nil {
			p.fail(ctx, w, te)
			return
		}
		w.due = now.Add(p.opts.Schedule(p.age(w, now)))
	case h.Output() != nil: // form C: the status carries the result
		p.completed(ctx, w, h.Raw, h.Output())
	default:
		w.step, w.due = stepResult, now
	}
}

// fetchResult fetches the output of a completed task.
func (p *Session) fetchResult(ctx context.Context, w *watch) {
	res, err := p.c.VideoResult(ctx, w.handle)
	var te *client.TaskError
	switch {
	case errors.As(err, &te):
		p.fail(ctx, w, te)
	case err != nil:
		p.retry(ctx, w, err)
	default:
		w.fails = 0
		p.completed(ctx, w, res.Raw, res)
	}
}

// completed records the result and moves on to the download; a result with
// no video (an image task) ends the task here.
func (p *Session) completed(ctx context.Context, w *watch, raw json.RawMessage, res *client.VideoResult) {
	if err := p.st.CompleteVideoTask(ctx, w.task.RequestID, raw, res.Video != nil); err != nil {
		p.retry(ctx, w, err)
		return
	}
	w.handle.Status = client.VideoCompleted
	if res.Video == nil {
		u := p.update(w)
		u.Done = true
		p.end(w, u)
		return
	}
	w.file = *res.Video
	w.step, w.due = stepDownload, p.clock.Now()
}

// fail records a failed task and ends it.
func (p *Session) fail(ctx context.Context, w *watch, te *client.TaskError) {
	if te.RequestID == "" {
		te.RequestID = w.task.RequestID
	}
	if err := p.st.FailVideoTask(ctx, w.task.RequestID, failureJSON(te)); err != nil {
		p.retry(ctx, w, err)
		return
	}
	w.handle.Status = store.VideoFailed
	u := p.update(w)
	u.Done, u.Failed, u.Err = true, true, te
	p.end(w, u)
}

// end tells the listener and the waiters that w is done.
func (p *Session) end(w *watch, u Update) {
	w.ended = true
	p.emit(u)
	p.notify(u)
}

// retry settles a failed request of w by what kind of fault it is (see
// classify): a fatal one fails the task with the reason; a stuck one waits
// long, and the waiters hear of it; a transient one is sent again after the
// Retry-After the service asked for (a 429's holds every request), else
// after a backoff that doubles with each failure in a row, until the
// faults in a row pass limits.RetryAttempts or limits.RetryTime: then the
// poller gives the task up for this run (it resumes at the next start,
// or with the next wait), and the waiters hear why.
func (p *Session) retry(ctx context.Context, w *watch, err error) {
	if ctx.Err() != nil {
		return // shutting down: the task resumes at the next start
	}
	now := p.clock.Now()
	switch classify(err) {
	case fatal:
		if w.step == stepDownload { // the service completed the task: its download failed
			p.downloadFailed(ctx, w, err)
			return
		}
		p.fail(ctx, w, &client.TaskError{RequestID: w.task.RequestID, Status: client.VideoCompleted,
			Type: "unreachable", Message: err.Error()})
		return
	case stuck:
		w.due = now.Add(stuckWait)
		u := p.update(w)
		u.Err, u.Retry = err, w.due
		p.emit(u)
		p.notify(u)
		return
	}
	if w.fails == 0 {
		w.failingSince = now
	}
	w.fails++
	if w.fails >= p.opts.MaxAttempts || now.Sub(w.failingSince) >= p.opts.MaxRetryTime {
		p.giveUp(ctx, w, fmt.Errorf("gave up after %d failed attempts in %s: %w", w.fails,
			now.Sub(w.failingSince).Round(time.Second), err))
		return
	}
	wait := max(backoff(w.fails), p.opts.Schedule(p.age(w, now)))
	var ae *client.APIError
	if errors.As(err, &ae) && ae.RetryAfter > 0 {
		wait = max(ae.RetryAfter, p.opts.Schedule(p.age(w, now)))
		if ae.Status == http.StatusTooManyRequests {
			w.hold = now.Add(ae.RetryAfter)
		}
	}
	w.due = now.Add(wait)
	u := p.update(w)
	u.Err, u.Retry = err, w.due
	p.emit(u)
}

// giveUp stops following w. A download given up is a failed download
// (downloadFailed), shown as such with a key to try again; any other
// request given up leaves the record as it is, for the next run.
func (p *Session) giveUp(ctx context.Context, w *watch, err error) {
	if w.step == stepDownload {
		p.downloadFailed(ctx, w, err)
		return
	}
	p.stopFollowing(w, err)
}

// stopFollowing stops following w in this run, leaving its record as it
// is, and tells the listener and the waiters why.
func (p *Session) stopFollowing(w *watch, err error) {
	w.ended = true
	u := p.update(w)
	u.Err = err
	p.emit(u)
	p.notify(u)
}

// fault is what kind of failure a request met.
type fault int

const (
	transient fault = iota // it may pass: sent again, a bounded number of times
	stuck                  // it will not pass by itself (a wrong key, insecure http refused), but says nothing of the task
	fatal                  // the task's result can never be had: a media URL never fetched, on another origin, too large
)

// classify tells what kind of fault err is.
func classify(err error) fault {
	switch {
	case errors.Is(err, client.ErrMediaURL), errors.Is(err, client.ErrForeignOrigin),
		errors.Is(err, client.ErrDownloadTooLarge), errors.Is(err, errMediaRefused):
		return fatal
	case errors.Is(err, client.ErrInsecure):
		return stuck
	}
	var ae *client.APIError
	if errors.As(err, &ae) && ae.Status >= 400 && ae.Status < 500 && !ae.Temporary() {
		return stuck
	}
	return transient
}

// age is how long ago w's task was submitted.
func (p *Session) age(w *watch, now time.Time) time.Duration {
	return max(0, now.Sub(w.task.SubmittedAt))
}

// update is w's state as an Update.
func (p *Session) update(w *watch) Update {
	return Update{RequestID: w.task.RequestID, Status: w.handle.Status,
		QueuePosition: w.handle.QueuePosition, Logs: logLines(w.handle)}
}

// logLines returns the task's log lines. Form C sends its logs as a
// free-form object, which the client keeps as one line of JSON text; a
// list of log lines inside it, under any key, is read as the lines.
func logLines(h *client.VideoTask) []client.VideoLog {
	var obj map[string]json.RawMessage
	if json.Unmarshal(rawLogs(h.Raw), &obj) != nil {
		return h.Logs
	}
	for _, k := range slices.Sorted(maps.Keys(obj)) {
		var lines []client.VideoLog
		if json.Unmarshal(obj[k], &lines) == nil && len(lines) > 0 && lines[0].Message != "" {
			return lines
		}
	}
	return h.Logs
}

// Record stores a polled status of the task with requestID as the poller
// does: the status word (FAILED for a failure, which form C sends as
// COMPLETED with a detail), queue position and logs as sent, and the whole
// status object; changed tells whether any of them changed.
func Record(ctx context.Context, st *store.Store, requestID string, h *client.VideoTask) (changed bool, err error) {
	status := h.Status
	if h.Failure() != nil {
		status = store.VideoFailed
	}
	return st.RecordVideoStatus(ctx, requestID, store.VideoStatus{
		Status: status, QueuePosition: h.QueuePosition, LogsJSON: rawLogs(h.Raw), RawJSON: h.Raw})
}

// rawLogs is the logs value of a status object as sent (a list, or form
// C's free-form object), or nil.
func rawLogs(raw json.RawMessage) json.RawMessage {
	var top struct {
		Logs json.RawMessage `json:"logs"`
	}
	if json.Unmarshal(raw, &top) != nil || string(top.Logs) == "null" {
		return nil
	}
	return top.Logs
}
