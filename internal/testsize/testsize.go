// Package testsize says how large the tests' generated corpora are, for
// tests only. The default run (go test ./...) checks every property on a
// corpus small enough that a package's tests stay well under a minute under
// -race on a shared two-core machine; ATELIER_TEST_LARGE=1 runs the same
// checks on the large corpora (thousands of random documents, a thousand
// video tasks), for when a change touches what they guard.
package testsize

import (
	"os"
	"strconv"
	"testing"
)

// Env is the variable that asks for the large corpora.
const Env = "ATELIER_TEST_LARGE"

// Large reports whether ATELIER_TEST_LARGE asks for the large corpora. A
// value strconv.ParseBool does not read fails the test, naming the
// variable, rather than quietly running the small ones.
func Large(t testing.TB) bool {
	t.Helper()
	v := os.Getenv(Env)
	if v == "" {
		return false
	}
	large, err := strconv.ParseBool(v)
	if err != nil {
		t.Fatalf("%s=%q: want 1 (the large corpora) or 0 (the default ones)", Env, v)
	}
	return large
}

// Pick is small in the default run and large under ATELIER_TEST_LARGE=1.
func Pick[N int | int64 | float64](t testing.TB, small, large N) N {
	t.Helper()
	if Large(t) {
		return large
	}
	return small
}
