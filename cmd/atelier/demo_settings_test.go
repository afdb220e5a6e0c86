package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"atelier/client/sim/simtest"
	"atelier/cmd/atelier/internal/clitest"
	"atelier/store"
	"atelier/store/price"
	"atelier/store/storetest"
)

// runDemo runs a command with --demo on the data folder home, in this
// process; ATELIER_CONFIG names a real config.toml the demo must not read.
func runDemo(t *testing.T, home, real string, args ...string) result {
	t.Helper()
	env := map[string]string{"ATELIER_CONFIG": real}
	clitest.SeedHistory(t, nil, append([]string{"--demo", "--data-dir", home}, args...))
	var out, errs strings.Builder
	code := run(context.Background(), append([]string{"--demo", "--data-dir", home}, args...),
		stdio{in: strings.NewReader(""), out: &out, err: &errs}, func(k string) string { return env[k] })
	return result{stdout: out.String(), stderr: errs.String(), code: code}
}

// TestDemoCommandsReadTheDemoSettings: under --demo the command line reads
// the settings the TUI under --demo writes (issue 30, item 6). The TUI's
// Settings tab saves to deps.SettingsPath with store.SaveSettings; what is
// saved there — a default model, prices, a budget — is what `atelier --demo
// chat` and `compare` use, and the real config.toml is read by neither.
func TestDemoCommandsReadTheDemoSettings(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	real := filepath.Join(t.TempDir(), "config.toml")
	if err := os.WriteFile(real, []byte("[models]\nalpha = \"real-model\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	a := &app{getenv: func(k string) string { return map[string]string{"ATELIER_CONFIG": real}[k] }}
	a.flags.demo, a.flags.dataDir = true, home
	deps, err := a.tuiDeps(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if deps.Settings.Models.Alpha != "" {
		t.Fatalf("the demo TUI read the real config.toml: %+v", deps.Settings.Models)
	}
	a.close()

	// Before any setting, the demo's default is the TUI's new
	// conversation's: alpha, demo-alpha, with neither -p nor -m given.
	r := runDemo(t, home, real, "chat", "hello")
	if r.code != 0 || r.stdout != simtest.Printed("hello") {
		t.Fatalf("demo chat with no family or model: exit %d, %q %q", r.code, r.stdout, r.stderr)
	}
	st := storetest.Open(t, filepath.Join(home, "demo"))
	c, err := st.Conversation(context.Background(), 1)
	st.Close()
	if err != nil || c.Family != "alpha" || c.Model != "demo-alpha" {
		t.Fatalf("the demo chat with no -p: %v %+v", err, c)
	}
	cfg := deps.Settings
	cfg.Models.Alpha = "demo-house"
	in, out := 3.0, 15.0
	cfg.Prices = price.Table{"demo-house": {Input: &in, Output: &out}}
	if err := store.SaveSettings(deps.SettingsPath, cfg); err != nil {
		t.Fatal(err)
	}
	r = runDemo(t, home, real, "chat", "-p", "alpha", "--json", "hello")
	if r.code != 0 {
		t.Fatalf("demo chat with a default model: exit %d, %q", r.code, r.stderr)
	}
	if costOf(t, r.stdout) == nil {
		t.Errorf("the demo's prices were not read: %s", r.stdout)
	}
	st = storetest.Open(t, filepath.Join(home, "demo"))
	c, err = st.Conversation(context.Background(), 2)
	st.Close()
	if err != nil || c.Model != "demo-house" {
		t.Fatalf("the demo chat's model: %v %+v", err, c)
	}

	// The video endpoint and image model default the same way.
	cfg.Models.Video, cfg.Models.Image = "videoa/q1/text-to-video", "gamma/image-2"
	if err := store.SaveSettings(deps.SettingsPath, cfg); err != nil {
		t.Fatal(err)
	}
	if r := runDemo(t, home, real, "video", "submit", "--set", "prompt=waves"); r.code != 0 || strings.TrimSpace(r.stdout) == "" {
		t.Fatalf("demo video submit with a default endpoint: exit %d, %q", r.code, r.stderr)
	}
	if r := runDemo(t, home, real, "image", "-o", t.TempDir(), "kites"); r.code != 0 {
		t.Fatalf("demo image with a default model: exit %d, %q", r.code, r.stderr)
	}
	st = storetest.Open(t, filepath.Join(home, "demo"))
	jobs, err := st.ImageJobs(context.Background(), store.ImageQuery{})
	st.Close()
	if err != nil || len(jobs) != 1 || jobs[0].Model != "gamma/image-2" {
		t.Fatalf("the demo image job: %v %+v", err, jobs)
	}

	// A budget the demo's Settings set stops a comparison past it.
	run := 0.001
	cfg.Budget = price.Budget{Run: &run}
	if err := store.SaveSettings(deps.SettingsPath, cfg); err != nil {
		t.Fatal(err)
	}
	r = runDemo(t, home, real, "compare", "-t", "alpha:demo-house", "-t", "beta:demo-beta", "hello")
	if r.code != exitUsage || !strings.Contains(r.stderr, "passes the budget of 0.001 per run") {
		t.Fatalf("demo compare past the demo's budget: exit %d, %q", r.code, r.stderr)
	}
}
