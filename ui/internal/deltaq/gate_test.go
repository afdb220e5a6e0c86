package deltaq

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"testing"

	"atelier/client"
)

// reads is a stream read from the network in reads, each of which
// brought the deltas of one slice: the gate is asked before each, as the
// client asks it before each read of the body. read receives the number
// of each read as it starts; the stream ends with a done delta after the
// last, or with the gate's error.
func reads(ctx context.Context, gate client.ReadGate, read chan<- int, rs ...[]client.ChatDelta) iter.Seq2[client.ChatDelta, error] {
	return func(yield func(client.ChatDelta, error) bool) {
		for i, r := range rs {
			if err := gate(ctx); err != nil {
				yield(client.ChatDelta{}, err)
				return
			}
			read <- i
			for _, d := range r {
				if !yield(d, nil) {
					return
				}
			}
		}
		if gate(ctx) == nil {
			yield(done, nil)
		}
	}
}

// TestGateReadsOnceATake: the reader reads again only once what its last
// read brought has been taken, and a batch is all of one read, even one
// of more deltas than the queue holds.
func TestGateReadsOnceATake(t *testing.T) {
	big := make([]client.ChatDelta, Capacity*2)
	want := ""
	for i := range big {
		big[i] = text(fmt.Sprint(i % 10))
		want += fmt.Sprint(i%10) + "|"
	}
	q := New(1 << 20)
	defer q.Stop()
	read := make(chan int, 8)
	q.Read(reads(context.Background(), q.Gate, read, []client.ChatDelta{text("a"), text("b")}, big, []client.ChatDelta{text("c")}))
	batch, ok := q.Next()
	if !ok || texts(batch) != "a|b|" {
		t.Fatalf("first batch %q (ok %v), want the first read's a|b|", texts(batch), ok)
	}
	if n := <-read; n != 0 {
		t.Fatalf("read %d first", n)
	}
	batch, ok = q.Next()
	if !ok || texts(batch) != want {
		t.Fatalf("second batch: %d deltas (ok %v), want the second read's %d", len(batch), ok, len(big))
	}
	if n := <-read; n != 1 {
		t.Fatalf("read %d second", n)
	}
	batch, ok = q.Next()
	if !ok || texts(batch) != "c|" {
		t.Fatalf("third batch %q (ok %v)", texts(batch), ok)
	}
	batch, ok = q.Next()
	if !ok || len(batch) != 1 || batch[0].D.Kind != client.ChatDoneDelta {
		t.Fatalf("after the text: %+v (ok %v), want the done delta", batch, ok)
	}
}

// TestGateHoldsTheReadUntilTaken: while a read's deltas wait in the queue,
// the next read does not start.
func TestGateHoldsTheReadUntilTaken(t *testing.T) {
	q := New(0)
	defer q.Stop()
	read := make(chan int, 8)
	q.Read(reads(context.Background(), q.Gate, read, []client.ChatDelta{text("a")}, []client.ChatDelta{text("b")}))
	<-read
	// The reader queued a and waits at the gate; it signals so once. Wait
	// for that word, then check that no second read started.
	<-q.atGate
	q.atGate <- struct{}{} // put it back for Next
	select {
	case n := <-read:
		t.Fatalf("read %d started before the first was taken", n)
	default:
	}
	if batch, _ := q.Next(); texts(batch) != "a|" {
		t.Fatalf("batch %q", texts(batch))
	}
	if n := <-read; n != 1 {
		t.Fatalf("read %d after the take, want 1", n)
	}
}

// TestStopReleasesTheGate: a reader held at the gate ends when the queue
// is stopped, with the gate's error, and Stop returns.
func TestStopReleasesTheGate(t *testing.T) {
	q := New(0)
	read := make(chan int, 8)
	var gateErr error
	q.Read(reads(context.Background(), func(ctx context.Context) error {
		gateErr = q.Gate(ctx)
		return gateErr
	}, read, []client.ChatDelta{text("a")}, []client.ChatDelta{text("b")}))
	<-read
	<-q.atGate // held: a is not taken
	q.Stop()
	if !errors.Is(gateErr, errStopped) {
		t.Fatalf("the gate said %v, want errStopped", gateErr)
	}
}

// TestGateEndsWithTheContext: a stream whose context ends while held at
// the gate gets the context's error.
func TestGateEndsWithTheContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	q := New(0)
	defer q.Stop()
	read := make(chan int, 8)
	q.Read(reads(ctx, q.Gate, read, []client.ChatDelta{text("a")}, []client.ChatDelta{text("b")}))
	<-read
	<-q.atGate
	q.atGate <- struct{}{}
	cancel()
	var got []Item
	for {
		batch, ok := q.Next()
		got = append(got, batch...)
		if !ok || batch[len(batch)-1].Err != nil {
			break
		}
	}
	if len(got) != 2 || got[0].D.Text != "a" || !errors.Is(got[1].Err, context.Canceled) {
		t.Fatalf("got %+v, want a then context.Canceled", got)
	}
	select {
	case n := <-read:
		t.Fatalf("read %d after the context ended", n)
	default:
	}
}
