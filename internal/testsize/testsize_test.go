package testsize

import (
	"fmt"
	"strings"
	"testing"
)

func TestPick(t *testing.T) {
	for _, tc := range []struct {
		value string
		want  int
	}{{"", 10}, {"0", 10}, {"false", 10}, {"1", 1000}, {"true", 1000}} {
		t.Setenv(Env, tc.value)
		if got := Pick(t, 10, 1000); got != tc.want {
			t.Errorf("%s=%q: Pick(10, 1000) = %d, want %d", Env, tc.value, got, tc.want)
		}
	}
}

// fatalRecorder is a testing.TB that keeps what Fatalf said.
type fatalRecorder struct {
	testing.TB
	said string
}

func (f *fatalRecorder) Helper()                           {}
func (f *fatalRecorder) Fatalf(format string, args ...any) { f.said = fmt.Sprintf(format, args...) }

func TestBadValueNamesTheVariable(t *testing.T) {
	t.Setenv(Env, "yes please")
	f := &fatalRecorder{TB: t}
	Large(f)
	if !strings.Contains(f.said, Env) || !strings.Contains(f.said, "yes please") || !strings.Contains(f.said, "want 1") {
		t.Fatalf("a bad value said %q", f.said)
	}
}
