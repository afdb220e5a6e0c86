//go:build linux

package main

import (
	"atelier/client/sim/simtest"
	"atelier/cmd/atelier/internal/clitest"
	"bytes"
	"context"
	"strings"
	"testing"
)

// On a terminal, a blind comparison asks for the vote after the replies,
// asks again after an answer it cannot read, and takes a ranking's letters.
func TestBlindCompareAsksForTheVoteOnATerminal(t *testing.T) {
	t.Parallel()
	svc := simtest.NewService(t)
	term := clitest.NewTerminal(t)
	// Typed ahead: the terminal holds the lines until the command reads.
	if _, err := term.Master.Write([]byte("q\nbca\n")); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	clitest.SeedHistory(t, svc.Env, nil)
	code := runWith(context.Background(), []string{"compare", "--blind", "-t", "alpha:zq-first", "-t", "beta:xv-second",
		"-t", "gamma:wy-third", "three things"}, stdio{in: term.Tty, out: &out, err: &errb}, clitest.Lookup(svc.Env), clocks{})
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	asks := strings.Count(errb.String(), "Your vote (the letters best first, e.g. ABC; t = tie, x = all bad; Enter to skip): ")
	if asks != 2 || !strings.Contains(errb.String(), `verdict "q"`) {
		t.Errorf("want the question twice with the bad answer named between: %q", errb.String())
	}
	before := beforeVote(t, out.String())
	for _, g := range []string{"alpha", "beta", "gamma", "zq-first", "xv-second", "wy-third"} {
		if strings.Contains(before, g) {
			t.Errorf("%q before the vote", g)
		}
	}
	_, after, _ := strings.Cut(out.String(), "\nVote: ")
	var b, c, a string
	for _, line := range strings.Split(after, "\n") {
		for letter, name := range map[string]*string{"A": &a, "B": &b, "C": &c} {
			if strings.HasPrefix(line, letter+" = ") {
				*name = strings.Fields(strings.TrimPrefix(line, letter+" = "))[0]
			}
		}
	}
	if want := b + " > " + c + " > " + a; !strings.HasPrefix(after, want+"\n") {
		t.Errorf("the ranking bca read as %q, want %q", strings.SplitN(after, "\n", 2)[0], want)
	}
}
