package store

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// kept is how many statements a pool holds, and how many wait for the
// next transaction to begin.
func kept(p *pool) (stmts, pending int) {
	p.stmts.mu.Lock()
	defer p.stmts.mu.Unlock()
	return len(p.stmts.m), len(p.stmts.pending)
}

// A query run again and again is prepared once and kept; one first met
// inside a transaction (where the writer's one connection is taken) is
// noted and prepared as the next transaction begins; past the bound a
// text runs unprepared, and still runs.
func TestStatementsArePreparedOnceAndKept(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	const q = `SELECT count(*) FROM conversations WHERE kind = ?`
	base, _ := kept(s.r.pool)
	for range 5 {
		var n int
		if err := s.r.QueryRowContext(bg, q, KindChat).Scan(&n); err != nil {
			t.Fatal(err)
		}
	}
	if n, _ := kept(s.r.pool); n != base+1 {
		t.Fatalf("five runs of one query kept %d statements, want %d", n, base+1)
	}

	const inTx = `UPDATE conversations SET title = title WHERE id = ?`
	err := s.tx(bg, func(tx *txn) error {
		_, err := tx.ExecContext(bg, inTx, 1)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	s.w.stmts.mu.Lock()
	_, prepared := s.w.stmts.m[inTx]
	waiting := s.w.stmts.pending[inTx]
	s.w.stmts.mu.Unlock()
	if prepared || !waiting {
		t.Fatalf("a query met in a transaction: prepared %v, waiting %v; want it waiting", prepared, waiting)
	}
	if err := s.tx(bg, func(*txn) error { return nil }); err != nil {
		t.Fatal(err)
	}
	s.w.stmts.mu.Lock()
	_, prepared = s.w.stmts.m[inTx]
	s.w.stmts.mu.Unlock()
	if !prepared {
		t.Fatal("the query met in a transaction was not prepared when the next one began")
	}

	for i := range maxStmts + 10 {
		var v int
		if err := s.r.QueryRowContext(bg, fmt.Sprintf("SELECT %d", i)).Scan(&v); err != nil || v != i {
			t.Fatalf("query %d past the bound: %v, %d", i, err, v)
		}
	}
	if n, _ := kept(s.r.pool); n != maxStmts {
		t.Fatalf("%d statements kept, want the bound %d", n, maxStmts)
	}
}

// Close releases every connection (the writer, the readers with the
// statements they keep, the watching one) and the statements: no file of
// the history stays open, and the caches keep nothing.
func TestCloseLeavesNoFileOpen(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	s := must[*Store](t)(Open(dir))
	id := must[int64](t)(s.NewConversation(bg, KindChat, "kept statements"))
	for range 3 {
		must[*Conversation](t)(s.Conversation(bg, id))
		must[[]Conversation](t)(s.Conversations(bg, ConversationQuery{}))
	}
	must[int64](t)(s.Version(bg))
	if n, _ := kept(s.r.pool); n == 0 {
		t.Fatal("no statement kept: the test shows nothing")
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	for _, p := range []*pool{s.w, s.r.pool} {
		if n, waiting := kept(p); n != 0 || waiting != 0 || !p.stmts.closed {
			t.Errorf("after Close a pool keeps %d statements and %d waiting (closed: %v)", n, waiting, p.stmts.closed)
		}
	}
	fds, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Fatalf("reading this process's open files: %v", err)
	}
	for _, fd := range fds {
		target, err := os.Readlink(filepath.Join("/proc/self/fd", fd.Name()))
		if err == nil && strings.HasPrefix(target, dir) {
			t.Errorf("after Close, %s is still open", target)
		}
	}
}
