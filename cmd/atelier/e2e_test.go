package main

import (
	"bytes"
	"context"
	"image/png"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"atelier/client/sim"
	"atelier/store"
)

// These tests build the atelier binary once and run it as a user would,
// against a simulator served over real HTTP.

var binary string

func TestMain(m *testing.M) {
	if code, ok := runAsAtelier(); ok { // a hostile case's child
		os.Exit(code)
	}
	dir, err := os.MkdirTemp("", "atelier-e2e")
	if err != nil {
		panic(err)
	}
	go childBinary() // under -race, a build of its own, begun now
	binary = filepath.Join(dir, "atelier")
	build := exec.Command("go", "build", "-o", binary, ".")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		panic("build atelier: " + err.Error())
	}
	code := m.Run()
	os.RemoveAll(dir)
	if bin, err := childBinary(); err == nil && bin != os.Args[0] {
		os.RemoveAll(filepath.Dir(bin))
	}
	os.Exit(code)
}

// service is a simulator with known keys that counts the requests it gets.
type service struct {
	url  string
	hits atomic.Int32
	env  []string
}

func newService(t *testing.T) *service {
	t.Helper()
	keys := map[string]string{"alpha": "ka", "beta": "kb", "gamma": "kg", "queue": "kq"}
	s := sim.New(sim.Options{Keys: keys, ValidateVideo: sim.TableRules})
	svc := &service{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		svc.hits.Add(1)
		s.ServeHTTP(w, r)
	}))
	t.Cleanup(func() { srv.Close(); s.Close() })
	svc.url = srv.URL
	svc.env = []string{"ATELIER_BASE_URL=" + srv.URL, "ATELIER_ALPHA_KEY=ka", "ATELIER_BETA_KEY=kb",
		"ATELIER_GAMMA_KEY=kg", "ATELIER_QUEUE_KEY=kq", "ATELIER_HOME=" + t.TempDir()}
	return svc
}

// printed is what `atelier chat` prints for prompt: the simulator's reply,
// ending with a newline.
func printed(prompt string) string {
	s := sim.ReplyText(prompt)
	if !strings.HasSuffix(s, "\n") {
		s += "\n"
	}
	return s
}

type result struct {
	stdout, stderr string
	code           int
}

// atelier runs the binary with args, env and stdin, on a data folder
// seeded with an empty history (seedHistory).
func atelier(t *testing.T, env []string, stdin string, args ...string) result {
	t.Helper()
	seedHistory(t, env, args)
	return runBinary(t, env, stdin, args...)
}

// runBinary runs the binary with args, env and stdin.
func runBinary(t *testing.T, env []string, stdin string, args ...string) result {
	t.Helper()
	cmd := exec.CommandContext(context.Background(), binary, args...)
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
	svc := newService(t)
	for _, fam := range []string{"alpha", "beta", "gamma"} {
		for _, mode := range [][]string{nil, {"--no-stream"}} {
			args := append([]string{"chat", "-p", fam, "-m", "m1"}, mode...)
			r := atelier(t, svc.env, "", append(args, "tell me about kites")...)
			if r.code != 0 || r.stdout != printed("tell me about kites") {
				t.Fatalf("%s %v: exit %d, stderr %q, stdout %q", fam, mode, r.code, r.stderr, r.stdout)
			}
		}
		// The prompt from stdin, and --json for the native reply.
		r := atelier(t, svc.env, "tell me about kites\n", "chat", "-p", fam, "-m", "m1", "--json")
		if r.code != 0 || !strings.HasPrefix(r.stdout, "{") || !strings.Contains(r.stdout, "Notes on") {
			t.Fatalf("%s --json: exit %d %q", fam, r.code, r.stderr)
		}
	}
}

func TestChatCommandFailures(t *testing.T) {
	t.Parallel()
	svc := newService(t)
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
			before := svc.hits.Load()
			env := append(append([]string{}, svc.env...), tt.env...)
			r := atelier(t, env, "", append([]string{"chat", "-m", "m1"}, tt.args...)...)
			if r.code != tt.code || !strings.Contains(r.stderr, tt.stderr) {
				t.Fatalf("exit %d (want %d), stderr %q (want %q)", r.code, tt.code, r.stderr, tt.stderr)
			}
			if n := strings.Count(strings.TrimSpace(r.stderr), "\n"); n > 0 {
				t.Errorf("error is not one line: %q", r.stderr)
			}
			if tt.noTraffic && svc.hits.Load() != before {
				t.Errorf("%d requests sent for a usage error", svc.hits.Load()-before)
			}
			if strings.Contains(r.stderr, "nope") && tt.name == "wrong key" {
				t.Errorf("key echoed: %q", r.stderr)
			}
		})
	}
}

func TestChatCommandPartialTextKept(t *testing.T) {
	t.Parallel()
	svc := newService(t)
	r := atelier(t, svc.env, "", "chat", "-p", "alpha", "-m", "m1", "hi [[long]] [[fault:cut]]")
	if r.code != 1 || len(r.stdout) < 100 {
		t.Fatalf("exit %d, %d bytes of partial text", r.code, len(r.stdout))
	}
}

func TestImageCommand(t *testing.T) {
	t.Parallel()
	svc := newService(t)
	dir := t.TempDir()
	r := atelier(t, svc.env, "", "image", "-m", "gamma/image-2", "--size", "256x256", "-n", "2", "-o", dir, "a red fox")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	paths := strings.Fields(r.stdout)
	if len(paths) != 2 {
		t.Fatalf("paths %q", r.stdout)
	}
	for _, p := range paths {
		checkPNG(t, p, 256, 256)
	}
	for _, extra := range [][]string{nil, {"--multipart"}, {"--stream", "--partial-images", "2"}} {
		args := append([]string{"image", "-m", "gamma/image-2.5-flare", "--size", "256x256", "-o", dir, "--edit", paths[0]}, extra...)
		r := atelier(t, svc.env, "", append(args, "make it blue")...)
		if r.code != 0 {
			t.Fatalf("edit %v: exit %d: %s", extra, r.code, r.stderr)
		}
		checkPNG(t, strings.TrimSpace(r.stdout), 256, 256)
	}
	r = atelier(t, svc.env, "", "image", "-m", "gamma/image-2", "--output-compression", "50", "x")
	if r.code != 2 || !strings.Contains(r.stderr, "output_compression") {
		t.Fatalf("compression with png: exit %d %q", r.code, r.stderr)
	}
}

func checkPNG(t *testing.T, path string, w, h int) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(b))
	if err != nil || cfg.Width != w || cfg.Height != h {
		t.Fatalf("%s: %dx%d, %v", path, cfg.Width, cfg.Height, err)
	}
}

// TestDemoNeedsNothing: on an empty data folder (not seeded: this run
// makes its history from nothing) the demo answers and records the reply.
func TestDemoNeedsNothing(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	r := runBinary(t, []string{"ATELIER_HOME=" + home}, "", "--demo", "chat", "-p", "alpha", "-m", "demo", "hello")
	if r.code != 0 || r.stdout != printed("hello") {
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
