package store

import (
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"atelier/internal/limits"
	"atelier/internal/testsize"
)

// capChildEnv tells a re-executed test binary to be the writer of
// TestReopenAfterAReplyAtTheCapIsKilled: "CAP DIR", the reply text limit
// in bytes and the data directory.
const capChildEnv = "ATELIER_TEST_CAP_CHILD_DIR"

// capChild is the child process of TestReopenAfterAReplyAtTheCapIsKilled.
// It streams a reply exactly at the reply text limit it is given,
// checkpointed as the app does, says so, and waits to be killed.
func capChild(value string) error {
	n, dir, _ := strings.Cut(value, " ")
	limit, err := strconv.ParseInt(n, 10, 64)
	if err != nil || dir == "" {
		return fmt.Errorf("%s=%q: want the limit in bytes, a space and the data directory", capChildEnv, value)
	}
	s, err := OpenWith(dir, Options{ReplyText: limit})
	if err != nil {
		return err
	}
	conv, err := childChat(s, "an endless reply")
	if err != nil {
		return err
	}
	r, err := s.BeginReply(bg, ReplyStart{ConversationID: conv, Family: "alpha", Model: "m"})
	if err != nil {
		return err
	}
	piece := strings.Repeat("a reply of words ", 241)[:4096] // 4 KiB: a checkpoint each
	for n := int64(0); n < limit; n += int64(len(piece)) {
		if err := r.Append(piece, ""); err != nil {
			return err
		}
	}
	if err := r.Flush(); err != nil {
		return err
	}
	fmt.Printf("at the cap: reply %d, %d checkpoints\n", r.ID(), r.Checkpoints())
	select {} // until killed, or until the parent goes (see childproc)
}

// TestReopenAfterAReplyAtTheCapIsKilled: a writer killed with a reply at
// the reply text limit leaves a store that opens with the whole reply,
// interrupted, and no checkpoints left. The limit is 1 MiB (256
// checkpoints) in the default run, the default limit (8 MiB, 2,048
// checkpoints) with ATELIER_TEST_LARGE=1; BenchmarkReopenAtTheCap times
// the default limit's.
func TestReopenAfterAReplyAtTheCapIsKilled(t *testing.T) {
	dir := t.TempDir()
	limit := testsize.Pick(t, limits.MiB, int64(limits.ReplyText))
	var id, chunks int64
	killChild(t, capChildEnv, fmt.Sprintf("%d %s", limit, dir), "at the cap: reply %d, %d checkpoints", &id, &chunks)

	start := time.Now()
	s := must[*Store](t)(OpenWith(dir, Options{ReplyText: limit}))
	took := time.Since(start)
	defer s.Close()
	m := must[*Message](t)(s.Message(bg, id))
	if m.Status != StatusInterrupted || m.Error != interruptedByCrash || int64(len(m.Text)) != limit {
		t.Fatalf("status %q, error %q, %d bytes; want the whole reply at the cap, interrupted", m.Status, m.Error, len(m.Text))
	}
	if chunkCount(t, s, id) != 0 {
		t.Fatal("chunks left after recovery")
	}
	t.Logf("a killed reply at the cap (%s, %d checkpoints) reopened in %s", limits.Size(limit),
		chunks, took.Round(time.Millisecond))
}

// TestDamagedStoreOpens is a store an earlier version left behind: a
// streaming reply, its writer dead, checkpointed far past the reply text
// limit. Opening folds it in bounded memory (it reads only up to the
// limit), marks it cut, and never refuses to start.
func TestDamagedStoreOpens(t *testing.T) {
	dir := t.TempDir()
	const written = 48
	id := orphanReply(t, dir, strings.Repeat("x", limits.MiB), written)

	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	s := must[*Store](t)(OpenWith(dir, Options{ReplyText: 2 * limits.MiB}))
	runtime.ReadMemStats(&after)
	defer s.Close()
	alloc := after.TotalAlloc - before.TotalAlloc
	m := must[*Message](t)(s.Message(bg, id))
	want := "reply text limit (2 MiB) reached: the reply is cut there; " + interruptedByCrash
	if m.Status != StatusInterrupted || m.Error != want || len(m.Text) != 2*limits.MiB {
		t.Fatalf("status %q, error %q, %d bytes", m.Status, m.Error, len(m.Text))
	}
	if chunkCount(t, s, id) != 0 || len(s.Warnings()) != 0 {
		t.Fatalf("chunks left, or warnings: %v", s.Warnings())
	}
	if alloc > 12*limits.MiB {
		t.Fatalf("opening allocated %s for a reply of %d MiB checkpointed, cut at 2 MiB", limits.Size(int64(alloc)), written)
	}
	t.Logf("opening a store with %d MiB checkpointed in one reply allocated %s (Go heap)", written, limits.Size(int64(alloc)))
}

// BenchmarkReopenAtTheCap times Open of a store whose one reply, at the
// reply text limit in 4 KiB checkpoints, lost its writer: the fold, the
// search index of 8 MiB of text, and the rest of Open. cpu-ms/op is the
// process's CPU time (garbage collection included), which a loaded
// machine does not inflate as it does the wall time.
func BenchmarkReopenAtTheCap(b *testing.B) {
	piece := strings.Repeat("a reply of words ", 241)[:4096]
	var cpu time.Duration
	for b.Loop() {
		b.StopTimer()
		dir := b.TempDir()
		orphanReply(b, dir, piece, limits.ReplyText/len(piece))
		before := processCPU()
		b.StartTimer()
		s := must[*Store](b)(Open(dir))
		b.StopTimer()
		cpu += processCPU() - before
		s.Close()
		b.StartTimer()
	}
	b.ReportMetric(float64(cpu.Milliseconds())/float64(b.N), "cpu-ms/op")
}

// processCPU is the CPU time this process has used, user and system.
func processCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// orphanReply leaves in a new store in dir what a killed writer leaves: a
// streaming reply whose writer is gone, with n checkpoints of piece.
func orphanReply(t testing.TB, dir, piece string, n int) int64 {
	t.Helper()
	s := must[*Store](t)(Open(dir))
	defer s.Close()
	conv := newChat(t, s, "an endless reply")
	res := must[interface{ LastInsertId() (int64, error) }](t)(s.w.ExecContext(bg, `INSERT INTO messages
		(conversation_id, role, status, writer_pid, created_at, updated_at) VALUES (?, 'assistant', 'streaming', -1, 1, 1)`, conv))
	id := must[int64](t)(res.LastInsertId())
	for i := range n {
		if _, err := s.w.ExecContext(bg, `INSERT INTO message_chunks (message_id, seq, text) VALUES (?, ?, ?)`, id, i, piece); err != nil {
			t.Fatal(err)
		}
	}
	return id
}
