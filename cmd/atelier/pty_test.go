//go:build linux

package main

import (
	"atelier/cmd/atelier/internal/clitest"
	"bytes"
	"context"
	"strings"
	"testing"
)

// askOnTerminal runs args against c with a terminal for stdin and stderr,
// the answer typed ahead, and returns the exit code and what the terminal
// showed.
func (c *capture) askOnTerminal(t *testing.T, answer string, args ...string) (int, string) {
	t.Helper()
	term := clitest.NewTerminal(t)
	// Typed ahead: the terminal holds the line until the command reads.
	if _, err := term.Master.Write([]byte(answer)); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"ATELIER_BASE_URL": c.url, "ATELIER_HOME": t.TempDir(), "ATELIER_CONFIG": c.config,
		"ATELIER_QUEUE_KEY": "kq", "ATELIER_GAMMA_KEY": "kg"}
	clitest.SeedHistory(t, []string{"ATELIER_HOME=" + env["ATELIER_HOME"]}, args)
	var out bytes.Buffer
	code := runWith(context.Background(), args, stdio{in: term.Tty, out: &out, err: term.Tty},
		func(k string) string { return env[k] }, clocks{})
	return code, term.Output()
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
