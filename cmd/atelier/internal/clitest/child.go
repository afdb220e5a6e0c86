package clitest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"atelier/internal/childproc"
	"atelier/internal/limits"
)

// The hostile-server suite runs each attack in a child process,
// cmd/atelier's test binary run again as atelier, so that what the attack
// costs is the child's peak resident memory (VmHWM, which it reads from its
// own /proc/self/status as it ends), not a share of the test process's
// heap. The child runs the command line on the clocks the parent names,
// since a fake clock cannot cross a process boundary.

// ClockEnv makes cmd/atelier's test binary run as atelier (see its
// TestMain), on the clocks its value names: "real", "instant" (the
// poller's waits end at once) or "arm:N" (the client's N-th timer fires at
// once).
const ClockEnv = "ATELIER_TEST_AS_ATELIER"

// PeakEnv names the file a child writes its /proc/self/status to as it
// ends, for its peak resident memory (VmHWM).
const PeakEnv = "ATELIER_TEST_STATUS_FILE"

// MaxResident is what no hostile case may cost the command line.
const MaxResident = 150 * limits.MiB

// BuildTestBinary builds the test binary of the package in dir
// (cmd/atelier) without the race detector into a folder of its own, and
// returns its path. A race child runs several times slower and holds
// several times the memory, so its peak resident memory says nothing of
// atelier's; a native one runs at a user's speed and is held to
// MaxResident in every run.
func BuildTestBinary(dir string) (string, error) {
	tmp, err := os.MkdirTemp("", "atelier-child")
	if err != nil {
		return "", err
	}
	bin := filepath.Join(tmp, "atelier.test")
	if err := childproc.BuildWithoutRace(dir, "test", "-c", "-o", bin, "."); err != nil {
		return "", err
	}
	return bin, nil
}

// RemoveTestBinary removes what BuildTestBinary made.
func RemoveTestBinary(bin string) { os.RemoveAll(filepath.Dir(bin)) }

// VmHWM reads the peak resident memory, in bytes, of a /proc status file.
func VmHWM(status []byte) int64 {
	for _, line := range strings.Split(string(status), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return kb * 1024
		}
	}
	return 0
}

// Child is how a test runs atelier in a child process: the binary, the
// clock's name, stdin, and where stdout and stderr go (a terminal, or nil:
// captured).
type Child struct {
	Bin      string
	Clock    string
	Stdin    io.Reader
	Out, Err *os.File
	Terminal bool // stdin is a terminal, made the child's controlling one
}

// Ran is a child's run: what it printed (when captured; stdout keeps its
// first MiB), its exit status and its peak resident memory.
type Ran struct {
	Stdout, Stderr string
	OutBytes       int64 // all of stdout
	Code           int
	MaxRSS         int64 // bytes
}

// HeadWriter keeps the first MiB written to it and counts the rest, so
// that a reply of megabytes costs the test no memory of its own.
type HeadWriter struct {
	Head bytes.Buffer
	N    int64
}

func (w *HeadWriter) Write(p []byte) (int, error) {
	w.N += int64(len(p))
	if room := 1<<20 - w.Head.Len(); room > 0 {
		w.Head.Write(p[:min(room, len(p))])
	}
	return len(p), nil
}

// Run runs atelier with args and env in a child process, bounded by the
// test's deadline.
func Run(t *testing.T, env []string, c Child, args ...string) Ran {
	t.Helper()
	return Start(t, env, c, args...).Wait(t)
}

// Started is a child process under way: the test drives it (a TUI on a
// terminal) and then waits for it.
type Started struct {
	cmd        *exec.Cmd
	ctx        context.Context
	cancel     context.CancelFunc
	Limit      time.Duration // how long the child may run
	args       []string
	statusFile string
	out        HeadWriter
	errb       bytes.Buffer
}

// Start starts atelier with args and env in a child process, bounded by
// the test's deadline; Wait ends it.
func Start(t *testing.T, env []string, c Child, args ...string) *Started {
	t.Helper()
	// The history the child opens starts as the template, as a person's
	// second run finds it: the migrations are store's tests' business.
	SeedHistory(t, env, args)
	s := &Started{args: args, statusFile: filepath.Join(t.TempDir(), "status"), Limit: time.Minute}
	if d, ok := t.Deadline(); ok {
		s.Limit = min(s.Limit, time.Until(d)/2)
	}
	s.ctx, s.cancel = context.WithTimeout(context.Background(), s.Limit)
	cmd := exec.CommandContext(s.ctx, c.Bin, args...)
	cmd.Env = append([]string{"PATH=" + os.Getenv("PATH"), "HOME=" + t.TempDir(), ClockEnv + "=" + c.Clock,
		PeakEnv + "=" + s.statusFile}, env...)
	cmd.Stdin = c.Stdin
	cmd.Stdout, cmd.Stderr = &s.out, &s.errb
	if c.Out != nil {
		cmd.Stdout = c.Out
	}
	if c.Err != nil {
		cmd.Stderr = c.Err
	}
	if c.Terminal {
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

// Wait waits for the child to end and returns its run.
func (s *Started) Wait(t *testing.T) Ran {
	t.Helper()
	defer s.cancel()
	err := s.cmd.Wait()
	if s.ctx.Err() != nil {
		t.Fatalf("atelier %s did not end within %s (stderr %q)", strings.Join(s.args, " "), s.Limit, s.errb.String())
	}
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		t.Fatalf("atelier %s: %v", strings.Join(s.args, " "), err)
	}
	r := Ran{Stdout: s.out.Head.String(), Stderr: s.errb.String(), OutBytes: s.out.N, Code: s.cmd.ProcessState.ExitCode()}
	if status, err := os.ReadFile(s.statusFile); err == nil {
		r.MaxRSS = VmHWM(status)
	}
	return r
}

// CheckResident fails the test when a run's peak resident memory passes
// MaxResident, and logs it either way. The child is never a race binary
// (BuildTestBinary), so this holds in every run.
func CheckResident(t *testing.T, rss int64, args []string) {
	t.Helper()
	t.Logf("atelier %s: peak resident %s", ClipArgs(args), limits.Size(rss))
	if rss <= 0 {
		t.Fatal("no peak resident memory measured")
	}
	if rss > MaxResident {
		t.Fatalf("atelier %s: peak resident %s, the limit is %s", ClipArgs(args), limits.Size(rss), limits.Size(MaxResident))
	}
}

// ClipArgs is a command line short enough for a log.
func ClipArgs(args []string) string {
	s := strings.Join(args, " ")
	if len(s) > 80 {
		s = s[:77] + "..."
	}
	return fmt.Sprintf("%q", s)
}
