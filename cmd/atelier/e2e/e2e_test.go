// Package e2e runs the atelier binary as a person does, in a process of its
// own against the simulator over real HTTP: commands in sequence on one data
// folder, what they print, exit and leave behind. The command line's tests
// that need its insides (clocks, hostile servers, a pty) are cmd/atelier's.
package e2e

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"atelier/batch"
	"atelier/client/sim/simtest"
	"atelier/internal/childproc"
	"atelier/store"
)

var binary string

// TestMain builds atelier once, without the race detector even when these
// tests run under it: the binary is the program a person runs.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "atelier-e2e")
	if err != nil {
		panic(err)
	}
	binary = filepath.Join(dir, "atelier")
	// Built as a person builds it, without -race, taking turns with
	// cmd/atelier's build of its children (childproc.BuildWithoutRace).
	if err := childproc.BuildWithoutRace(".", "build", "-o", binary, "atelier/cmd/atelier"); err != nil {
		panic("build atelier: " + err.Error())
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

type result struct {
	stdout, stderr string
	code           int
}

// atelier runs the binary with args, env and stdin.
func atelier(t *testing.T, env []string, stdin string, args ...string) result {
	t.Helper()
	cmd := exec.CommandContext(t.Context(), binary, args...)
	cmd.Env = append([]string{"PATH=" + os.Getenv("PATH"), "HOME=" + t.TempDir()}, env...)
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return result{out.String(), errb.String(), code}
}

func TestChatCommand(t *testing.T) {
	t.Parallel()
	svc := simtest.NewService(t)
	for _, fam := range []string{"alpha", "beta", "gamma"} {
		for _, mode := range [][]string{nil, {"--no-stream"}} {
			args := append([]string{"chat", "-p", fam, "-m", "m1"}, mode...)
			r := atelier(t, svc.Env, "", append(args, "tell me about kites")...)
			if r.code != 0 || r.stdout != simtest.Printed("tell me about kites") {
				t.Fatalf("%s %v: exit %d, stderr %q, stdout %q", fam, mode, r.code, r.stderr, r.stdout)
			}
		}
		// The prompt from stdin, and --json for the native reply.
		r := atelier(t, svc.Env, "tell me about kites\n", "chat", "-p", fam, "-m", "m1", "--json")
		if r.code != 0 || !strings.HasPrefix(r.stdout, "{") || !strings.Contains(r.stdout, "Notes on") {
			t.Fatalf("%s --json: exit %d %q", fam, r.code, r.stderr)
		}
	}
}

func TestChatCommandFailures(t *testing.T) {
	t.Parallel()
	svc := simtest.NewService(t)
	tests := []struct {
		name      string
		env       []string
		args      []string
		code      int
		stderr    string
		noTraffic bool
	}{
		{"wrong key", []string{"ATELIER_ALPHA_KEY=nope"}, []string{"-p", "alpha", "hi"}, 1, "401", false},
		{"429 then success", nil, []string{"-p", "beta", "hi [[fault:429x1]]"}, 0, "", false},
		{"persistent 500", nil, []string{"-p", "gamma", "hi [[fault:500]]"}, 1, "500", false},
		{"stream cut", nil, []string{"-p", "alpha", "hi [[long]] [[fault:cut]]"}, 1, "stream cut", false},
		{"validation", nil, []string{"-p", "alpha", "--thinking-budget", "10", "hi"}, 2, "thinking.budget_tokens", true},
		{"bad family", nil, []string{"-p", "delta", "hi"}, 2, "--protocol", true},
		{"unknown flag", nil, []string{"-p", "alpha", "--nope", "hi"}, 2, "unknown flag", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := svc.Hits.Load()
			env := append(append([]string{}, svc.Env...), tt.env...)
			r := atelier(t, env, "", append([]string{"chat", "-m", "m1"}, tt.args...)...)
			if r.code != tt.code || !strings.Contains(r.stderr, tt.stderr) {
				t.Fatalf("exit %d (want %d), stderr %q (want %q)", r.code, tt.code, r.stderr, tt.stderr)
			}
			if n := strings.Count(strings.TrimSpace(r.stderr), "\n"); n > 0 {
				t.Errorf("error is not one line: %q", r.stderr)
			}
			if tt.noTraffic && svc.Hits.Load() != before {
				t.Errorf("%d requests sent for a usage error", svc.Hits.Load()-before)
			}
			if strings.Contains(r.stderr, "nope") && tt.name == "wrong key" {
				t.Errorf("key echoed: %q", r.stderr)
			}
		})
	}
}

func TestChatCommandPartialTextKept(t *testing.T) {
	t.Parallel()
	svc := simtest.NewService(t)
	r := atelier(t, svc.Env, "", "chat", "-p", "alpha", "-m", "m1", "hi [[long]] [[fault:cut]]")
	if r.code != 1 || len(r.stdout) < 100 {
		t.Fatalf("exit %d, %d bytes of partial text", r.code, len(r.stdout))
	}
}

func TestImageCommand(t *testing.T) {
	t.Parallel()
	svc := simtest.NewService(t)
	dir := t.TempDir()
	r := atelier(t, svc.Env, "", "image", "-m", "gamma/image-2", "--size", "256x256", "-n", "2", "-o", dir, "a red fox")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	paths := strings.Fields(r.stdout)
	if len(paths) != 2 {
		t.Fatalf("paths %q", r.stdout)
	}
	for _, p := range paths {
		simtest.CheckPNG(t, p, 256, 256)
	}
	for _, extra := range [][]string{nil, {"--multipart"}, {"--stream", "--partial-images", "2"}} {
		args := append([]string{"image", "-m", "gamma/image-2.5-flare", "--size", "256x256", "-o", dir, "--edit", paths[0]}, extra...)
		r := atelier(t, svc.Env, "", append(args, "make it blue")...)
		if r.code != 0 {
			t.Fatalf("edit %v: exit %d: %s", extra, r.code, r.stderr)
		}
		simtest.CheckPNG(t, strings.TrimSpace(r.stdout), 256, 256)
	}
	r = atelier(t, svc.Env, "", "image", "-m", "gamma/image-2", "--output-compression", "50", "x")
	if r.code != 2 || !strings.Contains(r.stderr, "output_compression") {
		t.Fatalf("compression with png: exit %d %q", r.code, r.stderr)
	}
}

// TestDemoNeedsNothing: on an empty data folder (not seeded: this run
// makes its history from nothing) the demo answers and records the reply.
func TestDemoNeedsNothing(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	r := atelier(t, []string{"ATELIER_HOME=" + home}, "", "--demo", "chat", "-p", "alpha", "-m", "demo", "hello")
	if r.code != 0 || r.stdout != simtest.Printed("hello") {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	if _, err := os.Stat(filepath.Join(home, "demo", store.FileName)); err != nil {
		t.Fatalf("no history made: %v", err)
	}
}

func TestNoServiceConfigured(t *testing.T) {
	t.Parallel()
	r := atelier(t, nil, "", "chat", "-p", "alpha", "-m", "m", "hi")
	if r.code != 2 || !strings.Contains(r.stderr, "--demo") {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
}

// batchOut is what `atelier batch show --json` prints, as a reader of it
// sees it.
type batchOut struct {
	ID                  int64
	Name, Status        string
	Cells, Done, Failed int
	Summary             []batch.TargetSummary
	Repeats             []batch.Repeats
	Files               []struct {
		Cell         int
		Status, File string
	}
}

// laneOut is one target's result as `atelier compare --json` prints it.
type laneOut struct {
	Target, Text, Error string
	Stop                string `json:"stop_reason"`
	Output              int    `json:"output_tokens"`
}

// writeFile writes s to path, failing the test when it cannot.
func writeFile(t *testing.T, path, s string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}
