// Package editortest stands in for the person's editor in tests of what
// opens it: a shell script does the editing, run in place of Bubble Tea's
// exec, so a test goes from the key press to the edited text with no
// terminal and no waiting.
package editortest

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// Script writes an editor: a shell script that runs body with the file to
// edit as $f, and returns its path, for $EDITOR. Its folder is also the
// temporary folder ($TMPDIR) for the rest of the test, so that Leftovers
// can see what a launcher left.
func Script(t testing.TB, body string) string {
	t.Helper()
	dir := t.TempDir()
	t.Setenv("TMPDIR", dir)
	path := filepath.Join(dir, "fake-editor")
	if err := os.WriteFile(path, []byte("#!/bin/sh\nfor f; do :; done\n"+body+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// InPlace runs the editor at once, as tea.ExecProcess does once the
// program has let go of the terminal: a launcher's Exec in tests.
func InPlace(c *exec.Cmd, fn tea.ExecCallback) tea.Cmd {
	return func() tea.Msg { return fn(c.Run()) }
}

// Leftovers are the launchers' temporary files left beside script.
func Leftovers(script string) []string {
	left, _ := filepath.Glob(filepath.Join(filepath.Dir(script), "atelier-*"))
	return left
}
