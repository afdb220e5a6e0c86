package main

import (
	"context"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"atelier/cmd/atelier/internal/clitest"
)

// These tests run the command line in this process (runIn), or this test
// binary again as atelier in a child (child_test.go: what is sent, printed
// and kept); the hostile-server suite, which runs each attack in such a
// child, is in hostile; the tests that run the built program as a person
// does are in e2e.

func TestMain(m *testing.M) {
	if code, ok := runAsAtelier(); ok { // a child run as atelier
		os.Exit(code)
	}
	go childBinary() // under -race, a build of its own, begun now
	code := m.Run()
	if bin, err := childBinary(); err == nil && bin != os.Args[0] {
		clitest.RemoveTestBinary(bin)
	}
	os.Exit(code)
}

// runAsAtelier runs this process as atelier when a parent (this package's
// tests, or the hostile suite's) asked for it with clitest.ClockEnv, and
// reports whether it did, with the exit status. The child runs the command
// line on the clocks the parent names, since a fake clock cannot cross a
// process boundary.
func runAsAtelier() (int, bool) {
	clk, ok := os.LookupEnv(clitest.ClockEnv)
	if !ok {
		return 0, false
	}
	setMemoryLimit(os.Getenv) // as main does
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	code := runWith(ctx, os.Args[1:], stdio{in: os.Stdin, out: os.Stdout, err: os.Stderr}, os.Getenv, childClocks(clk))
	if path := os.Getenv(clitest.PeakEnv); path != "" {
		// The peak is the child's own to tell: the rusage its parent gets
		// counts the parent's memory too, which the child shared until it
		// ran this binary (os/exec starts it with vfork).
		if b, err := os.ReadFile("/proc/self/status"); err == nil {
			os.WriteFile(path, b, 0o600)
		}
	}
	return code, true
}

// childClocks are the clocks a child's value of clitest.ClockEnv names:
// "real", "instant" (the poller's waits end at once) or "arm:N" (the
// client's N-th timer fires at once).
func childClocks(name string) clocks {
	switch {
	case name == "instant":
		return instant()
	case strings.HasPrefix(name, "arm:"):
		n, _ := strconv.Atoi(strings.TrimPrefix(name, "arm:"))
		return armAt(n)
	}
	return clocks{}
}

type result struct {
	stdout, stderr string
	code           int
}
