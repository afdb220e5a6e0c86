// Package deltaq reads a reply's stream ahead of the screen and hands it
// over in batches: the deltas that arrived since the screen last asked come
// as one, so the Bubble Tea loop (and the Go scheduler) wake once per batch
// rather than once per 64-byte delta. A delta is never held back waiting for
// more: a batch is the first delta (waited for) and whatever else is
// already queued, up to a byte cap. The screen decides how often it asks
// (the Chat tab: once a frame).
//
// A stream opened with the queue's Gate (client.WithReadGate) is also read
// from the network at the screen's pace: once the reader has queued what
// one read brought, it reads again only after the screen has taken it. What
// arrives meanwhile waits in the socket and is read, all at once, when the
// screen next asks; the process is woken once a frame rather than once per
// piece. Measured in tmux at a model's pace (BENCHMARKS.md), this halves the
// TUI's context switches again.
package deltaq

import (
	"context"
	"errors"
	"iter"
	"sync/atomic"
	"time"

	"atelier/client"
)

// Capacity is how many deltas the reader keeps ahead of the screen; MaxBatch
// is the text a batch gathers beyond its first delta, so that one message
// never carries an unbounded reply.
const (
	Capacity = 256
	MaxBatch = 64 << 10
)

// Item is one delta of the stream, the error that came with it, and when
// it came (a batch's first text is the reply's first token).
type Item struct {
	D   client.ChatDelta
	Err error
	At  time.Time
}

// Queue is one stream being read ahead. Next and Stop are for one caller at
// a time (the chain of commands that pulls the stream), as with iter.Pull2.
type Queue struct {
	max     int // the text a batch gathers beyond its first delta
	items   chan Item
	quit    chan struct{}
	over    chan struct{} // closed when the reader has returned
	pending *Item         // a done delta kept for the next batch
	panicV  any           // what the stream panicked with, raised again in Next
	stopped bool

	// The gate (see Gate). takes counts the batches taken; taken wakes a
	// reader waiting at the gate; atGate says that the reader has queued
	// what one read brought and waits; gated, that the stream reads
	// through the gate (a stream that does not is taken as it comes).
	takes  atomic.Int64
	taken  chan struct{}
	atGate chan struct{}
	gated  atomic.Bool
	fresh  bool  // the reader's: it queued something the screen has not taken
	mark   int64 // the reader's: takes when it queued the last of it
}

// Start reads seq in a goroutine of its own until it ends or Stop is called.
// A batch gathers up to maxBatch bytes of text (0: MaxBatch).
func Start(seq iter.Seq2[client.ChatDelta, error], maxBatch int) *Queue {
	q := New(maxBatch)
	q.Read(seq)
	return q
}

// New returns a queue that reads nothing yet: open the stream with its
// Gate, then Read it.
func New(maxBatch int) *Queue {
	if maxBatch <= 0 {
		maxBatch = MaxBatch
	}
	return &Queue{max: maxBatch, items: make(chan Item, Capacity), quit: make(chan struct{}), over: make(chan struct{}),
		taken: make(chan struct{}, 1), atGate: make(chan struct{}, 1)}
}

// Read reads seq in a goroutine of its own until it ends or Stop is
// called. Call it once.
func (q *Queue) Read(seq iter.Seq2[client.ChatDelta, error]) { go q.read(seq) }

// errStopped ends a stream held at the gate when the queue is stopped.
var errStopped = errors.New("deltaq: stopped")

// Gate is the client.ReadGate of the stream being read: called by the
// reader before each read from the network, it holds the read back while
// what the last reads queued has not been taken by Next.
func (q *Queue) Gate(ctx context.Context) error {
	q.gated.Store(true)
	if !q.fresh {
		return nil // nothing queued since the last take: read on
	}
	select {
	case q.atGate <- struct{}{}: // the batch is in: Next may take it
	default:
	}
	for q.takes.Load() <= q.mark {
		select {
		case <-q.taken:
		case <-q.quit:
			return errStopped
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	q.fresh = false
	return nil
}

func (q *Queue) read(seq iter.Seq2[client.ChatDelta, error]) {
	defer close(q.over)
	defer close(q.items)
	defer func() {
		if v := recover(); v != nil {
			q.panicV = v // read by Next after items is closed
		}
	}()
	for d, err := range seq {
		takes := q.takes.Load() // before the send: a take that gets the item counts after
		select {
		case q.items <- Item{D: d, Err: err, At: time.Now()}:
		case <-q.quit:
			return
		}
		q.fresh, q.mark = true, takes // the gate waits for a take of this one
	}
}

// Next waits for the next delta, then takes the deltas already queued
// behind it while the batch's text stays within the queue's cap. A done delta
// always ends a batch, and comes alone: what precedes it is applied first.
// ok is false when the stream ended without a done delta.
func (q *Queue) Next() (batch []Item, ok bool) {
	defer q.took()
	if q.pending != nil {
		it := *q.pending
		q.pending = nil
		return []Item{it}, true
	}
	it, ok := <-q.items
	if !ok {
		q.raise()
		return nil, false
	}
	batch = append(batch, it)
	if it.D.Kind == client.ChatDoneDelta {
		return batch, true
	}
	size := len(it.D.Text)
	wait := q.gated.Load() // for the rest of what the reader's read brought
	for size < q.max {
		select {
		case it, ok = <-q.items:
		default:
			if !wait {
				return batch, true
			}
			select {
			case it, ok = <-q.items:
			case <-q.atGate:
				wait = false
				continue
			}
		}
		if !ok {
			return batch, true // the end shows at the next Next
		}
		if it.D.Kind == client.ChatDoneDelta {
			q.pending = &it
			return batch, true
		}
		batch = append(batch, it)
		size += len(it.D.Text)
	}
	return batch, true
}

// took counts a batch taken and lets a reader held at the gate read on.
func (q *Queue) took() {
	q.takes.Add(1)
	select {
	case q.taken <- struct{}{}:
	default:
	}
}

// raise panics again with what the stream panicked with, in the caller's
// goroutine, as iter.Pull2 would.
func (q *Queue) raise() {
	<-q.over
	if q.panicV != nil {
		panic(q.panicV)
	}
}

// Stop ends the reading and waits for the stream to return, which closes
// its body; cancel the stream's context first if it may be waiting on the
// network. Calling it again does nothing.
func (q *Queue) Stop() {
	if q.stopped {
		return
	}
	q.stopped = true
	close(q.quit)
	for range q.items { // unblock a reader mid-send and let it return
	}
	<-q.over
}
