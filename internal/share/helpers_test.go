package share

import (
	"os"
	"strconv"
	"testing"
)

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// refs parses things to share, or fails the test.
func refs(t *testing.T, ss ...string) []Ref {
	t.Helper()
	var rs []Ref
	for _, s := range ss {
		r, err := ParseRef(s)
		if err != nil {
			t.Fatal(err)
		}
		rs = append(rs, r)
	}
	return rs
}

// written reads the page a Write or WriteBallot wrote, or fails the test.
func written(t *testing.T) func(Result, error) (string, Result) {
	return func(res Result, err error) (string, Result) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(res.Path)
		if err != nil {
			t.Fatal(err)
		}
		return string(b), res
	}
}
