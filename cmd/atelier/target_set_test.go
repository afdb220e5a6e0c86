package main

import (
	"atelier/cmd/atelier/internal/clitest"
	"path/filepath"
	"strings"
	"testing"
)

// TestTargetSetCommands: a target set saved from the command line is
// listed, run by `compare --target-set` (with a -t more) and by a batch
// file's target_set, and deleted; a set that is not there is named.
func TestTargetSetCommands(t *testing.T) {
	t.Parallel()
	c := newCapture(t)
	run := c.runner(t, t.TempDir())
	if r := run("target-set", "save", "sweep", "-t", "alpha:m1:temperature=0.2", "-t", "alpha:m1:temperature=1"); r.code != 0 ||
		!strings.Contains(r.stderr, `target set "sweep" saved: 2 targets`) {
		t.Fatalf("save: exit %d %q", r.code, r.stderr)
	}
	if r := run("target-set", "list"); r.code != 0 || !strings.Contains(r.stdout, "sweep  alpha:m1:temperature=0.2  alpha:m1:temperature=1") {
		t.Fatalf("list: exit %d %q", r.code, r.stdout)
	}
	r := run("compare", "--target-set", "sweep", "-t", "beta:m2", "--summary", "kites")
	if r.code != 0 || len(c.requests()) != 3 {
		t.Fatalf("compare --target-set: exit %d, %d requests: %s", r.code, len(c.requests()), r.stderr)
	}
	for _, want := range []string{"alpha:m1:temperature=0.2 ", "alpha:m1:temperature=1 ", "beta:m2 "} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("compare --target-set lacks %q:\n%s", want, r.stdout)
		}
	}
	file := filepath.Join(t.TempDir(), "b.toml")
	clitest.WriteFile(t, file, "name = \"b\"\ntarget_set = \"sweep\"\n[[prompts]]\ntext = \"hi\"\n")
	if r := run("batch", "run", file); r.code != 0 || len(c.requests()) != 5 || !strings.Contains(r.stdout, "alpha:m1:temperature=1") {
		t.Fatalf("batch run with a target set: exit %d, %d requests: %s\n%s", r.code, len(c.requests()), r.stderr, r.stdout)
	}
	if r := run("compare", "--target-set", "nope", "x"); r.code != exitUsage || !strings.Contains(r.stderr, `--target-set "nope": no such set`) {
		t.Errorf("an unknown set: exit %d %q", r.code, r.stderr)
	}
	if r := run("target-set", "delete", "sweep"); r.code != 0 {
		t.Fatalf("delete: exit %d %q", r.code, r.stderr)
	}
	if r := run("target-set", "delete", "sweep"); r.code != exitUsage || !strings.Contains(r.stderr, "no such set") {
		t.Errorf("delete again: exit %d %q", r.code, r.stderr)
	}
}
