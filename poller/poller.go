package poller

import (
	"context"
	"errors"
	"sync"

	"atelier/client"
	"atelier/store"
)

// Event is one report of a Poller: a task's update, or why polling
// stopped (Err set, Update empty).
type Event struct {
	Update Update
	Err    error
}

// Poller follows video tasks for the client of the moment: the TUI
// reconnects when the settings or a key change, and each new client gets a
// new Session (the old one stops; a download it leaves is resumed by the
// next). Every update of every session reaches one channel, Events, which
// the TUI drains one event per command, so tasks keep moving while any
// screen shows.
//
// Its methods are safe for concurrent use; those that may wait (Use,
// Close) belong in a command, never on a UI loop.
type Poller struct {
	st     *store.Store
	opts   Options
	events chan Event

	mu     sync.Mutex
	gen    int // the generation of the client in use
	client *client.Client
	cur    *Session
	stop   context.CancelFunc
	ran    chan struct{} // closed when the current session's goroutines end
	closed bool
	ctx    context.Context // ends at Close: unblocks a send nobody reads
	cancel context.CancelFunc
}

// New returns a Poller that records tasks in st; nothing runs until Use
// gives it a client.
func New(st *store.Store, opts Options) *Poller {
	ctx, cancel := context.WithCancel(context.Background())
	return &Poller{st: st, opts: opts, events: make(chan Event), ctx: ctx, cancel: cancel}
}

// Events is the channel of reports: each session's updates, and any
// failure to poll.
func (p *Poller) Events() <-chan Event { return p.events }

// Use polls with c from now on: the session of an earlier client stops
// (Use waits for it) and a new one resumes every unfinished task of the
// history. gen orders the calls: a call older than the last one is
// ignored, since commands may run out of order. A nil c stops polling.
func (p *Poller) Use(gen int, c *client.Client) {
	p.mu.Lock()
	if p.closed || gen < p.gen {
		p.mu.Unlock()
		return
	}
	p.gen = gen
	if c == p.client && (p.cur != nil || c == nil) { // the same client again: the session goes on
		p.mu.Unlock()
		return
	}
	p.client = c
	stop, ran := p.stop, p.ran
	p.cur, p.stop, p.ran = nil, nil, nil
	if c != nil && p.st != nil {
		p.start(c)
	}
	p.mu.Unlock()
	if stop != nil {
		stop()
		<-ran
	}
}

// start runs a session for c; p.mu is held.
func (p *Poller) start(c *client.Client) {
	ctx, stop := context.WithCancel(p.ctx)
	s := NewSession(c, p.st, p.opts)
	ran := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		if err := s.Run(ctx); err != nil && !errors.Is(err, context.Canceled) {
			p.send(ctx, Event{Err: err})
		}
	}()
	go func() {
		defer wg.Done()
		for u := range s.Updates() {
			p.send(ctx, Event{Update: u})
		}
	}()
	go func() {
		wg.Wait()
		close(ran)
	}()
	p.cur, p.stop, p.ran = s, stop, ran
}

// send hands e to the listener, unless the session stops first.
func (p *Poller) send(ctx context.Context, e Event) {
	select {
	case p.events <- e:
	case <-ctx.Done():
	}
}

// Add follows a task just submitted and recorded. Without a running
// session the task waits in the history, and the next session resumes it.
func (p *Poller) Add(t store.VideoTask) {
	p.toSession(func(s *Session) { s.Add(t) })
}

// Retry follows again a task whose failed download was cleared
// (store.RetryVideoDownload). Without a running session it waits in the
// history, as Add's tasks do.
func (p *Poller) Retry(t store.VideoTask) {
	p.toSession(func(s *Session) { s.Retry(t) })
}

// Wake has the running session read the pause again now: this process
// paused or resumed the queue (SetPaused).
func (p *Poller) Wake() {
	p.toSession(func(s *Session) { s.Wake() })
}

// toSession calls f with the running session, under the lock that Use and
// Close take to change it; without one (or without a poller) it does
// nothing: the next session reads the history, and the pause, anew.
func (p *Poller) toSession(f func(s *Session)) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.cur != nil {
		f(p.cur)
	}
}

// Close stops polling for good and waits for the session to end; a
// download in flight keeps its partial file for the next run.
func (p *Poller) Close() {
	p.mu.Lock()
	p.closed = true
	ran := p.ran
	p.cur, p.stop, p.ran = nil, nil, nil
	p.mu.Unlock()
	p.cancel()
	if ran != nil {
		<-ran
	}
}
