package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"atelier/internal/limits"
)

// The hostile-server suite runs each attack in a child process, this test
// binary run again as atelier, so that what the attack costs is the
// child's peak resident memory (VmHWM, which it reads from its own
// /proc/self/status as it ends), not a share of the test process's heap. The child runs the command line on the clocks the
// parent names, since a fake clock cannot cross a process boundary.

// childClockEnv makes this test binary run as atelier (see TestMain), on
// the clocks its value names: "real", "instant" (the poller's waits end at
// once) or "arm:N" (the client's N-th timer fires at once).
const childClockEnv = "ATELIER_TEST_AS_ATELIER"

// maxResident is what no hostile case may cost the command line.
const maxResident = 150 * limits.MiB

// runAsAtelier runs this process as atelier when the parent asked for it,
// and reports whether it did, with the exit status.
func runAsAtelier() (int, bool) {
	clk, ok := os.LookupEnv(childClockEnv)
	if !ok {
		return 0, false
	}
	setMemoryLimit(os.Getenv) // as main does
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	code := runWith(ctx, os.Args[1:], stdio{in: os.Stdin, out: os.Stdout, err: os.Stderr}, os.Getenv, childClocks(clk))
	if path := os.Getenv(childPeakEnv); path != "" {
		// The peak is the child's own to tell: the rusage its parent gets
		// counts the parent's memory too, which the child shared until it
		// ran this binary (os/exec starts it with vfork).
		if b, err := os.ReadFile("/proc/self/status"); err == nil {
			os.WriteFile(path, b, 0o600)
		}
	}
	return code, true
}

// childPeakEnv names the file a child writes its /proc/self/status to as
// it ends, for its peak resident memory (VmHWM).
const childPeakEnv = "ATELIER_TEST_STATUS_FILE"

// vmHWM reads the peak resident memory, in bytes, of a /proc status file.
func vmHWM(status []byte) int64 {
	for _, line := range strings.Split(string(status), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return kb * 1024
		}
	}
	return 0
}

// childClocks are the clocks a child's value of childClockEnv names.
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

// child is how a test runs atelier in a child process: the clock's name,
// stdin, and where stdout and stderr go (a terminal, or nil: captured).
type child struct {
	clock    string
	stdin    io.Reader
	out, err *os.File
	terminal bool // stdin is a terminal, made the child's controlling one
}

// ranChild is a child's run: what it printed (when captured), its exit
// status and its peak resident memory.
type ranChild struct {
	ran
	maxRSS int64 // bytes
}

// childBinary is the test binary the children run: this one, or, when this
// one runs under the race detector, the same tests built without it, once.
// A race child runs several times slower and holds several times the
// memory, so its peak resident memory says nothing of atelier's; a native
// one runs at a user's speed and is held to maxResident in every run.
// TestMain starts it at once, so that it builds while the first tests run.
var childBinary = sync.OnceValues(func() (string, error) {
	if !raceEnabled {
		return os.Args[0], nil
	}
	dir, err := os.MkdirTemp("", "atelier-child")
	if err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "atelier.test")
	build := exec.Command("go", "test", "-c", "-o", bin, ".")
	// Without -race even when GOFLAGS asks for it.
	var flags []string
	for _, f := range strings.Fields(os.Getenv("GOFLAGS")) {
		if f != "-race" && f != "-race=true" {
			flags = append(flags, f)
		}
	}
	build.Env = append(os.Environ(), "GOFLAGS="+strings.Join(flags, " "))
	if out, err := build.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go test -c (without -race): %v\n%s", err, out)
	}
	return bin, nil
})

// runChild runs atelier with args and env in a child process, bounded by
// the test's deadline.
func runChild(t *testing.T, env []string, c child, args ...string) ranChild {
	t.Helper()
	return startChild(t, env, c, args...).wait(t)
}

// startedChild is a child process under way: the test drives it (a TUI
// on a terminal) and then waits for it.
type startedChild struct {
	cmd        *exec.Cmd
	ctx        context.Context
	cancel     context.CancelFunc
	limit      time.Duration
	args       []string
	statusFile string
	out        headWriter
	errb       bytes.Buffer
}

// startChild starts atelier with args and env in a child process, bounded
// by the test's deadline; wait ends it.
func startChild(t *testing.T, env []string, c child, args ...string) *startedChild {
	t.Helper()
	bin, err := childBinary()
	if err != nil {
		t.Fatal(err)
	}
	// The history the child opens starts as the template, as a person's
	// second run finds it: the migrations are store's tests' business.
	seedHistory(t, env, args)
	s := &startedChild{args: args, statusFile: filepath.Join(t.TempDir(), "status"), limit: time.Minute}
	if d, ok := t.Deadline(); ok {
		s.limit = min(s.limit, time.Until(d)/2)
	}
	s.ctx, s.cancel = context.WithTimeout(context.Background(), s.limit)
	cmd := exec.CommandContext(s.ctx, bin, args...)
	cmd.Env = append([]string{"PATH=" + os.Getenv("PATH"), "HOME=" + t.TempDir(), childClockEnv + "=" + c.clock,
		childPeakEnv + "=" + s.statusFile}, env...)
	cmd.Stdin = c.stdin
	cmd.Stdout, cmd.Stderr = &s.out, &s.errb
	if c.out != nil {
		cmd.Stdout = c.out
	}
	if c.err != nil {
		cmd.Stderr = c.err
	}
	if c.terminal {
		// A session of its own whose controlling terminal is its stdin,
		// as a shell starts a program in a terminal.
		cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 0}
	}
	s.cmd = cmd
	if err := cmd.Start(); err != nil {
		s.cancel()
		t.Fatalf("atelier %s: %v", strings.Join(args, " "), err)
	}
	t.Cleanup(func() { s.cancel(); cmd.Wait() }) // a test that failed midway leaves no child
	return s
}

// wait waits for the child to end and returns its run.
func (s *startedChild) wait(t *testing.T) ranChild {
	t.Helper()
	defer s.cancel()
	err := s.cmd.Wait()
	if s.ctx.Err() != nil {
		t.Fatalf("atelier %s did not end within %s (stderr %q)", strings.Join(s.args, " "), s.limit, s.errb.String())
	}
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		t.Fatalf("atelier %s: %v", strings.Join(s.args, " "), err)
	}
	r := ranChild{ran: ran{stdout: s.out.head.String(), stderr: s.errb.String(), outBytes: s.out.n, code: s.cmd.ProcessState.ExitCode()}}
	if status, err := os.ReadFile(s.statusFile); err == nil {
		r.maxRSS = vmHWM(status)
	}
	return r
}

// runHostile runs one attack in a child process, as runIn runs it in this
// one, and fails the test when the child's peak resident memory passes
// maxResident.
func runHostile(t *testing.T, env []string, stdin io.Reader, clock string, args ...string) ran {
	t.Helper()
	r := runChild(t, env, child{clock: clock, stdin: stdin}, args...)
	checkResident(t, r.maxRSS, args)
	return r.ran
}

// checkResident fails the test when a run's peak resident memory passes
// maxResident, and logs it either way. The child is never a race binary
// (childBinary), so this holds in every run.
func checkResident(t *testing.T, rss int64, args []string) {
	t.Helper()
	t.Logf("atelier %s: peak resident %s", clipArgs(args), limits.Size(rss))
	if rss <= 0 {
		t.Fatal("no peak resident memory measured")
	}
	if rss > maxResident {
		t.Fatalf("atelier %s: peak resident %s, the limit is %s", clipArgs(args), limits.Size(rss), limits.Size(maxResident))
	}
}

// clipArgs is a command line short enough for a log.
func clipArgs(args []string) string {
	s := strings.Join(args, " ")
	if len(s) > 80 {
		s = s[:77] + "..."
	}
	return fmt.Sprintf("%q", s)
}
