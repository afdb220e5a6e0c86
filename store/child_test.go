package store

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

// The crash tests re-execute this test binary as a writer that is killed
// mid-way. The child is chosen by an environment variable and runs from
// TestMain, outside the testing framework, so that it is never counted as
// a test that passed.

// children maps the environment variable that starts a child to the code
// it runs, given the data directory.
var children = map[string]func(dir string) error{
	crashChildEnv: crashChild,
	capChildEnv:   capChild,
}

func TestMain(m *testing.M) {
	for env, child := range children {
		if dir := os.Getenv(env); dir != "" {
			os.Exit(runChild(child, dir))
		}
	}
	os.Exit(m.Run())
}

// runChild runs child until it fails or this process is killed. The child
// ends by itself when its parent dies, which closes the child's stdin.
func runChild(child func(dir string) error, dir string) int {
	go func() {
		io.Copy(io.Discard, os.Stdin)
		fmt.Fprintln(os.Stderr, "child: the parent went away")
		os.Exit(3)
	}()
	if err := child(dir); err != nil {
		fmt.Fprintln(os.Stderr, "child:", err)
		return 1
	}
	fmt.Fprintln(os.Stderr, "child: returned without being killed")
	return 2
}

// childDeadline bounds a child's run: the test's own deadline less a
// margin to report, or a minute without one.
func childDeadline(t *testing.T) time.Time {
	if d, ok := t.Deadline(); ok {
		return d.Add(-5 * time.Second)
	}
	return time.Now().Add(time.Minute)
}

// killChild runs the child started by env (this test binary) with the data
// directory dir, reads its stdout until a line scans with format into args,
// and kills it with SIGKILL. It fails the test when no such line came
// before the deadline, or the child did not die of the signal.
func killChild(t *testing.T, env, dir, format string, args ...any) {
	t.Helper()
	ctx, cancel := context.WithDeadline(context.Background(), childDeadline(t))
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), env+"="+dir)
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe() // held open: the child ends when it closes
	if err != nil {
		t.Fatal(err)
	}
	defer stdin.Close()
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	seen := false
	sc := bufio.NewScanner(out)
	for !seen && sc.Scan() {
		_, err := fmt.Sscanf(sc.Text(), format, args...)
		seen = err == nil
	}
	if !seen {
		cmd.Process.Kill()
		err := cmd.Wait()
		t.Fatalf("the child never said %q (exit: %v, scan error: %v, deadline passed: %v)", format, err, sc.Err(), ctx.Err() != nil)
	}
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	err = cmd.Wait()
	if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != syscall.SIGKILL {
		t.Fatalf("child did not die of SIGKILL: %v", err)
	}
}
