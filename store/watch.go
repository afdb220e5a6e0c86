package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
)

// How a view learns that the history changed: Version, read on a slow
// tick, moves whenever anything is committed to the database, by this
// process or another (a second TUI, the command line, the batch runner,
// the poller). Reading it costs one pragma on a connection of its own, and
// no table is read: an idle view that asks twice a second reads nothing.

// watcher is the connection Version reads SQLite's data_version on. The
// pragma's value moves when a connection other than the one asking
// commits: this one never writes, so every commit moves it, those of this
// process's own writer included (TestVersionSeesEveryWriter). The
// connection is opened on first use, so commands that never watch pay
// nothing, and held for good: another connection's data_version counts
// from elsewhere, so a reopened one could read the same value for a
// different state.
type watcher struct {
	mu   sync.Mutex
	db   *sql.DB
	conn *sql.Conn

	orphans orphanWatch // rows being written, whose writer may die (watch_orphans.go)
}

// Version is where the database stands: two readings are equal when
// nothing was committed between them, by any connection of any process.
// The value means nothing else; compare it only with earlier readings of
// the same Store.
func (s *Store) Version(ctx context.Context) (int64, error) {
	w := &s.watch
	w.mu.Lock()
	defer w.mu.Unlock()
	if err := s.openWatch(ctx); err != nil {
		return 0, fmt.Errorf("history version: %w", err)
	}
	var v int64
	if err := w.conn.QueryRowContext(ctx, `PRAGMA data_version`).Scan(&v); err != nil {
		return 0, fmt.Errorf("history version: %w", err)
	}
	s.mendOrphans(ctx, v)
	return v, nil
}

// openWatch opens the watching connection once; s.watch.mu is held.
func (s *Store) openWatch(ctx context.Context) error {
	w := &s.watch
	if w.conn != nil {
		return nil
	}
	s.mu.Lock()
	closed := s.closed
	s.mu.Unlock()
	if closed {
		return errors.New("the store is closed")
	}
	db, err := sql.Open("sqlite", dsn(s.Path(), readerPragmas))
	if err != nil {
		return err
	}
	db.SetMaxOpenConns(1)
	conn, err := db.Conn(ctx)
	if err != nil {
		db.Close()
		return err
	}
	w.db, w.conn = db, conn
	return nil
}

// close closes the watching connection, if it was opened.
func (w *watcher) close() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.conn == nil {
		return nil
	}
	err := errors.Join(w.conn.Close(), w.db.Close())
	w.conn, w.db = nil, nil
	return err
}

// readPool is the pool of read-only connections, counting the reads made
// through it: a query, or a read transaction, is one. Version's pragma is
// not one of them. The count is how a test or a benchmark shows that an
// idle view reads nothing (Reads).
type readPool struct {
	*pool
	n atomic.Int64
}

func (p *readPool) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	p.n.Add(1)
	return p.pool.QueryContext(ctx, query, args...)
}

func (p *readPool) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	p.n.Add(1)
	return p.pool.QueryRowContext(ctx, query, args...)
}

func (p *readPool) QueryRow(query string, args ...any) *sql.Row {
	p.n.Add(1)
	return p.pool.QueryRowContext(context.Background(), query, args...)
}

func (p *readPool) BeginTx(ctx context.Context, opts *sql.TxOptions) (*txn, error) {
	p.n.Add(1)
	return p.pool.BeginTx(ctx, opts)
}

// Reads is how many reads this Store has made of the history since it was
// opened: each listing, search, item read or read transaction counts one.
// Version is not counted: it reads no table.
func (s *Store) Reads() int64 { return s.r.n.Load() }
