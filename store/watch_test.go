package store

import (
	"testing"
)

// Version moves on every commit, whoever made it: this Store's own writer
// (the watching connection never writes, so SQLite counts the writer as
// another connection), a second Store on the same folder (another process,
// as far as SQLite can tell) and a raw connection; it stays put while
// nothing is committed, reads included, and Reads does not count it.
func TestVersionSeesEveryWriter(t *testing.T) {
	t.Parallel()
	s, other := openTwice(t) // other: another process's view

	v := must[int64](t)(s.Version(bg))
	same := func(why string) {
		t.Helper()
		if now := must[int64](t)(s.Version(bg)); now != v {
			t.Fatalf("%s: version moved from %d to %d", why, v, now)
		}
	}
	moved := func(why string) {
		t.Helper()
		now := must[int64](t)(s.Version(bg))
		if now == v {
			t.Fatalf("%s: version stayed %d", why, v)
		}
		v = now
	}

	same("nothing written")
	reads := s.Reads()
	for range 10 {
		same("nothing written, asked again")
	}
	if n := s.Reads() - reads; n != 0 {
		t.Errorf("Version counted %d reads", n)
	}
	must[[]Conversation](t)(s.Conversations(bg, ConversationQuery{}))
	must[[]Item](t)(other.Items(bg, ItemFilter{}))
	same("only reads")
	if n := s.Reads() - reads; n != 1 {
		t.Errorf("a listing counted %d reads, want 1", n)
	}

	id := must[int64](t)(s.NewConversation(bg, KindChat, "mine"))
	moved("this Store's writer")
	must[int64](t)(other.NewConversation(bg, KindCompare, "theirs"))
	moved("another Store")
	if err := s.RenameConversation(bg, id, "renamed"); err != nil {
		t.Fatal(err)
	}
	moved("a rename")
	if err := other.DeleteConversation(bg, id); err != nil {
		t.Fatal(err)
	}
	moved("another Store's deletion")
	same("nothing since")
}

// Version after Close says so rather than opening the database again.
func TestVersionAfterClose(t *testing.T) {
	t.Parallel()
	s := must[*Store](t)(Open(t.TempDir()))
	must[int64](t)(s.Version(bg))
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Version(bg); err == nil {
		t.Fatal("Version after Close: no error")
	}
}

// BenchmarkVersion is the cost of one look at whether anything changed:
// what an idle TUI spends twice a second.
func BenchmarkVersion(b *testing.B) {
	s := openTest(b)
	must[int64](b)(s.Version(bg))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.Version(bg); err != nil {
			b.Fatal(err)
		}
	}
}
