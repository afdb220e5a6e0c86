package store

import (
	"sync"
	"testing"
	"time"
)

// A view open before a writer was killed sees its reply interrupted:
// Version, while a row is being written, looks at its writer every
// mendEvery, mends the row when the writer is gone, and moves. A live
// writer's row is left alone, and a store with nothing being written reads
// nothing for it.
func TestVersionMendsRowsOfDeadWriters(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	var mu sync.Mutex
	now := time.Unix(1_800_000_000, 0)
	s.now = func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	advance := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }

	conv := must[int64](t)(s.NewConversation(bg, KindChat, "watched"))
	must[int64](t)(s.Version(bg))

	// This process's own reply, being written: its writer lives.
	live := must[*Reply](t)(s.BeginReply(bg, ReplyStart{ConversationID: conv, Family: "alpha", Model: "m"}))
	if err := live.Append("still ", ""); err != nil {
		t.Fatal(err)
	}
	dead := deadWriterReply(t, s, conv, 1, "cut ")

	v := must[int64](t)(s.Version(bg)) // the first look mends at once
	if m := must[*Message](t)(s.Message(bg, dead.ID())); m.Status != StatusInterrupted || m.Text != "cut " {
		t.Fatalf("dead writer's reply: status %q text %q, want interrupted with its text", m.Status, m.Text)
	}
	if m := must[*Message](t)(s.Message(bg, live.ID())); m.Status != StatusStreaming {
		t.Fatalf("live writer's reply: status %q, want streaming", m.Status)
	}
	if now := must[int64](t)(s.Version(bg)); now == v {
		t.Fatal("the mend did not move the version")
	}

	// Another dead reply: not looked at again until mendEvery has passed.
	again := deadWriterReply(t, s, conv, 2, "")
	must[int64](t)(s.Version(bg))
	if m := must[*Message](t)(s.Message(bg, again.ID())); m.Status != StatusStreaming {
		t.Fatalf("looked again before mendEvery: status %q", m.Status)
	}
	advance(mendEvery)
	must[int64](t)(s.Version(bg))
	if m := must[*Message](t)(s.Message(bg, again.ID())); m.Status != StatusInterrupted {
		t.Fatalf("after mendEvery: status %q, want interrupted", m.Status)
	}

	// Nothing being written: Version reads no table, however often asked.
	if err := live.Finish(ReplyEnd{}); err != nil {
		t.Fatal(err)
	}
	must[int64](t)(s.Version(bg))
	reads := s.Reads()
	for range 5 {
		advance(mendEvery)
		must[int64](t)(s.Version(bg))
	}
	if n := s.Reads() - reads; n != 0 {
		t.Fatalf("an idle store's Version counted %d reads", n)
	}
}

// deadWriterReply leaves a reply of turn being written, with text checkpointed,
// as a killed process leaves one: its writer, as the row names it, is an
// earlier process with this pid, and this Store no longer holds it open.
func deadWriterReply(t *testing.T, s *Store, conv int64, turn int, text string) *Reply {
	t.Helper()
	r := must[*Reply](t)(s.BeginReply(bg, ReplyStart{ConversationID: conv, Turn: turn, Family: "alpha", Model: "m",
		CheckpointInterval: time.Hour}))
	if text != "" {
		if err := r.Append(text, ""); err != nil {
			t.Fatal(err)
		}
		if err := r.Flush(); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.w.ExecContext(bg, `UPDATE messages SET writer_start = writer_start + 1 WHERE id = ?`, r.ID()); err != nil {
		t.Fatal(err)
	}
	s.mu.Lock()
	delete(s.replies, r)
	s.mu.Unlock()
	return r
}
