// Package deltaq reads a reply's stream ahead of the screen and hands it
// over in batches: the deltas that arrived since the screen last asked come
// as one, so the Bubble Tea loop (and the Go scheduler) wake once per batch
// rather than once per 64-byte delta. A delta is never held back waiting for
// more: a batch is the first delta (waited for) and whatever else is
// already queued, up to a byte cap. The screen decides how often it asks
// (the Chat tab: once a frame).
package deltaq

import (
	"iter"
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
}

// Start reads seq in a goroutine of its own until it ends or Stop is called.
// A batch gathers up to maxBatch bytes of text (0: MaxBatch).
func Start(seq iter.Seq2[client.ChatDelta, error], maxBatch int) *Queue {
	if maxBatch <= 0 {
		maxBatch = MaxBatch
	}
	q := &Queue{max: maxBatch, items: make(chan Item, Capacity), quit: make(chan struct{}), over: make(chan struct{})}
	go q.read(seq)
	return q
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
		select {
		case q.items <- Item{D: d, Err: err, At: time.Now()}:
		case <-q.quit:
			return
		}
	}
}

// Next waits for the next delta, then takes the deltas already queued
// behind it while the batch's text stays within the queue's cap. A done delta
// always ends a batch, and comes alone: what precedes it is applied first.
// ok is false when the stream ended without a done delta.
func (q *Queue) Next() (batch []Item, ok bool) {
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
	for size < q.max {
		select {
		case it, ok := <-q.items:
			if !ok {
				return batch, true // the end shows at the next Next
			}
			if it.D.Kind == client.ChatDoneDelta {
				q.pending = &it
				return batch, true
			}
			batch = append(batch, it)
			size += len(it.D.Text)
		default:
			return batch, true
		}
	}
	return batch, true
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
