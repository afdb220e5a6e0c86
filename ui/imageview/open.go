package imageview

import (
	"errors"
	"fmt"
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

// OpenFailed is err, from running OpenCmd to open one of what ("videos",
// "images", "files"), in the program's words with what to do:
// the launcher not installed, or finding no program for the file
// (xdg-open's exit status 3). Any other failure is err after doing
// ("open the video: …"); nil stays nil.
func OpenFailed(err error, what, doing string) error {
	if err == nil {
		return nil
	}
	if e := openFailed(runtime.GOOS, err, what); e != err {
		return e
	}
	return fmt.Errorf("%s: %w", doing, err)
}

func openFailed(goos string, err error, what string) error {
	launcher, _ := openArgs(goos, ".")
	var exit *exec.ExitError
	switch {
	case err == nil:
		return nil
	case errors.Is(err, exec.ErrNotFound) && launcher == "xdg-open":
		return fmt.Errorf("no program to open %s: xdg-open is not installed; install xdg-utils, which provides it", what)
	case errors.Is(err, exec.ErrNotFound):
		return fmt.Errorf("no program to open %s: %s is not on $PATH", what, launcher)
	case errors.As(err, &exit) && launcher == "xdg-open" && exit.ExitCode() == 3:
		return fmt.Errorf("no program to open %s: xdg-open found none for this file; install one (a video player such as mpv, an image viewer) or set the default with xdg-mime", what)
	}
	return err
}
