package tabtest

import (
	"testing"

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
