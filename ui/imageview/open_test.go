package imageview

import (
	"errors"
	"os/exec"
	"strings"
	"testing"
)

// TestOpenFailedSaysWhatToDo: a launcher that is not installed, or that
// finds no program for the file, is said in the program's words with what
// to do (issue 30: `exec: "xdg-open": executable file not found in $PATH`);
// other failures stay as they are.
func TestOpenFailedSaysWhatToDo(t *testing.T) {
	missing := &exec.Error{Name: "xdg-open", Err: exec.ErrNotFound}
	if err := openFailed("linux", missing, "videos"); err == nil ||
		err.Error() != "no program to open videos: xdg-open is not installed; install xdg-utils, which provides it" {
		t.Errorf("linux, not installed: %v", err)
	}
	if err := openFailed("darwin", &exec.Error{Name: "open", Err: exec.ErrNotFound}, "images"); err == nil ||
		err.Error() != "no program to open images: open is not on $PATH" {
		t.Errorf("darwin: %v", err)
	}
	other := errors.New("permission denied")
	if err := openFailed("linux", other, "files"); err != other {
		t.Errorf("another failure became %v", err)
	}
	if openFailed("linux", nil, "files") != nil || OpenFailed(nil, "files", "open x") != nil {
		t.Error("no failure became one")
	}
	if err := OpenFailed(other, "files", "open x.png"); err.Error() != "open x.png: permission denied" || !errors.Is(err, other) {
		t.Errorf("another failure: %v", err)
	}
}

// TestOpenFailedOnXdgOpensNoProgram: xdg-open's exit status 3, "a
// required tool could not be found", names what to install.
func TestOpenFailedOnXdgOpensNoProgram(t *testing.T) {
	err := exec.Command("sh", "-c", "exit 3").Run()
	var exit *exec.ExitError
	if !errors.As(err, &exit) {
		t.Fatalf("sh gave %v", err)
	}
	got := openFailed("linux", err, "videos")
	if got == nil || !strings.HasPrefix(got.Error(), "no program to open videos: xdg-open found none") || !strings.Contains(got.Error(), "mpv") {
		t.Errorf("exit 3: %v", got)
	}
	if got := openFailed("linux", exec.Command("sh", "-c", "exit 4").Run(), "videos"); strings.Contains(got.Error(), "no program") {
		t.Errorf("exit 4: %v", got)
	}
}
