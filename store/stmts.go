package store

import (
	"context"
	"database/sql"
	"errors"
	"sync"
)

// Every query the store runs is prepared once per connection and kept:
// the driver otherwise parses and plans the SQL text again on every call,
// which was a fifth of the poller's work per status recorded and most of
// a small read's (BenchmarkRecordVideoStatus, BenchmarkVideoTask). The
// store's queries are a fixed set of texts, so the cache is small; texts
// built at run time (a filter's IN list of some length) share its bound,
// and past it a text runs unprepared, as before.

// maxStmts bounds the distinct query texts a pool keeps prepared.
const maxStmts = 256

// stmtCache holds the prepared statements of one pool, by query text. It
// never waits for a connection while holding its lock: a transaction
// holding the writer's one connection may be asking it for a statement.
type stmtCache struct {
	mu      sync.Mutex
	m       map[string]*sql.Stmt
	pending map[string]bool // met in a transaction, to prepare at the next begin
	closed  bool
}

// lookup returns the statement kept for query, or nil; a query met
// without one is noted, to be prepared before the next transaction
// begins. It is what a transaction asks: preparing on the pool needs a
// connection, and the writer's one is the transaction's.
func (c *stmtCache) lookup(query string) *sql.Stmt {
	c.mu.Lock()
	defer c.mu.Unlock()
	if st, ok := c.m[query]; ok || c.closed || len(c.m)+len(c.pending) >= maxStmts {
		return st
	}
	if c.pending == nil {
		c.pending = map[string]bool{}
	}
	c.pending[query] = true
	return nil
}

// get returns query prepared on db, preparing it now if need be, or nil
// when it cannot be kept (the bound is reached, the cache is closed, or
// preparing failed: the caller then runs the text itself, and a faulty
// one fails there with its own error). Not for use inside a transaction.
func (c *stmtCache) get(ctx context.Context, db *sql.DB, query string) *sql.Stmt {
	c.mu.Lock()
	st, ok := c.m[query]
	full := c.closed || len(c.m)+len(c.pending) >= maxStmts
	c.mu.Unlock()
	if ok || full {
		return st
	}
	return c.prepare(ctx, db, query)
}

// preparePending prepares the queries transactions met since the last
// begin; it runs before a transaction takes its connection.
func (c *stmtCache) preparePending(ctx context.Context, db *sql.DB) {
	c.mu.Lock()
	queries := make([]string, 0, len(c.pending))
	for q := range c.pending {
		queries = append(queries, q)
	}
	c.pending = nil
	c.mu.Unlock()
	for _, q := range queries {
		c.prepare(ctx, db, q)
	}
}

// prepare prepares query on db, without the lock held, and keeps it; of
// two preparing the same text at once, the second closes its own.
func (c *stmtCache) prepare(ctx context.Context, db *sql.DB, query string) *sql.Stmt {
	st, err := db.PrepareContext(ctx, query)
	if err != nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if kept, ok := c.m[query]; ok || c.closed || len(c.m) >= maxStmts {
		st.Close()
		return kept
	}
	if c.m == nil {
		c.m = map[string]*sql.Stmt{}
	}
	c.m[query] = st
	return st
}

// close closes every statement kept, before their pool closes, and keeps
// no more: a statement is its pool's to release, not the driver's.
func (c *stmtCache) close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.closed = true
	var errs []error
	for _, st := range c.m {
		errs = append(errs, st.Close())
	}
	c.m, c.pending = nil, nil
	return errors.Join(errs...)
}

// pool is a database handle whose queries go through its statement cache.
type pool struct {
	*sql.DB
	stmts stmtCache
}

func (p *pool) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	if st := p.stmts.get(ctx, p.DB, query); st != nil {
		return st.ExecContext(ctx, args...)
	}
	return p.DB.ExecContext(ctx, query, args...)
}

func (p *pool) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	if st := p.stmts.get(ctx, p.DB, query); st != nil {
		return st.QueryContext(ctx, args...)
	}
	return p.DB.QueryContext(ctx, query, args...)
}

func (p *pool) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	if st := p.stmts.get(ctx, p.DB, query); st != nil {
		return st.QueryRowContext(ctx, args...)
	}
	return p.DB.QueryRowContext(ctx, query, args...)
}

// BeginTx begins a transaction whose queries use the same statements.
func (p *pool) BeginTx(ctx context.Context, opts *sql.TxOptions) (*txn, error) {
	p.stmts.preparePending(ctx, p.DB)
	t, err := p.DB.BeginTx(ctx, opts)
	if err != nil {
		return nil, err
	}
	return &txn{Tx: t, p: p}, nil
}

// Close closes the statements kept, then the pool.
func (p *pool) Close() error {
	return errors.Join(p.stmts.close(), p.DB.Close())
}

// txn is a transaction of a pool: its queries run the pool's prepared
// statements on the transaction's connection (prepared there once).
type txn struct {
	*sql.Tx
	p *pool
}

func (t *txn) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	if st := t.p.stmts.lookup(query); st != nil {
		return t.Tx.StmtContext(ctx, st).ExecContext(ctx, args...)
	}
	return t.Tx.ExecContext(ctx, query, args...)
}

func (t *txn) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	if st := t.p.stmts.lookup(query); st != nil {
		return t.Tx.StmtContext(ctx, st).QueryContext(ctx, args...)
	}
	return t.Tx.QueryContext(ctx, query, args...)
}

func (t *txn) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	if st := t.p.stmts.lookup(query); st != nil {
		return t.Tx.StmtContext(ctx, st).QueryRowContext(ctx, args...)
	}
	return t.Tx.QueryRowContext(ctx, query, args...)
}
