package poller

import (
	"fmt"
	"strings"
	"time"

	"atelier/client"
)

// oddStatus counts how long w's task has reported no status, or a word
// neither the interface nor the queue protocol documents (PAUSED), in a
// row: such a task is polled on, its word shown as sent, but past
// MaxOddStatus it is failed with the reason, so that the wait has an end.
// A documented word starts the count again.
func (p *Session) oddStatus(w *watch, h *client.VideoTask, now time.Time) *client.TaskError {
	if h.Documented() {
		w.oddSince = time.Time{}
		return nil
	}
	if w.oddSince.IsZero() {
		w.oddSince = now
	}
	lasted := now.Sub(w.oddSince)
	if lasted < p.opts.MaxOddStatus {
		return nil
	}
	te := &client.TaskError{RequestID: w.task.RequestID, Status: h.Status,
		Message: fmt.Sprintf("unknown status %s for %s", h.Status, minutes(lasted))}
	if strings.TrimSpace(h.Status) == "" {
		te.Message = "status never reported for " + minutes(lasted)
	}
	return te
}

// minutes writes d in whole minutes ("15 min"), or as Go does below one.
func minutes(d time.Duration) string {
	if d < time.Minute {
		return d.Round(time.Second).String()
	}
	return fmt.Sprintf("%d min", int(d/time.Minute))
}
