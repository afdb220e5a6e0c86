package clitest

import (
	"path/filepath"
	"strings"
	"testing"

	"atelier/store/storetest"
)

// SeedHistory writes the template history (store/storetest) into the data
// folder a run of args under env will open, unless it holds one already:
// creating a history runs every migration, most of a second under -race,
// and these tests are about the command line, not the migrations (which
// store's tests check). The folder is --data-dir, else the last
// ATELIER_HOME in env (the one a child process sees), with --demo's own
// folder inside it; a run with neither is left alone.
func SeedHistory(t *testing.T, env []string, args []string) {
	t.Helper()
	dir := ""
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, "ATELIER_HOME="); ok {
			dir = v
		}
	}
	demo := false
flags:
	for i, a := range args {
		switch {
		case a == "--":
			break flags // the rest are arguments, not flags
		case a == "--demo":
			demo = true
		case a == "--data-dir" && i+1 < len(args):
			dir = args[i+1]
		case strings.HasPrefix(a, "--data-dir="):
			dir = strings.TrimPrefix(a, "--data-dir=")
		}
	}
	if dir == "" {
		return
	}
	if demo {
		dir = filepath.Join(dir, "demo")
	}
	storetest.Seed(t, dir)
}
