package batch

import (
	"context"
	"sync"
	"time"

	"atelier/client"
)

// gate is the request budget one family's cells share, as the poller's
// pacer is for video tasks: at most size requests at once, and none before
// hold — a 429's Retry-After holds every cell of the family, not only the
// one that was told, so the service is not asked again by the others in
// the meantime. Unlike the poller, which spaces polls by a rate, a batch
// is bounded by requests in flight: a chat request lasts seconds, and what
// a provider counts is how many run at once.
type gate struct {
	clock client.Clock
	slots chan struct{}

	mu   sync.Mutex
	hold time.Time
}

func newGate(size int, clock client.Clock) *gate {
	return &gate{clock: clock, slots: make(chan struct{}, size)}
}

// enter waits for a free slot, then for any hold to pass. It fails only
// when ctx ends; the caller must leave after a nil return.
func (g *gate) enter(ctx context.Context) error {
	select {
	case g.slots <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	}
	for {
		g.mu.Lock()
		wait := g.hold.Sub(g.clock.Now())
		g.mu.Unlock()
		if wait <= 0 {
			return nil
		}
		select {
		case <-g.clock.After(wait):
		case <-ctx.Done():
			<-g.slots
			return ctx.Err()
		}
	}
}

// leave frees the slot enter took.
func (g *gate) leave() { <-g.slots }

// holdFor keeps every request of the family back for d from now (a later
// hold already set stays).
func (g *gate) holdFor(d time.Duration) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if t := g.clock.Now().Add(d); t.After(g.hold) {
		g.hold = t
	}
}
