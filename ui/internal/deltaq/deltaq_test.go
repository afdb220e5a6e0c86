package deltaq

import (
	"errors"
	"iter"
	"strings"
	"testing"

	"atelier/client"
)

func text(s string) client.ChatDelta { return client.ChatDelta{Kind: client.ChatTextDelta, Text: s} }

var done = client.ChatDelta{Kind: client.ChatDoneDelta, Result: &client.ChatResult{Complete: true}}

// gated is a stream that yields first, closes queued once the queue holds
// all of it, then waits for gate before yielding then. returned is closed
// when the stream function has returned.
func gated(first, then []client.ChatDelta, queued, gate, returned chan struct{}) iter.Seq2[client.ChatDelta, error] {
	return func(yield func(client.ChatDelta, error) bool) {
		defer close(returned)
		for _, d := range first {
			if !yield(d, nil) {
				return
			}
		}
		close(queued) // every yield above has put its delta in the queue
		<-gate
		for _, d := range then {
			if !yield(d, nil) {
				return
			}
		}
	}
}

func texts(batch []Item) string {
	var b strings.Builder
	for _, it := range batch {
		b.WriteString(it.D.Text + "|")
	}
	return b.String()
}

func TestQueuedDeltasComeAsOneBatchInOrder(t *testing.T) {
	queued, gate, returned := make(chan struct{}), make(chan struct{}), make(chan struct{})
	var first []client.ChatDelta
	want := ""
	for _, s := range []string{"a", "b", "c", "d", "e", "f", "g"} {
		first = append(first, text(s))
		want += s + "|"
	}
	q := Start(gated(first, []client.ChatDelta{done}, queued, gate, returned), 0)
	defer q.Stop()
	<-queued
	batch, ok := q.Next()
	if !ok || texts(batch) != want {
		t.Fatalf("batch %q (ok %v), want %q in one", texts(batch), ok, want)
	}
	close(gate)
	batch, ok = q.Next()
	if !ok || len(batch) != 1 || batch[0].D.Kind != client.ChatDoneDelta {
		t.Fatalf("after the text: %+v (ok %v), want the done delta", batch, ok)
	}
	if _, ok := q.Next(); ok {
		t.Error("a batch after the end")
	}
}

// A lone delta is handed over at once: the stream sends nothing more
// until the test has it, so a Next waiting for more would never return.
func TestLoneDeltaIsNotHeldBack(t *testing.T) {
	queued, gate, returned := make(chan struct{}), make(chan struct{}), make(chan struct{})
	q := Start(gated([]client.ChatDelta{text("only")}, []client.ChatDelta{text("later"), done}, queued, gate, returned), 0)
	defer q.Stop()
	batch, ok := q.Next()
	if !ok || texts(batch) != "only|" {
		t.Fatalf("batch %q (ok %v), want the lone delta", texts(batch), ok)
	}
	close(gate)
	batch, _ = q.Next()
	if texts(batch) != "later|" && texts(batch) != "later||" {
		t.Fatalf("second batch %q, want the later delta (the done delta apart)", texts(batch))
	}
}

// The done delta ends a batch and comes alone, after the text before it.
func TestDoneComesAloneAfterTheText(t *testing.T) {
	queued, gate, returned := make(chan struct{}), make(chan struct{}), make(chan struct{})
	close(gate)
	q := Start(gated([]client.ChatDelta{text("x"), text("y"), done}, nil, queued, gate, returned), 0)
	defer q.Stop()
	<-queued
	if batch, _ := q.Next(); texts(batch) != "x|y|" {
		t.Fatalf("first batch %q, want the text without the done delta", texts(batch))
	}
	if batch, ok := q.Next(); !ok || len(batch) != 1 || batch[0].D.Kind != client.ChatDoneDelta || !batch[0].D.Result.Complete {
		t.Fatalf("second batch %+v, want the done delta alone", batch)
	}
	if _, ok := q.Next(); ok {
		t.Error("a batch after the end")
	}
}

// A batch stops gathering at MaxBatch bytes; nothing is lost.
func TestBatchIsCappedInBytes(t *testing.T) {
	queued, gate, returned := make(chan struct{}), make(chan struct{}), make(chan struct{})
	big := strings.Repeat("z", MaxBatch/2+1)
	q := Start(gated([]client.ChatDelta{text(big), text(big), text(big), text("tail")}, []client.ChatDelta{done}, queued, gate, returned), 0)
	defer q.Stop()
	defer close(gate) // Stop waits for the stream, which waits for the gate
	<-queued
	total := ""
	var sizes []int
	for len(total) < 3*len(big)+4 {
		batch, ok := q.Next()
		if !ok {
			t.Fatal("the stream ended early")
		}
		n := 0
		for _, it := range batch {
			total += it.D.Text
			n += len(it.D.Text)
		}
		if n > MaxBatch+len(big) {
			t.Fatalf("a batch of %d bytes, cap %d plus one delta", n, MaxBatch)
		}
		sizes = append(sizes, len(batch))
	}
	if total != big+big+big+"tail" || len(sizes) < 2 {
		t.Fatalf("batches %v, text %d bytes: want every byte, over more than one batch", sizes, len(total))
	}
}

// The error that comes with the done delta is kept with it.
func TestErrorRidesWithItsDelta(t *testing.T) {
	boom := errors.New("boom")
	q := Start(func(yield func(client.ChatDelta, error) bool) {
		yield(text("a"), nil)
		yield(done, boom)
	}, 0)
	defer q.Stop()
	var got error
	for {
		batch, ok := q.Next()
		if !ok {
			break
		}
		for _, it := range batch {
			if it.D.Kind == client.ChatDoneDelta {
				got = it.Err
			}
		}
	}
	if !errors.Is(got, boom) {
		t.Errorf("done delta's error %v, want %v", got, boom)
	}
}

// Stop ends a stream the reader is blocked on (its queue full) and waits
// for it to return; a second Stop does nothing.
func TestStopEndsTheStream(t *testing.T) {
	stopped := make(chan bool, 1)
	returned := make(chan struct{})
	q := Start(func(yield func(client.ChatDelta, error) bool) {
		defer close(returned)
		for i := 0; ; i++ {
			if !yield(text("x"), nil) {
				stopped <- true
				return
			}
		}
	}, 0)
	if batch, ok := q.Next(); !ok || len(batch) == 0 {
		t.Fatal("no first batch")
	}
	q.Stop()
	select {
	case <-returned:
	default:
		t.Fatal("Stop returned before the stream did")
	}
	if !<-stopped {
		t.Error("the stream's yield never said stop")
	}
	q.Stop()
}

func TestStreamWithoutEnd(t *testing.T) {
	q := Start(func(yield func(client.ChatDelta, error) bool) { yield(text("a"), nil) }, 0)
	defer q.Stop()
	if batch, ok := q.Next(); !ok || texts(batch) != "a|" {
		t.Fatalf("batch %q (ok %v)", texts(batch), ok)
	}
	if _, ok := q.Next(); ok {
		t.Error("a batch after a stream that just ended")
	}
}

func TestPanicIsRaisedInNext(t *testing.T) {
	q := Start(func(yield func(client.ChatDelta, error) bool) { panic("bad stream") }, 0)
	defer q.Stop()
	defer func() {
		if v := recover(); v != "bad stream" {
			t.Errorf("recovered %v, want the stream's panic", v)
		}
	}()
	q.Next()
	t.Error("Next returned after the stream panicked")
}

// A cap given to Start bounds each batch: 16-byte pieces, a 64-byte cap,
// and a queue holding them all come as batches of four.
func TestCapGiven(t *testing.T) {
	queued, gate, returned := make(chan struct{}), make(chan struct{}), make(chan struct{})
	var first []client.ChatDelta
	for range 12 {
		first = append(first, text(strings.Repeat("p", 16)))
	}
	q := Start(gated(first, []client.ChatDelta{done}, queued, gate, returned), 64)
	defer q.Stop()
	<-queued
	for i := range 3 {
		batch, ok := q.Next()
		if !ok || len(batch) != 4 {
			t.Fatalf("batch %d: %d deltas (ok %v), want 4", i, len(batch), ok)
		}
		if batch[0].At.IsZero() {
			t.Errorf("batch %d: the first delta has no arrival time", i)
		}
	}
	close(gate)
}
