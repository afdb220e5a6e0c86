package imageview

import (
	"os/exec"
	"path/filepath"
	"runtime"
)

// OpenCmd returns the command that opens path in the system's image viewer:
// open on macOS, the URL handler through rundll32 on Windows, xdg-open
// elsewhere. The caller runs it from a tea.Cmd with Start (these launchers
// return at once and need no terminal; tea.ExecProcess would blank the
// screen for nothing). The path is made absolute so a name starting with
// "-" cannot pass for an option.
func OpenCmd(path string) *exec.Cmd {
	name, args := openArgs(runtime.GOOS, path)
	return exec.Command(name, args...)
}

func openArgs(goos, path string) (string, []string) {
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	switch goos {
	case "darwin":
		return "open", []string{path}
	case "windows":
		return "rundll32", []string{"url.dll,FileProtocolHandler", path}
	default:
		return "xdg-open", []string{path}
	}
}
