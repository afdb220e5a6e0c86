package poller

import (
	"context"
	"time"

	"atelier/store"
)

// The pause of the queue: while the store's app_state holds
// store.StatePollerPaused, no poller sends anything (status, result,
// download); the tasks go on at the service, and are taken up where they
// stood at resume. The pause lives in the store, not in a process, so it
// survives a restart and holds every poller on the data directory: the
// TUI's, `atelier video wait`'s, another TUI's.

// pauseLook is how often a poller with work due reads the pause again:
// a pause or resume of another process is seen within it. One of this
// process is seen at once (Wake).
const pauseLook = time.Second

// Paused reports whether the queue is paused.
func Paused(ctx context.Context, st *store.Store) (bool, error) {
	v, err := st.State(ctx, store.StatePollerPaused)
	return v == "1", err
}

// SetPaused pauses or resumes the queue for every poller on st.
func SetPaused(ctx context.Context, st *store.Store, paused bool) error {
	v := ""
	if paused {
		v = "1"
	}
	return st.SetState(ctx, store.StatePollerPaused, v)
}

// pauseState is what the dispatcher knows of the pause; the Run goroutine
// owns it.
type pauseState struct {
	on     bool      // paused, as last read
	readAt time.Time // when it was last read; zero: read it at the next look
}

// held reports whether the queue is paused, reading the store when the
// last reading is older than pauseLook (or a Wake asked for a fresh
// one). Entering a pause stops the requests in flight (a download keeps
// its partial file); leaving it lets the due tasks go at once. A store that cannot be read
// does not hold the queue: a pause is a choice, never a failure's effect.
func (p *Session) held(ctx context.Context, now time.Time) bool {
	if !p.pause.readAt.IsZero() && now.Sub(p.pause.readAt) < pauseLook {
		return p.pause.on
	}
	on, err := Paused(ctx, p.st)
	if err != nil {
		on = false
	}
	p.pause.readAt = now
	switch {
	case on && !p.pause.on:
		p.stopWork()
	case !on && p.pause.on:
		for _, w := range p.due {
			w.pausedTold = false
		}
	}
	p.pause.on = on
	return on
}

// tellPaused tells the listener, once a pause, of every task the pause
// holds: those waiting their turn, which the dispatcher owns (a request
// stopped in flight comes back among them).
func (p *Session) tellPaused() {
	for _, w := range p.due {
		if !w.pausedTold {
			w.pausedTold = true
			u := p.update(w)
			u.Paused = true
			p.emit(u)
		}
	}
}

// Wake has the poller read the pause again now, as after this process
// paused or resumed the queue.
func (p *Session) Wake() {
	p.mu.Lock()
	p.lookAgain = true
	p.mu.Unlock()
	p.poke()
}

// poke wakes the dispatcher.
func (p *Session) poke() {
	select {
	case p.wakeup <- struct{}{}:
	default:
	}
}
