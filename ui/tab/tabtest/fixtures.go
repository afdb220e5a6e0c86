package tabtest

import (
	"context"
	"os"
	"testing"
	"time"

	"atelier/store"
	"atelier/store/storetest"
)

// OpenStore opens a store in dir (a fresh folder when dir is ""), closed
// when the test ends: storetest.Open, from a copy of the template database.
func OpenStore(t testing.TB, dir string) *store.Store {
	t.Helper()
	return storetest.Open(t, dir)
}

// Must returns a function that hands on a value and fails the test on an
// error: tabtest.Must[int64](t)(db.NewConversation(…)).
func Must[T any](t testing.TB) func(T, error) T {
	return func(v T, err error) T {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}

// InUTC runs a package's tests with the local time zone UTC, so that
// dates on screen read the same on every machine: a TestMain's body.
func InUTC(m *testing.M) {
	time.Local = time.UTC
	os.Exit(m.Run())
}

// Float is a pointer to v: a price, a budget, a setting that may be unset.
func Float(v float64) *float64 { return &v }

// Conversation is the conversation id as db has it, failing the test
// when it cannot be read.
func Conversation(t testing.TB, db *store.Store, id int64) *store.Conversation {
	t.Helper()
	c, err := db.Conversation(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return c
}
