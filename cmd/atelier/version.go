package main

import (
	"runtime"
	"runtime/debug"
	"strings"

	"atelier/client"
)

// versionLine is what atelier --version prints: atelier's version, then
// the build it is, from the binary's build info as Go tools tell it: the
// module version when it was built from a tagged module, else the VCS
// revision it was built at (with its time, and "modified" for a tree with
// uncommitted changes), then the Go version and platform.
func versionLine(info *debug.BuildInfo, ok bool) string {
	line := "atelier " + client.Version + ", build " + buildOf(info, ok)
	return line + ", " + runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH
}

// buildOf names the build: a module version, a revision, or "unknown".
func buildOf(info *debug.BuildInfo, ok bool) string {
	if !ok || info == nil {
		return "unknown (no build info)"
	}
	if v := info.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	settings := map[string]string{}
	for _, s := range info.Settings {
		settings[s.Key] = s.Value
	}
	rev := settings["vcs.revision"]
	if rev == "" {
		return "(devel), no VCS revision"
	}
	var notes []string
	if t := settings["vcs.time"]; t != "" {
		notes = append(notes, t)
	}
	if settings["vcs.modified"] == "true" {
		notes = append(notes, "modified")
	}
	b := settings["vcs"] + " " + rev[:min(len(rev), 12)]
	if len(notes) > 0 {
		b += " (" + strings.Join(notes, ", ") + ")"
	}
	return strings.TrimSpace(b)
}
