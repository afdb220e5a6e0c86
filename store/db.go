package store

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"sync"
	"time"

	_ "modernc.org/sqlite" // registers the "sqlite" database/sql driver

	"atelier/internal/limits"
	"atelier/store/price"
)

// FileName is the database's file name inside the data directory.
const FileName = "atelier.db"

// ErrNotFound is returned (wrapped) when a row asked for by id does not exist.
var ErrNotFound = errors.New("not found")

// Store is one open atelier database. It is safe for concurrent use, and
// several processes may have the same data directory open at once.
type Store struct {
	dir string
	// w is the only connection this process writes through: writers queue in
	// Go for it instead of spinning on SQLITE_BUSY, and its transactions begin
	// IMMEDIATE so that the busy timeout, not a failed upgrade, settles a
	// conflict with another process.
	w *pool
	// r is a pool of read-only connections; in WAL mode they read a
	// consistent snapshot while w writes. It counts its reads (Reads).
	r *readPool
	// watch is the connection Version reads on (watch.go).
	watch watcher

	self processID
	now  func() time.Time

	// replyText is the most reply text a message is folded to.
	replyText int64

	mu       sync.Mutex
	replies  map[*Reply]struct{} // replies begun and not yet finished
	closed   bool
	warnings []string            // what Open mended or left alone
	recipes  sync.Map            // image job id → *recipe.Recipe, from AddImageJob to FinishImageJob (recipes.go)
	clean    func(string) string // makes the Markdown export safe to show
	prices   price.Table         // the rates exports cost items at (export_costs.go)
}

// Options tune OpenWith; the zero value means the defaults.
type Options struct {
	// ReplyText is the most reply text (text and thinking together) kept
	// of a message when its checkpoints are folded: limits.ReplyText when
	// zero. The client cuts replies at the same limit, so it only bites on
	// a reply an earlier version let grow without one.
	ReplyText int64
	// Now is the clock of the times recorded; time.Now when nil (a test
	// pins it, to compare what is shown of them).
	Now func() time.Time
}

// readers is the size of the read pool: enough for the UI, the poller and a
// search at once on a small machine.
const readers = 4

// Open opens (creating if needed) the database in dir, brings its schema up
// to date and marks as interrupted the streaming replies and image jobs whose
// writing process has died. dir is created with its media folder.
func Open(dir string) (*Store, error) { return OpenWith(dir, Options{}) }

// OpenWith is Open with options.
func OpenWith(dir string, o Options) (*Store, error) {
	if dir == "" {
		return nil, errors.New("open store: no data directory")
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("open store: %w", err)
	}
	if err := makePrivate(abs); err != nil {
		return nil, fmt.Errorf("open store: %w", err)
	}
	s := &Store{
		dir:       abs,
		self:      currentProcess(),
		now:       time.Now,
		replies:   map[*Reply]struct{}{},
		replyText: cmp.Or(o.ReplyText, limits.ReplyText),
	}
	if o.Now != nil {
		s.now = o.Now
	}
	path := filepath.Join(abs, FileName)
	w, err := sql.Open("sqlite", dsn(path, writerPragmas)+"&_txlock=immediate")
	if err != nil {
		return nil, fmt.Errorf("open store: %w", err)
	}
	s.w = &pool{DB: w}
	s.w.SetMaxOpenConns(1)
	s.w.SetMaxIdleConns(1)
	ctx := context.Background()
	if err := migrate(ctx, s.w.DB, migrations); err != nil {
		s.w.Close()
		return nil, fmt.Errorf("open store %s: %w", path, err)
	}
	if err := s.recoverOrphans(ctx); err != nil {
		s.w.Close()
		return nil, fmt.Errorf("open store %s: %w", path, err)
	}
	rp, err := sql.Open("sqlite", dsn(path, readerPragmas))
	if err != nil {
		s.w.Close()
		return nil, fmt.Errorf("open store: %w", err)
	}
	s.r = &readPool{pool: &pool{DB: rp}}
	s.r.SetMaxOpenConns(readers)
	s.r.SetMaxIdleConns(readers)
	return s, nil
}

// writerPragmas are run on the writing connection. WAL lets readers go on
// while a reply is checkpointed; synchronous=NORMAL keeps every commit safe
// from a crash of the process (only a power cut can lose the last commits),
// which is what checkpointing a reply is for.
var writerPragmas = []string{
	"busy_timeout(5000)",
	"foreign_keys(1)",
	"journal_mode(WAL)",
	"synchronous(NORMAL)",
	"cache_size(-4000)",
}

// readerPragmas are run on each read-only connection. Each reader keeps a
// page cache of 4 MB, as the writer does (it had 16: folding and indexing a
// reply of 8 MiB then held 107 MB resident, 85 MB with 4): four of them
// warmed by paging through a long history had held 64 MB, and reads of the
// database file go through the system's cache anyway (BENCHMARKS.md, "Paging through the
// whole history").
var readerPragmas = []string{
	"busy_timeout(5000)",
	"foreign_keys(1)",
	"query_only(1)",
	"cache_size(-4000)",
}

// dsn builds a file: URI, so that any character in the path is escaped rather
// than taken for the start of the parameters.
func dsn(path string, pragmas []string) string {
	q := url.Values{}
	for _, p := range pragmas {
		q.Add("_pragma", p)
	}
	return "file:" + (&url.URL{Path: filepath.ToSlash(path)}).EscapedPath() + "?" + q.Encode()
}

// Close marks the replies this Store began and never finished as interrupted,
// then closes the database. Calling it twice is harmless.
func (s *Store) Close() error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil
	}
	s.closed = true
	open := make([]*Reply, 0, len(s.replies))
	for r := range s.replies {
		open = append(open, r)
	}
	s.mu.Unlock()
	var errs []error
	for _, r := range open {
		if err := r.abandon(); err != nil {
			errs = append(errs, err)
		}
	}
	errs = append(errs, s.watch.close(), s.r.Close(), s.w.Close())
	return errors.Join(errs...)
}

// Dir returns the data directory (absolute).
func (s *Store) Dir() string { return s.dir }

// Path returns the database file's path.
func (s *Store) Path() string { return filepath.Join(s.dir, FileName) }

// DefaultDataDir returns where atelier keeps its data when no --data-dir is
// given: $ATELIER_HOME, else $XDG_DATA_HOME/atelier, else
// ~/.local/share/atelier.
func DefaultDataDir() (string, error) {
	if d := os.Getenv("ATELIER_HOME"); d != "" {
		return d, nil
	}
	if d := os.Getenv("XDG_DATA_HOME"); d != "" && filepath.IsAbs(d) {
		return filepath.Join(d, "atelier"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("data directory: set ATELIER_HOME or --data-dir: %w", err)
	}
	return filepath.Join(home, ".local", "share", "atelier"), nil
}

// tx runs fn in an IMMEDIATE transaction on the writing connection and
// commits it when fn returns nil.
func (s *Store) tx(ctx context.Context, fn func(*txn) error) error {
	t, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(t); err != nil {
		t.Rollback()
		return err
	}
	return t.Commit()
}

// ms converts a time to the stored form: Unix milliseconds, 0 for the zero time.
func ms(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMilli()
}

// fromMS converts a stored time back; 0 and NULL become the zero time.
func fromMS(v sql.NullInt64) time.Time {
	if !v.Valid || v.Int64 == 0 {
		return time.Time{}
	}
	return time.UnixMilli(v.Int64)
}

// nowMS is the current time in the stored form.
func (s *Store) nowMS() int64 { return s.now().UnixMilli() }
