package store

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

// openTest opens a store in a fresh temporary directory, closed at the end
// of the test. The directory starts with a copy of the database Open made
// once for this test binary, as store/storetest does for the other
// packages' tests (which this package's own cannot import): the
// migrations, most of a second under -race, run once, not per test.
// migrate_test.go and the tests that call Open themselves run them anew.
func openTest(t testing.TB) *Store {
	t.Helper()
	b, err := templateDB()
	if err != nil {
		t.Fatalf("the template database: %v", err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, FileName), b, 0o600); err != nil {
		t.Fatal(err)
	}
	return openAgain(t, dir)
}

// openTwice is two Stores on one fresh folder, as two atelier processes
// would have, both closed at the end of the test.
func openTwice(t testing.TB) (s, other *Store) {
	t.Helper()
	s = openTest(t)
	return s, openAgain(t, s.Dir())
}

// openAgain opens the store in dir, closed at the end of the test.
func openAgain(t testing.TB, dir string) *Store {
	t.Helper()
	s, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// templateDB is the database file Open makes in an empty folder, once
// closed (which folds the WAL into it).
var templateDB = sync.OnceValues(func() ([]byte, error) {
	dir, err := os.MkdirTemp("", "atelier-store-test")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	s, err := Open(dir)
	if err != nil {
		return nil, err
	}
	if err := s.Close(); err != nil {
		return nil, err
	}
	return os.ReadFile(filepath.Join(dir, FileName))
})

// fakeClock makes a store's time advance by one second per reading, from a
// fixed start, so that orderings by time are deterministic.
func fakeClock(s *Store) {
	t0 := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	n := 0
	s.now = func() time.Time {
		n++
		return t0.Add(time.Duration(n) * time.Second)
	}
}

// must fails the test on an error and returns the value.
func must[T any](t testing.TB) func(T, error) T {
	return func(v T, err error) T {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}

var bg = context.Background()
