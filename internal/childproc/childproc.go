// Package childproc runs a test binary again as a child process that is
// killed mid-way, for the crash tests of the store and the batch runner.
//
// The child is chosen by an environment variable and runs from TestMain,
// outside the testing framework, so that it is never counted as a test
// that passed: run normally, the binary runs its tests and no child. The
// parent reads the child's stdout for the line that says it is where it
// should be, kills it with SIGKILL and fails unless the child died of that
// signal, so a child that ends by itself (or fails) fails the test.
//
// BuildWithoutRace builds a program (or a test binary) a test runs as a
// child without the race detector, one build on the machine at a time, so
// that test packages run side by side share the compiled dependencies.
package childproc

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"syscall"
	"testing"
	"time"
)

// Main is a test binary's TestMain: when one of children's environment
// variables is set, it runs that child with the variable's value and exits
// with its outcome; otherwise it runs the tests.
func Main(m *testing.M, children map[string]func(value string) error) {
	for env, child := range children {
		if v := os.Getenv(env); v != "" {
			os.Exit(run(child, v))
		}
	}
	os.Exit(m.Run())
}

// run runs child until it fails or this process is killed. The child ends
// by itself when its parent dies, which closes the child's stdin. Each way
// of ending is its own exit code, none of them 0.
func run(child func(string) error, value string) int {
	go func() {
		io.Copy(io.Discard, os.Stdin)
		fmt.Fprintln(os.Stderr, "child: the parent went away")
		os.Exit(3)
	}()
	if err := child(value); err != nil {
		fmt.Fprintln(os.Stderr, "child:", err)
		return 1
	}
	fmt.Fprintln(os.Stderr, "child: returned without being killed")
	return 2
}

// Deadline bounds a child's run: the test's own deadline less a margin to
// report, or a minute without one.
func Deadline(t *testing.T) time.Time {
	if d, ok := t.Deadline(); ok {
		return d.Add(-5 * time.Second)
	}
	return time.Now().Add(time.Minute)
}

// Child is this test binary running as a child.
type Child struct {
	t   *testing.T
	ctx context.Context
	cmd *exec.Cmd
	out *bufio.Scanner
}

// Start runs this test binary again with env ("NAME=value") added to the
// environment, which picks the child Main runs. The child is bounded by
// Deadline, and its stdin is held open until the test ends, so that it
// ends by itself if the test does without killing it.
func Start(t *testing.T, env ...string) *Child {
	t.Helper()
	ctx, cancel := context.WithDeadline(context.Background(), Deadline(t))
	t.Cleanup(cancel)
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), env...)
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe() // held open: the child ends when it closes
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { stdin.Close() })
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return &Child{t: t, ctx: ctx, cmd: cmd, out: bufio.NewScanner(out)}
}

// Await reads the child's stdout until a line scans with format into
// args. It kills the child and fails the test when no such line came
// before the child ended or the deadline passed.
func (c *Child) Await(format string, args ...any) {
	c.t.Helper()
	for c.out.Scan() {
		if _, err := fmt.Sscanf(c.out.Text(), format, args...); err == nil {
			return
		}
	}
	c.cmd.Process.Kill()
	err := c.cmd.Wait()
	c.t.Fatalf("the child never said %q (exit: %v, scan error: %v, deadline passed: %v)",
		format, err, c.out.Err(), c.ctx.Err() != nil)
}

// Kill kills the child with SIGKILL and fails the test unless it died of
// that signal: a child that had already ended, by itself or by failing,
// did not do what the test waited on.
func (c *Child) Kill() {
	c.t.Helper()
	if err := c.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		c.t.Fatal(err)
	}
	err := c.cmd.Wait()
	if ws, ok := c.cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != syscall.SIGKILL {
		c.t.Fatalf("the child did not die of SIGKILL: %v (%v)", err, c.cmd.ProcessState)
	}
}
