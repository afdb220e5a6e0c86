package main

import (
	"os/exec"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
)

func TestVersionLine(t *testing.T) {
	t.Parallel()
	rev := []debug.BuildSetting{{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: "2990877a1b2c3d4e5f60718293a4b5c6d7e8f901"},
		{Key: "vcs.time", Value: "2026-05-01T10:00:00Z"}, {Key: "vcs.modified", Value: "true"}}
	tail := ", " + runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH
	tests := []struct {
		name string
		info *debug.BuildInfo
		ok   bool
		want string
	}{
		{"a tagged module", &debug.BuildInfo{Main: debug.Module{Path: "atelier", Version: "v0.2.0"}, Settings: rev}, true,
			"atelier " + "0.1.0, build v0.2.0" + tail},
		{"a checkout", &debug.BuildInfo{Main: debug.Module{Path: "atelier", Version: "(devel)"}, Settings: rev}, true,
			"atelier 0.1.0, build git 2990877a1b2c (2026-05-01T10:00:00Z, modified)" + tail},
		{"a clean checkout", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: rev[:3]}, true,
			"atelier 0.1.0, build git 2990877a1b2c (2026-05-01T10:00:00Z)" + tail},
		{"built without VCS stamping", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, true,
			"atelier 0.1.0, build (devel), no VCS revision" + tail},
		{"no build info", nil, false, "atelier 0.1.0, build unknown (no build info)" + tail},
	}
	for _, tt := range tests {
		if got := versionLine(tt.info, tt.ok); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}

// atelier --version tells the build the binary's own build info records,
// as go version -m reads it.
func TestVersionFlag(t *testing.T) {
	t.Parallel()
	r := atelier(t, nil, "", "--version")
	if r.code != 0 || !strings.HasPrefix(r.stdout, "atelier 0.1.0, build ") || strings.Count(r.stdout, "\n") != 1 {
		t.Fatalf("exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	out, err := exec.Command("go", "version", "-m", binary).Output()
	if err != nil {
		t.Fatal(err)
	}
	want := "(devel), no VCS revision"
	for _, line := range strings.Split(string(out), "\n") {
		if rev, ok := strings.CutPrefix(strings.TrimSpace(line), "build\tvcs.revision="); ok {
			want = rev[:12]
		}
	}
	if !strings.Contains(r.stdout, want) {
		t.Fatalf("--version says %q; the build info (go version -m) says %s", r.stdout, want)
	}
}
