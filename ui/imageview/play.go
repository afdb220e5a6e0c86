package imageview

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"

	"atelier/internal/homepath"
)

// Playing a video: the first player found among mpv, ffplay
// and vlc, then the command in $ATELIER_PLAYER, then the system's opener
// (xdg-open, open). With none, the error names what to install and where
// the file is, so it can still be found.

// EnvPlayer names the player command a person sets: a program and its
// arguments, the file's path appended.
const EnvPlayer = "ATELIER_PLAYER"

// player is a known video player: its program, and the arguments that
// make it play the file once, quietly, then quit.
type player struct {
	name string
	args []string
}

// players are tried in this order.
var players = []player{
	{"mpv", []string{"--really-quiet", "--force-window=yes"}},
	{"ffplay", []string{"-autoexit", "-loglevel", "quiet"}},
	{"vlc", []string{"--play-and-exit", "--quiet"}},
}

// Finder is what choosing a player reads: $PATH and the environment.
type Finder struct {
	LookPath func(string) (string, error) // default exec.LookPath
	Getenv   func(string) string          // default os.Getenv
	GOOS     string                       // default runtime.GOOS
}

// ErrNoPlayer is why a video cannot be played: no player was found.
var ErrNoPlayer = errors.New("no video player found")

// PlayCmd is the command that plays the video at path, by the first
// player found; an error wrapping ErrNoPlayer names what to install.
func (f Finder) PlayCmd(path string) (*exec.Cmd, error) {
	look, getenv, goos := f.LookPath, f.Getenv, f.GOOS
	if look == nil {
		look = exec.LookPath
	}
	if getenv == nil {
		getenv = os.Getenv
	}
	if goos == "" {
		goos = runtime.GOOS
	}
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	for _, p := range players {
		if bin, err := look(p.name); err == nil {
			return exec.Command(bin, append(append([]string(nil), p.args...), path)...), nil
		}
	}
	if fields := strings.Fields(getenv(EnvPlayer)); len(fields) > 0 {
		bin, err := look(fields[0])
		if err != nil {
			return nil, fmt.Errorf("%w: $%s is %q, which is not on $PATH; the video is at %s", ErrNoPlayer, EnvPlayer,
				fields[0], homepath.Tilde(path))
		}
		return exec.Command(bin, append(fields[1:], path)...), nil
	}
	name, args := openArgs(goos, path)
	if goos != "windows" {
		if bin, err := look(name); err == nil {
			return exec.Command(bin, args...), nil
		}
	} else {
		return exec.Command(name, args...), nil
	}
	return nil, fmt.Errorf("%w: install mpv (or ffplay, from ffmpeg, or vlc), or set $%s to a player command; the video is at %s",
		ErrNoPlayer, EnvPlayer, homepath.Tilde(path))
}

// Play plays the video at path in the first player found, started and
// left to run (reaped when it ends), its output kept off the terminal.
func Play(path string) error {
	cmd, err := Finder{}.PlayCmd(path)
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("play %s: %w", homepath.Tilde(path), err)
	}
	go cmd.Wait() //nolint:errcheck // a player's exit status says nothing atelier acts on
	return nil
}
