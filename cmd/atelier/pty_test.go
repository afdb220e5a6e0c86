//go:build linux

package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"testing"

	"golang.org/x/sys/unix"
)

// terminal is a pseudo-terminal: a command writes to tty as to a user's
// terminal, and the test reads what arrived.
type terminal struct {
	tty    *os.File
	master *os.File // what a person types goes in here
	mu     sync.Mutex
	grew   *sync.Cond // on mu: broadcast when got grows or the terminal ends
	got    bytes.Buffer
	end    chan struct{}
}

func newTerminal(t *testing.T) *terminal {
	t.Helper()
	master, err := os.OpenFile("/dev/ptmx", os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := unix.IoctlSetPointerInt(int(master.Fd()), unix.TIOCSPTLCK, 0); err != nil {
		t.Fatal(err)
	}
	n, err := unix.IoctlGetInt(int(master.Fd()), unix.TIOCGPTN)
	if err != nil {
		t.Fatal(err)
	}
	tty, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Fatal(err)
	}
	// Raw output: the terminal passes bytes through (no \n → \r\n).
	if tio, err := unix.IoctlGetTermios(int(tty.Fd()), unix.TCGETS); err == nil {
		tio.Oflag &^= unix.OPOST
		unix.IoctlSetTermios(int(tty.Fd()), unix.TCSETS, tio)
	}
	term := &terminal{tty: tty, master: master, end: make(chan struct{})}
	term.grew = sync.NewCond(&term.mu)
	go func() {
		defer close(term.end)
		buf := make([]byte, 32<<10)
		for {
			n, err := master.Read(buf)
			term.mu.Lock()
			term.got.Write(buf[:n])
			term.grew.Broadcast()
			term.mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	t.Cleanup(func() { tty.Close(); master.Close() })
	return term
}

// output closes the terminal and returns everything written to it.
func (term *terminal) output() string {
	term.tty.Close()
	<-term.end
	term.mu.Lock()
	defer term.mu.Unlock()
	return term.got.String()
}

var _ io.Writer = (*os.File)(nil)

// askOnTerminal runs args against c with a terminal for stdin and stderr,
// the answer typed ahead, and returns the exit code and what the terminal
// showed.
func (c *capture) askOnTerminal(t *testing.T, answer string, args ...string) (int, string) {
	t.Helper()
	term := newTerminal(t)
	// Typed ahead: the terminal holds the line until the command reads.
	if _, err := term.master.Write([]byte(answer)); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"ATELIER_BASE_URL": c.url, "ATELIER_HOME": t.TempDir(), "ATELIER_CONFIG": c.config,
		"ATELIER_QUEUE_KEY": "kq", "ATELIER_GAMMA_KEY": "kg"}
	seedHistory(t, []string{"ATELIER_HOME=" + env["ATELIER_HOME"]}, args)
	var out bytes.Buffer
	code := runWith(context.Background(), args, stdio{in: term.tty, out: &out, err: term.tty},
		func(k string) string { return env[k] }, clocks{})
	return code, term.output()
}

// On a terminal, a run past the [budget] asks; n sends nothing and exits
// 2, y sends it (the simulator's count of requests proves both).
func TestBudgetGuardAsksOnATerminal(t *testing.T) {
	t.Parallel()
	c := pricedCapture(t, "\n[budget]\nrun = 0.05\n")
	for _, args := range [][]string{
		{"video", "submit", "videoa/q1/text-to-video", "--set", "prompt=waves", "--set", "duration=5"},
		{"image", "-m", "gamma/image-2", "-n", "3", "-o", t.TempDir(), "kites"},
	} {
		before := len(c.requests())
		code, shown := c.askOnTerminal(t, "n\n", args...)
		if code != 2 || len(c.requests()) != before {
			t.Fatalf("%s, answered n: exit %d, %d requests sent; the terminal showed %q", args[0], code, len(c.requests())-before, shown)
		}
		for _, want := range []string{"passes the budget of 0.05 per run", "Run it anyway? [y/N] ", "not run; nothing was sent"} {
			if !strings.Contains(shown, want) {
				t.Errorf("%s: the terminal showed %q, without %q", args[0], shown, want)
			}
		}
		code, shown = c.askOnTerminal(t, "y\n", args...)
		if code != 0 || len(c.requests()) == before {
			t.Fatalf("%s, answered y: exit %d, nothing sent; the terminal showed %q", args[0], code, shown)
		}
		if !strings.Contains(shown, "Run it anyway? [y/N] ") {
			t.Errorf("%s: sent without asking: %q", args[0], shown)
		}
	}
}
