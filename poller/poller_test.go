package poller

import (
	"testing"
	"time"

	"atelier/client"
)

// next reads the Poller's next event; a minute of silence fails the test
// (a safety net: the simulator answers at once).
func next(t *testing.T, p *Poller) Event {
	t.Helper()
	select {
	case e := <-p.Events():
		return e
	case <-time.After(time.Minute):
		t.Fatal("the poller went quiet")
		return Event{}
	}
}

// TestPollerResumesWithTheClientInUse: nothing runs before Use; with a
// client, the history's unfinished task is followed to its end, and a task
// added while it runs too, each through the one channel of events.
func TestPollerResumesWithTheClientInUse(t *testing.T) {
	submit, poll, st := realRig(t, client.Keys{Queue: queueKey})
	waiting := record(t, submit, st, "recorded before the poller")
	p := New(st, Options{Schedule: quickSchedule})
	defer p.Close()
	p.Add(waiting) // no session yet: it waits in the history
	select {
	case e := <-p.Events():
		t.Fatalf("an event before Use: %+v", e)
	default:
	}
	p.Use(1, poll)
	added := record(t, submit, st, "added while polling")
	p.Add(added)
	done := map[string]bool{}
	for !done[waiting.RequestID] || !done[added.RequestID] {
		e := next(t, p)
		if e.Err != nil {
			t.Fatal(e.Err)
		}
		if e.Update.Done {
			done[e.Update.RequestID] = true
		}
	}
	for _, id := range []string{waiting.RequestID, added.RequestID} {
		if v, err := st.VideoTask(t.Context(), id); err != nil || !v.Done || v.VideoPath == "" {
			t.Errorf("task %s: %+v, %v", id, v, err)
		}
	}
}

// TestPollerGenerations: a call older than the last is ignored, the same
// client again keeps its session, a new client replaces it, nil stops it,
// and Close ends it for good.
func TestPollerGenerations(t *testing.T) {
	_, poll, st := realRig(t, client.Keys{Queue: queueKey})
	other := *poll
	p := New(st, Options{Schedule: quickSchedule})
	session := func() *Session {
		p.mu.Lock()
		defer p.mu.Unlock()
		return p.cur
	}
	p.Use(2, poll)
	first := session()
	if first == nil {
		t.Fatal("no session after Use")
	}
	p.Use(1, &other)
	if session() != first {
		t.Error("an older generation replaced the session")
	}
	p.Use(3, poll)
	if session() != first {
		t.Error("the same client again restarted the session")
	}
	p.Use(4, &other)
	if s := session(); s == nil || s == first {
		t.Error("a new client kept the old session")
	}
	p.Use(5, nil)
	if session() != nil {
		t.Error("a nil client left a session running")
	}
	p.Use(6, poll)
	p.Close()
	if session() != nil {
		t.Error("a session after Close")
	}
	p.Use(7, poll)
	if session() != nil {
		t.Error("Use after Close started a session")
	}
	p.Add(record(t, poll, st, "after close")) // nothing to follow it, and no panic
}

// TestPollerReportsAFailureToPoll: a session that cannot start (here, the
// history is closed) is reported once as an event with its error.
func TestPollerReportsAFailureToPoll(t *testing.T) {
	_, poll, st := realRig(t, client.Keys{Queue: queueKey})
	st.Close()
	p := New(st, Options{})
	defer p.Close()
	p.Use(1, poll)
	if e := next(t, p); e.Err == nil {
		t.Fatalf("event %+v, want the store's error", e)
	}
}
