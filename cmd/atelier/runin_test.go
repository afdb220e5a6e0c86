package main

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"atelier/client"
	"atelier/client/clienttest"
	"atelier/cmd/atelier/internal/clitest"
)

// ran is one run of the command line, in this process; stdout keeps
// its first MiB (clitest.HeadWriter).
type ran struct {
	stdout, stderr string
	code           int
}

// runIn runs args as atelier would with env and stdin, on the given
// clocks.
func runIn(t *testing.T, env []string, stdin io.Reader, clk clocks, args ...string) ran {
	t.Helper()
	if stdin == nil {
		stdin = strings.NewReader("")
	}
	var out clitest.HeadWriter
	var errb bytes.Buffer
	// A command that a broken limit leaves waiting on a silent server
	// fails the test, rather than hanging it to the binary's timeout.
	wait := time.Minute
	if d, ok := t.Deadline(); ok {
		wait = min(wait, time.Until(d)/2)
	}
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	clitest.SeedHistory(t, env, args)
	code := runWith(ctx, args, stdio{in: stdin, out: &out, err: &errb}, clitest.Lookup(env), clk)
	if ctx.Err() != nil {
		t.Fatalf("atelier %s did not end within %s (exit %d, stderr %q)", strings.Join(args, " "), wait, code, errb.String())
	}
	return ran{stdout: out.Head.String(), stderr: errb.String(), code: code}
}

// armAt is a client clock that ends the wait after the n-th arm of its
// timers (see clienttest.ArmClock).
func armAt(n int) clocks {
	clock := &clienttest.ArmClock{N: n}
	return clocks{afterFunc: func(d time.Duration, f func()) client.Timer { return clock.AfterFunc(d, f) }}
}

// instant is a poller clock on which every wait ends at once.
func instant() clocks {
	return clocks{poller: clienttest.NewInstantClock(time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC))}
}
