package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"atelier/client/sim/simtest"
	"atelier/cmd/atelier/internal/clitest"
	"atelier/store"
)

// demoRun runs atelier under --demo on the data folder dir, a video task's
// steps paced at 20ms, failing the test unless it exits 0; a minute bounds
// a hang (a task that never ends fails the test).
func demoRun(t *testing.T, dir string, args ...string) result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	bin, err := childBinary()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.CommandContext(ctx, bin, append([]string{"--demo", "--data-dir", dir, "--sim-pace", "20ms"}, args...)...)
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + dir, clitest.ClockEnv + "=real"}
	var out, errs bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errs
	if err := cmd.Run(); err != nil {
		t.Fatalf("atelier %v: %v, stderr %q", args, err, errs.String())
	}
	return result{stdout: out.String(), stderr: errs.String()}
}

// Under --demo, a video task submitted in one process completes and its
// video downloads in the next, with `video wait` and with the TUI's
// poller alike, each video downloaded once.
func TestDemoTaskSurvivesARestart(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	demo := func(args ...string) result {
		t.Helper()
		return demoRun(t, dir, args...)
	}

	// One process submits and ends; the next waits for the task.
	first := strings.TrimSpace(demo("video", "submit", "videoa/q1/text-to-video", "--set", "prompt=a kite over the sea").stdout)
	waited := demo("video", "wait", first)
	path := strings.TrimSpace(waited.stdout)
	simtest.CheckMP4(t, path)

	// Another submits and ends; a fresh app on the same data folder runs
	// the TUI's poller, which finishes it.
	second := strings.TrimSpace(demo("video", "submit", "videoc3.1/fast", "--set", "prompt=a lighthouse at dusk").stdout)
	a := &app{getenv: func(string) string { return "" }}
	a.flags.demo, a.flags.dataDir, a.flags.simPace = true, dir, 20*time.Millisecond
	deps, err := a.tuiDeps(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	c, err := deps.Connect(deps.Settings)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	go deps.Poller.Use(1, c)
	var task *store.VideoTask
	for task == nil || !task.Done {
		select {
		case <-deps.Poller.Events(): // each update of the poller, as the shell drains them
		case <-ctx.Done():
			t.Fatalf("the poller did not finish %s: %+v", second, task)
		}
		if task, err = deps.Store.VideoTask(ctx, second); err != nil {
			t.Fatal(err)
		}
	}
	a.close()
	if task.Failed() || task.Status != "COMPLETED" || task.VideoPath == "" {
		t.Fatalf("the poller ended the task as %+v", task)
	}
	simtest.CheckMP4(t, filepath.Join(dir, "demo", task.VideoPath))

	// The first video is not fetched again: waiting for it once more prints
	// the same file, and each task has the one file.
	if again := strings.TrimSpace(demo("video", "wait", first).stdout); again != path {
		t.Errorf("waiting again printed %q, not %q", again, path)
	}
	var videos []string
	filepath.WalkDir(filepath.Join(dir, "demo"), func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".mp4") {
			videos = append(videos, p)
		}
		return nil
	})
	if len(videos) != 2 {
		t.Errorf("%d video files after two tasks: %v", len(videos), videos)
	}
	list := demo("video", "list").stdout
	if strings.Count(list, "COMPLETED") != 2 || strings.Contains(list, "IN_QUEUE") {
		t.Errorf("video list:\n%s", list)
	}
	// The same list as JSON, for scripts: each task with its saved file.
	var rows []struct {
		RequestID string `json:"request_id"`
		Status    string `json:"status"`
		File      string `json:"file"`
	}
	if err := json.Unmarshal([]byte(demo("video", "list", "--json").stdout), &rows); err != nil || len(rows) != 2 {
		t.Fatalf("video list --json: %d rows, %v", len(rows), err)
	}
	for _, r := range rows {
		if r.Status != "COMPLETED" || !slices.Contains(videos, r.File) {
			t.Errorf("video list --json row %+v: want COMPLETED with one of %v", r, videos)
		}
	}
}
