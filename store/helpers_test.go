package store

import (
	"context"
	"testing"
	"time"
)

// openTest opens a store in a fresh temporary directory, closed at the end
// of the test.
func openTest(t testing.TB) *Store {
	t.Helper()
	s, err := Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

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
