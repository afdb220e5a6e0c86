package poller

import (
	"container/heap"
	"context"
	"strings"
	"time"

	"atelier/client"
	"atelier/store"
)

// step is what a task needs next.
type step int

const (
	stepStatus   step = iota // poll its status
	stepResult               // fetch its result
	stepDownload             // download its video
)

// watch is a task the poller follows. The dispatcher owns it while it
// waits in the heap; a worker owns it while its request runs.
type watch struct {
	task         store.VideoTask   // as recorded: request id, URLs, submission time
	handle       *client.VideoTask // the latest handle, carrying the URLs from poll to poll
	step         step
	file         client.VideoFile // the video, for stepDownload
	saved        string           // the committed file, once saved, in case recording it failed
	savedBytes   int64            // its size
	due          time.Time
	seq          uint64    // first come, first served among equal due times
	fails        int       // failed requests in a row
	failingSince time.Time // when the first of them failed
	oddSince     time.Time // when the status went missing or undocumented, in a row; zero while it is documented
	refetched    bool      // the result was fetched again for a fresh media URL
	hold         time.Time // a 429's Retry-After: the dispatcher holds every request until then
	pausedTold   bool      // the listener heard that the pause holds it
	ended        bool      // nothing is left to do
}

// loop is the dispatcher: it starts each due request when a slot and the
// budget allow, and is the only part of the poller that waits on the clock.
func (p *Session) loop(ctx context.Context) {
	p.work, p.stopWork = p.newWork(ctx)
	defer func() { p.stopWork() }()
	var timerAt time.Time
	var timer <-chan time.Time
	for {
		if p.intake() { // paused or resumed here: a pause stops what is in flight at once
			p.held(ctx, p.clock.Now())
		}
		wake := p.dispatch(ctx)
		switch {
		case wake.IsZero():
			timerAt, timer = time.Time{}, nil
		case !wake.Equal(timerAt):
			timerAt, timer = wake, p.clock.After(wake.Sub(p.clock.Now()))
		}
		if p.inflight == 0 && p.idle != nil {
			p.idle(wake)
		}
		select {
		case <-ctx.Done():
			for ; p.inflight > 0; p.inflight-- {
				<-p.done
			}
			return
		case w := <-p.done:
			p.inflight--
			p.settle(w)
		case <-p.wakeup:
		case <-timer:
			timerAt, timer = time.Time{}, nil
		}
	}
}

// intake takes the added tasks; look tells that Wake asked for the pause
// to be read again.
func (p *Session) intake() (look bool) {
	select {
	case <-p.wakeup:
	default:
	}
	p.mu.Lock()
	tasks, again, look := p.inbox, p.again, p.lookAgain
	p.inbox, p.again, p.lookAgain = nil, nil, false
	p.mu.Unlock()
	if look {
		p.pause.readAt = time.Time{}
	}
	retry := map[string]bool{}
	for _, id := range again {
		retry[id] = true
		delete(p.finished, id)
	}
	for _, t := range tasks {
		if id := t.RequestID; retry[id] && p.watched[id] != nil {
			p.rewatch[id] = t // it ended, but its last request is still to settle
			continue
		}
		p.watch(t)
	}
	return look
}

// watch starts following t, unless it is followed already or has ended. A
// task recorded as completed (a restart between its result and the end of
// its download) fetches its result again, for a fresh video URL, and then
// resumes the download where the partial file stops.
func (p *Session) watch(t store.VideoTask) {
	id := t.RequestID
	if t.Done || p.watched[id] != nil || p.finished[id] {
		return
	}
	w := &watch{task: t, step: stepStatus, handle: &client.VideoTask{
		Status: t.Status, RequestID: id, StatusURL: t.StatusURL, ResponseURL: t.ResponseURL,
		CancelURL: t.CancelURL, Family: t.Family, Endpoint: t.Endpoint, QueuePosition: t.QueuePosition,
	}}
	if strings.EqualFold(t.Status, client.VideoCompleted) && !t.Failed() {
		w.step = stepResult
	}
	now := p.clock.Now()
	w.due = t.SubmittedAt.Add(p.opts.Schedule(0))
	if w.due.Before(now) {
		w.due = now
	}
	p.watched[id] = w
	p.push(w)
}

func (p *Session) push(w *watch) {
	p.seq++
	w.seq = p.seq
	heap.Push(&p.due, w)
}

// dispatch starts every request that is due, while slots and the budget
// allow, and returns when the dispatcher must look again (zero: when a
// request ends or a task is added).
func (p *Session) dispatch(ctx context.Context) time.Time {
	now := p.clock.Now()
	for p.inflight < p.opts.Concurrency && len(p.due) > 0 {
		w := p.due[0]
		if w.due.After(now) {
			return w.due
		}
		if p.held(ctx, now) {
			p.tellPaused()
			return now.Add(pauseLook)
		}
		if next, ok := p.budget.take(now); !ok {
			return next
		}
		heap.Pop(&p.due)
		p.inflight++
		wctx := p.work
		go func() { p.done <- p.step(wctx, w) }()
	}
	return time.Time{}
}

// newWork is a context for requests under ctx, and its cancel, which
// makes the next one: a pause stops the requests in flight with it.
func (p *Session) newWork(ctx context.Context) (context.Context, func()) {
	wctx, cancel := context.WithCancel(ctx)
	return wctx, func() {
		cancel()
		p.work, p.stopWork = p.newWork(ctx)
	}
}

// settle takes back a task whose request ended.
func (p *Session) settle(w *watch) {
	if !w.hold.IsZero() {
		p.budget.hold(w.hold)
		w.hold = time.Time{}
	}
	id := w.task.RequestID
	again, retried := p.rewatch[id]
	delete(p.rewatch, id)
	switch {
	case w.ended && retried: // tried again as it ended: follow it from its record
		delete(p.watched, id)
		p.watch(again)
	case w.ended:
		delete(p.watched, id)
		p.finished[id] = true
	default:
		p.push(w)
	}
}

// dueHeap orders the waiting tasks by due time.
type dueHeap []*watch

func (h dueHeap) Len() int { return len(h) }
func (h dueHeap) Less(i, j int) bool {
	if !h[i].due.Equal(h[j].due) {
		return h[i].due.Before(h[j].due)
	}
	return h[i].seq < h[j].seq
}
func (h dueHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *dueHeap) Push(x any)   { *h = append(*h, x.(*watch)) }
func (h *dueHeap) Pop() any {
	old := *h
	w := old[len(old)-1]
	old[len(old)-1] = nil
	*h = old[:len(old)-1]
	return w
}
