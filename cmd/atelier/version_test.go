package main

import (
	"runtime"
	"runtime/debug"
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
