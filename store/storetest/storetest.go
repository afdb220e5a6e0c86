// Package storetest opens stores for tests, each from a copy of a template
// database. Creating a history runs every schema migration, which the
// pure-Go SQLite takes most of a second to do under -race; the template is
// made once per test binary by store.Open itself, so a copy is the database
// a fresh Open would make, and each test still opens it with store.Open
// (which finds the schema current and migrates nothing). The migrations
// themselves are the store's tests' business (store/migrate_test.go).
package storetest

import (
	"errors"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"atelier/store"
)

// Open opens a store in dir (a fresh temporary folder when dir is ""),
// seeded from the template when dir holds no database yet, and closes it
// when the test ends.
func Open(t testing.TB, dir string) *store.Store {
	t.Helper()
	if dir == "" {
		dir = t.TempDir()
	}
	Seed(t, dir)
	db, err := store.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// Dir is a fresh temporary folder holding the template database, for a
// test that opens the store itself (store.Open(storetest.Dir(t))).
func Dir(t testing.TB) string {
	t.Helper()
	dir := t.TempDir()
	Seed(t, dir)
	return dir
}

// Seed writes the template database into dir, unless dir holds a
// database already, for a test whose code under test opens the store
// itself (the command line opening its data folder).
func Seed(t testing.TB, dir string) {
	t.Helper()
	path := filepath.Join(dir, store.FileName)
	if _, err := os.Stat(path); err == nil || !errors.Is(err, os.ErrNotExist) {
		return // a database already, or a folder this cannot tell: store.Open decides
	}
	b, err := template()
	if err != nil {
		t.Fatalf("storetest: the template database: %v", err)
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
}

// template is the database file store.Open makes in an empty folder, once
// closed (which leaves no WAL beside it): made on first use, then kept.
var template = sync.OnceValues(func() ([]byte, error) {
	dir, err := os.MkdirTemp("", "atelier-storetest")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	db, err := store.Open(dir)
	if err != nil {
		return nil, err
	}
	if err := db.Close(); err != nil {
		return nil, err
	}
	if _, err := os.Stat(filepath.Join(dir, store.FileName+"-wal")); err == nil {
		return nil, errors.New("a WAL file outlived Close: the database file alone is not the whole history")
	}
	return os.ReadFile(filepath.Join(dir, store.FileName))
})
