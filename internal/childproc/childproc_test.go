package childproc

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"testing"
)

const (
	waitsEnv   = "ATELIER_CHILDPROC_WAITS"
	returnsEnv = "ATELIER_CHILDPROC_RETURNS"
	failsEnv   = "ATELIER_CHILDPROC_FAILS"
)

func TestMain(m *testing.M) {
	Main(m, map[string]func(string) error{
		waitsEnv: func(v string) error {
			fmt.Println("warming up")
			fmt.Println("ready", v)
			select {} // until killed, or until the parent goes
		},
		returnsEnv: func(string) error { return nil },
		failsEnv:   func(string) error { return errors.New("no disk") },
	})
}

// TestAwaitThenKill: the parent reads past lines that do not scan, gets
// the child's value, and the child dies of the SIGKILL.
func TestAwaitThenKill(t *testing.T) {
	c := Start(t, waitsEnv+"=42")
	var n int
	c.Await("ready %d", &n)
	if n != 42 {
		t.Fatalf("the child said %d, want 42", n)
	}
	c.Kill()
}

// TestAChildNeverPasses: a child that returns, or fails, exits with a code
// that is not 0, and run normally the binary runs no child at all (the
// child's variables are not set in this test).
func TestAChildNeverPasses(t *testing.T) {
	for env, want := range map[string]int{returnsEnv: 2, failsEnv: 1} {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), env+"=x")
		stdin, held, err := os.Pipe() // held open: the parent is still here
		if err != nil {
			t.Fatal(err)
		}
		cmd.Stdin = stdin
		err = cmd.Run()
		stdin.Close()
		held.Close()
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != want {
			t.Errorf("%s: %v, want exit code %d", env, err, want)
		}
	}
	for _, env := range []string{waitsEnv, returnsEnv, failsEnv} {
		if os.Getenv(env) != "" {
			t.Errorf("%s is set in the parent", env)
		}
	}
}

func TestWithoutRaceKeepsTheOtherFlags(t *testing.T) {
	for in, want := range map[string]string{
		"":                                     "",
		"-race":                                "",
		"-race=true -buildvcs=false":           "-buildvcs=false",
		"-count=1  -race -tags=ffmpeg":         "-count=1 -tags=ffmpeg",
		"-buildvcs=false -trimpath -race=true": "-buildvcs=false -trimpath",
	} {
		if got := withoutRace(in); got != want {
			t.Errorf("withoutRace(%q) = %q, want %q", in, got, want)
		}
	}
}
