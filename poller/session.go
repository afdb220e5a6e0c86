package poller

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"atelier/client"
	"atelier/internal/limits"
	"atelier/store"
)

// Options tunes a Session. The zero value polls with the defaults below.
type Options struct {
	// Concurrency is how many requests may be in flight at once (default 4).
	Concurrency int
	// MaxRequestsPerSecond is the budget all tasks share: requests start
	// at least 1/MaxRequestsPerSecond apart (default 10).
	MaxRequestsPerSecond float64
	// Clock is the poller's time (default: the system clock).
	Clock client.Clock
	// Schedule gives the wait before the next status poll of a task of
	// the given age, jitter included (default DefaultSchedule).
	Schedule func(age time.Duration) time.Duration
	// MaxVideoBytes caps the size of a downloaded video (default 2 GiB); a
	// larger one fails the task.
	MaxVideoBytes int64
	// MaxAttempts and MaxRetryTime bound the transient faults (5xx, 429, a
	// cut connection) in a row after which a task is given up for this run
	// (defaults limits.RetryAttempts and limits.RetryTime).
	MaxAttempts  int
	MaxRetryTime time.Duration
	// MaxOddStatus is how long a task may report no status, or a word never
	// documented, in a row before it is failed (default limits.OddStatus).
	MaxOddStatus time.Duration
}

// The defaults of Options.
const (
	DefaultConcurrency   = 4
	DefaultRequestRate   = 10
	DefaultMaxVideoBytes = limits.Video
)

// Session follows video tasks to their end. Its methods are safe for
// concurrent use; Run must be running for tasks to make progress.
type Session struct {
	c     *client.Client
	st    *store.Store
	opts  Options
	clock client.Clock

	updates chan Update
	queue   *updateQueue

	mu      sync.Mutex
	started bool
	inbox   []store.VideoTask          // added, not yet taken by Run
	waiters map[string][]chan<- Update // by request id, for Wait
	trouble map[string]Update          // the last stuck or given-up update by request id, until the task moves on
	wakeup  chan struct{}              // holds a token while inbox is not empty, or lookAgain is set
	again   []string                   // request ids to follow again though they ended in this run (Retry)
	// lookAgain asks the dispatcher to read the pause now (Wake).
	lookAgain bool

	// Owned by the Run goroutine.
	watched  map[string]*watch
	finished map[string]bool            // ended while this poller ran: never watched again, unless retried
	rewatch  map[string]store.VideoTask // retried while their last request was settling: watched again once it has
	due      dueHeap
	seq      uint64
	inflight int
	budget   pacer
	done     chan *watch
	pause    pauseState
	// work is the context the requests run in: a pause cancels it (and
	// stopWork makes a new one), so nothing goes on downloading.
	work     context.Context
	stopWork func()

	// idle, when set (by tests), is called each time the dispatcher is about
	// to wait with no request in flight, with the time it waits for (zero:
	// nothing to do). A test driving a simulated clock moves it there.
	idle func(wake time.Time)
}

// New returns a poller that follows tasks through c and records them in st.
// It sends requests with a copy of c whose own retries are off: the poller
// decides when to send again, within its budget and on its clock.
func NewSession(c *client.Client, st *store.Store, opts Options) *Session {
	if opts.Concurrency <= 0 {
		opts.Concurrency = DefaultConcurrency
	}
	if opts.MaxRequestsPerSecond <= 0 {
		opts.MaxRequestsPerSecond = DefaultRequestRate
	}
	if opts.Clock == nil {
		opts.Clock = client.SystemClock{}
	}
	if opts.Schedule == nil {
		opts.Schedule = DefaultSchedule
	}
	if opts.MaxVideoBytes <= 0 {
		opts.MaxVideoBytes = DefaultMaxVideoBytes
	}
	opts.MaxAttempts = cmp.Or(max(opts.MaxAttempts, 0), limits.RetryAttempts)
	opts.MaxRetryTime = cmp.Or(max(opts.MaxRetryTime, 0), limits.RetryTime)
	opts.MaxOddStatus = cmp.Or(max(opts.MaxOddStatus, 0), limits.OddStatus)
	own := *c
	own.MaxRetries = 0
	return &Session{
		c: &own, st: st, opts: opts, clock: opts.Clock,
		updates:  make(chan Update),
		queue:    newUpdateQueue(),
		waiters:  map[string][]chan<- Update{},
		trouble:  map[string]Update{},
		wakeup:   make(chan struct{}, 1),
		watched:  map[string]*watch{},
		finished: map[string]bool{},
		rewatch:  map[string]store.VideoTask{},
		budget:   newPacer(opts.MaxRequestsPerSecond),
		done:     make(chan *watch),
	}
}

// Updates returns the channel of changes, one task's change per value. A
// listener that falls behind gets each task's latest change. The channel is
// closed when Run returns.
func (p *Session) Updates() <-chan Update { return p.updates }

// Add watches a task, typically one just submitted and recorded. A task
// already watched, or done, is ignored. Add never blocks; the task is taken
// up by Run.
func (p *Session) Add(t store.VideoTask) {
	if t.Done {
		return
	}
	p.mu.Lock()
	p.inbox = append(p.inbox, t)
	p.mu.Unlock()
	p.poke()
}

// Retry follows again a task that ended in this run and was made
// unfinished since (store.RetryVideoDownload): Add would ignore it, since
// a record read before a task ended looks the same.
func (p *Session) Retry(t store.VideoTask) {
	if t.Done {
		return
	}
	p.mu.Lock()
	p.again = append(p.again, t.RequestID)
	p.inbox = append(p.inbox, t)
	p.mu.Unlock()
	p.poke()
}

// Run resumes every unfinished task of the store and follows the tasks
// until ctx ends. It returns ctx's error then, after the requests in flight
// have stopped (a download keeps its partial file, to resume next time), or
// at once when the store cannot be read. Run may be called once.
func (p *Session) Run(ctx context.Context) error {
	p.mu.Lock()
	again := p.started
	p.started = true
	p.mu.Unlock()
	if again {
		return errors.New("poller: Run called twice")
	}
	pumpCtx, stopPump := context.WithCancel(ctx)
	pumped := make(chan struct{})
	go func() {
		p.queue.pump(pumpCtx, p.updates)
		close(pumped)
	}()
	defer func() {
		stopPump()
		<-pumped
		close(p.updates)
	}()
	tasks, err := p.st.UnfinishedVideoTasks(ctx)
	if err != nil {
		return fmt.Errorf("poller: %w", err)
	}
	for _, t := range tasks {
		p.watch(t)
	}
	p.loop(ctx)
	return ctx.Err()
}

// Wait follows the task with requestID (Run must be running) until it is
// done, and returns it as recorded. A failed task comes back with its
// *client.TaskError; a task the poller cannot follow for now (a wrong key,
// a task the service does not know) with that error.
func (p *Session) Wait(ctx context.Context, requestID string) (store.VideoTask, error) {
	ch := make(chan Update, 1)
	p.subscribe(requestID, ch)
	defer p.unsubscribe(requestID, ch)
	t, err := p.st.VideoTask(ctx, requestID)
	if err != nil {
		return store.VideoTask{}, err
	}
	if t.Done {
		return *t, failureError(*t)
	}
	if u, ok := p.troubleOf(requestID); ok { // told before this wait began to listen
		return *t, u.Err
	}
	p.Add(*t)
	select {
	case u := <-ch:
		if !u.Done {
			return *t, u.Err
		}
		if t, err = p.st.VideoTask(ctx, requestID); err != nil {
			return store.VideoTask{}, err
		}
		return *t, failureError(*t)
	case <-ctx.Done():
		return *t, ctx.Err()
	}
}

// failureError is the failure of a done task, or of its download, or nil.
func failureError(t store.VideoTask) error {
	if te := Failure(t); te != nil {
		return te
	}
	if de := DownloadFailure(t); de != nil {
		return de
	}
	return nil
}

func (p *Session) subscribe(id string, ch chan<- Update) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.waiters[id] = append(p.waiters[id], ch)
}

func (p *Session) unsubscribe(id string, ch chan<- Update) {
	p.mu.Lock()
	defer p.mu.Unlock()
	list := p.waiters[id]
	for i, c := range list {
		if c == ch {
			list = append(list[:i], list[i+1:]...)
			break
		}
	}
	if len(list) == 0 {
		delete(p.waiters, id)
	} else {
		p.waiters[id] = list
	}
}

// troubleOf returns the update that told the task with id was stuck or
// given up, if it has not moved on since.
func (p *Session) troubleOf(id string) (Update, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	u, ok := p.trouble[id]
	return u, ok
}

// notify tells the waiters of u's task that it ended, or is stuck, and
// keeps the latter for a wait that begins later.
func (p *Session) notify(u Update) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if u.Done {
		delete(p.trouble, u.RequestID)
	} else {
		p.trouble[u.RequestID] = u
	}
	for _, ch := range p.waiters[u.RequestID] {
		select {
		case ch <- u:
		default:
		}
	}
}

// emit queues u for the listener. An update without an error means the
// task moved on: a trouble kept for it is over.
func (p *Session) emit(u Update) {
	if u.Err == nil {
		p.mu.Lock()
		delete(p.trouble, u.RequestID)
		p.mu.Unlock()
	}
	p.queue.push(u)
}
