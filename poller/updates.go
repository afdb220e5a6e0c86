package poller

import (
	"context"
	"sync"
	"time"

	"atelier/client"
)

// Update is one change of a task the poller follows: a new status, queue
// position or logs, download progress, a failed request, or the end.
type Update struct {
	RequestID     string
	Status        string // the service's word as sent: IN_QUEUE, IN_PROGRESS, COMPLETED, or any other
	QueuePosition *int   // requests ahead; nil when the service did not say
	Logs          []client.VideoLog
	Downloaded    int64 // bytes of the video saved so far, while it downloads

	Done   bool // nothing is left to do: the video is saved, the task failed, or its download did
	Failed bool // the task ended in failure; Err is its *client.TaskError
	// Err is the failure of a failed task; a *DownloadError when the
	// service completed it but its video was not saved (Done, not
	// Failed); otherwise a request that failed and is sent again at Retry.
	Err   error
	Retry time.Time

	VideoPath string // the saved video, an absolute path, once Done

	// Paused tells that the queue was paused (SetPaused) while the task
	// was followed: nothing is sent for it until the queue resumes.
	Paused bool
}

// updateQueue holds the updates not yet read, at most one per task: a newer
// update replaces an older one in its place, since it tells everything the
// older did (the status object carries all logs so far). So a listener
// that falls behind costs memory in proportion to the tasks, not the polls.
type updateQueue struct {
	mu     sync.Mutex
	order  []string          // request ids, oldest change first
	latest map[string]Update // by request id
	ready  chan struct{}     // holds a token while the queue is not empty
}

func newUpdateQueue() *updateQueue {
	return &updateQueue{latest: map[string]Update{}, ready: make(chan struct{}, 1)}
}

func (q *updateQueue) push(u Update) {
	q.mu.Lock()
	if _, ok := q.latest[u.RequestID]; !ok {
		q.order = append(q.order, u.RequestID)
	}
	q.latest[u.RequestID] = u
	q.mu.Unlock()
	select {
	case q.ready <- struct{}{}:
	default:
	}
}

func (q *updateQueue) pop() (Update, bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.order) == 0 {
		return Update{}, false
	}
	id := q.order[0]
	q.order = q.order[1:]
	u := q.latest[id]
	delete(q.latest, id)
	return u, true
}

// pump hands the queued updates to out, one at a time, until ctx ends.
func (q *updateQueue) pump(ctx context.Context, out chan<- Update) {
	for {
		u, ok := q.pop()
		if !ok {
			select {
			case <-q.ready:
				continue
			case <-ctx.Done():
				return
			}
		}
		select {
		case out <- u:
		case <-ctx.Done():
			return
		}
	}
}
