package hostile

import (
	"fmt"
	"io"
	"os"
	"testing"

	"atelier/cmd/atelier/internal/clitest"
)

// childBinary is cmd/atelier's test binary, built without the race
// detector once per run of this package (TestMain), which the children
// run as atelier (its TestMain answers clitest.ClockEnv with the clocks it
// names).
var childBinary string

func TestMain(m *testing.M) {
	bin, err := clitest.BuildTestBinary("..")
	if err != nil {
		fmt.Fprintln(os.Stderr, "build cmd/atelier's tests:", err)
		os.Exit(1)
	}
	childBinary = bin
	code := m.Run()
	clitest.RemoveTestBinary(bin)
	os.Exit(code)
}

// runChild runs atelier with args and env in a child process, bounded by
// the test's deadline.
func runChild(t *testing.T, env []string, c clitest.Child, args ...string) clitest.Ran {
	t.Helper()
	return startChild(t, env, c, args...).Wait(t)
}

// startChild starts atelier with args and env in a child process; Wait
// ends it.
func startChild(t *testing.T, env []string, c clitest.Child, args ...string) *clitest.Started {
	t.Helper()
	c.Bin = childBinary
	return clitest.Start(t, env, c, args...)
}

// runHostile runs one attack in a child process and fails the test when
// the child's peak resident memory passes clitest.MaxResident.
func runHostile(t *testing.T, env []string, stdin io.Reader, clock string, args ...string) clitest.Ran {
	t.Helper()
	r := runChild(t, env, clitest.Child{Clock: clock, Stdin: stdin}, args...)
	clitest.CheckResident(t, r.MaxRSS, args)
	return r
}
