package video

import (
	"context"
	"errors"
	"fmt"
	"sync"

	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/poller"
	"atelier/store"
	"atelier/ui/tab"
)

// Poller runs the background poller for the client of the moment: the
// shell reconnects when the settings or a key change, and each new client
// gets a new poller.Poller (the old one stops; a download it leaves is
// resumed by the next). Every update of every poller reaches one channel,
// Events, as messages for the Video tab, which the shell drains one per
// command (ui.Deps.Events), so tasks keep moving while other tabs show.
//
// Its methods are safe for concurrent use; those that may wait (Use,
// Close) run in commands, never in Update.
type Poller struct {
	st     *store.Store
	opts   poller.Options
	events chan tea.Msg

	mu     sync.Mutex
	gen    int // the generation of the client in use
	client *client.Client
	cur    *poller.Poller
	stop   context.CancelFunc
	ran    chan struct{} // closed when the current poller's goroutines end
	closed bool
	ctx    context.Context // ends at Close: unblocks a send nobody reads
	cancel context.CancelFunc
}

// NewPoller returns a Poller that records tasks in st; nothing runs until
// Use gives it a client.
func NewPoller(st *store.Store, opts poller.Options) *Poller {
	ctx, cancel := context.WithCancel(context.Background())
	return &Poller{st: st, opts: opts, events: make(chan tea.Msg), ctx: ctx, cancel: cancel}
}

// Events is the channel of messages for the shell to drain: each poller
// update, addressed to the Video tab, and any failure to start polling.
func (p *Poller) Events() <-chan tea.Msg { return p.events }

// Use polls with c from now on: the poller of an earlier client stops
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
	if c == p.client && (p.cur != nil || c == nil) { // the same client again: the poller goes on
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

// start runs a poller for c; p.mu is held.
func (p *Poller) start(c *client.Client) {
	ctx, stop := context.WithCancel(p.ctx)
	pl := poller.New(c, p.st, p.opts)
	ran := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		if err := pl.Run(ctx); err != nil && !errors.Is(err, context.Canceled) {
			p.send(ctx, tab.ErrorMsg{Err: fmt.Errorf("video tasks are not followed: %w", err)})
		}
	}()
	go func() {
		defer wg.Done()
		for u := range pl.Updates() {
			p.send(ctx, tab.Result(tab.Video, updateMsg{u}))
		}
	}()
	go func() {
		wg.Wait()
		close(ran)
	}()
	p.cur, p.stop, p.ran = pl, stop, ran
}

// send hands msg to the shell, unless the poller stops first.
func (p *Poller) send(ctx context.Context, msg tea.Msg) {
	select {
	case p.events <- msg:
	case <-ctx.Done():
	}
}

// Add follows a task just submitted and recorded. Without a running poller
// the task waits in the history, and the next poller resumes it.
func (p *Poller) Add(t store.VideoTask) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.cur != nil {
		p.cur.Add(t)
	}
}

// Close stops polling for good and waits for the poller to end; a
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
