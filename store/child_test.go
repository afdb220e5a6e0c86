package store

import (
	"testing"

	"atelier/internal/childproc"
)

// The crash tests re-execute this test binary as a writer that is killed
// mid-way (see internal/childproc): the child is chosen by an environment
// variable and runs from TestMain, outside the testing framework, so that
// it is never counted as a test that passed.

// children maps the environment variable that starts a child to the code
// it runs, given the variable's value (the data directory, and what else
// the child is told).
var children = map[string]func(value string) error{
	crashChildEnv: crashChild,
	capChildEnv:   capChild,
	treeChildEnv:  treeChild,
}

func TestMain(m *testing.M) { childproc.Main(m, children) }

// killChild runs the child started by env (this test binary) with value
// (the data directory, and for the cap child its limit first), reads its stdout until a line scans with format into args,
// and kills it with SIGKILL. It fails the test when no such line came
// before the deadline, or the child did not die of the signal.
func killChild(t *testing.T, env, value, format string, args ...any) {
	t.Helper()
	c := childproc.Start(t, env+"="+value)
	c.Await(format, args...)
	c.Kill()
}
