package history

import (
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"atelier/store"
	"atelier/store/storetest"
	"atelier/ui/tab/tabtest"
)

// Histories recorded once per test binary and copied for each test that
// asks. Recording through the store's API costs seconds under -race (the
// pure-Go SQLite parses and commits every statement), and most of this
// package's tests start from the same few histories, so each is recorded
// once, closed (no WAL is left beside the database), read into memory,
// and written into every test's own folder: a test opens with store.Open
// what the API wrote, and what it writes is its own.

// snapshot is a recorded data folder: its files by path relative to it,
// and what the recording returned (ids, media names).
type snapshot struct {
	files map[string]snapFile
	value any
}

type snapFile struct {
	mode fs.FileMode
	data []byte
}

// snapEntry records one snapshot once; a recording that fails (the test
// that ran it fails) leaves it unrecorded, for the next test to try.
type snapEntry struct {
	mu   sync.Mutex
	snap *snapshot
}

var snapshots sync.Map // name → *snapEntry

// snapshotOf is the snapshot named name, recorded by record into an empty
// folder (the template database in it) on first use.
func snapshotOf(t testing.TB, name string, record func(t testing.TB, dir string) any) *snapshot {
	t.Helper()
	e, _ := snapshots.LoadOrStore(name, &snapEntry{})
	entry := e.(*snapEntry)
	entry.mu.Lock()
	defer entry.mu.Unlock()
	if entry.snap != nil {
		return entry.snap
	}
	dir, err := os.MkdirTemp("", "atelier-history-seed")
	check(t, err)
	defer os.RemoveAll(dir)
	storetest.Seed(t, dir)
	value := record(t, dir)
	s := &snapshot{files: map[string]snapFile{}, value: value}
	check(t, filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		s.files[rel] = snapFile{mode: info.Mode().Perm(), data: data}
		return err
	}))
	entry.snap = s
	return s
}

// restore writes s into dir (a fresh temporary folder when dir is "").
func (s *snapshot) restore(t testing.TB, dir string) string {
	t.Helper()
	if dir == "" {
		dir = t.TempDir()
	}
	for rel, f := range s.files {
		path := filepath.Join(dir, rel)
		check(t, os.MkdirAll(filepath.Dir(path), 0o700))
		check(t, os.WriteFile(path, f.data, f.mode))
	}
	return dir
}

// open restores s into dir and opens the store there, closed when the
// test ends.
func (s *snapshot) open(t testing.TB, dir string) *store.Store {
	t.Helper()
	return tabtest.OpenStore(t, s.restore(t, dir))
}

// recordStore opens the store in dir for a recording, which closes it
// (the one way to leave the whole history in the database file).
func recordStore(t testing.TB, dir string) *store.Store {
	t.Helper()
	return tabtest.Must[*store.Store](t)(store.Open(dir))
}
