package main

import (
	"os"
	"sync"
	"testing"

	"atelier/cmd/atelier/internal/clitest"
)

// childBinary is the test binary the children run (runAsAtelier): this
// one, or, when this one runs under the race detector, the same tests
// built without it, once (clitest.BuildTestBinary). TestMain starts it at
// once, so that it builds while the first tests run.
var childBinary = sync.OnceValues(func() (string, error) {
	if !raceEnabled {
		return os.Args[0], nil
	}
	return clitest.BuildTestBinary(".")
})

// runChild runs atelier with args and env in a child process, this test
// binary again (childBinary), bounded by the test's deadline.
func runChild(t *testing.T, env []string, c clitest.Child, args ...string) clitest.Ran {
	t.Helper()
	bin, err := childBinary()
	if err != nil {
		t.Fatal(err)
	}
	c.Bin = bin
	return clitest.Run(t, env, c, args...)
}
