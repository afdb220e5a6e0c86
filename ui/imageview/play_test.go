package imageview

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// fakePlayers puts executables with these names in a temporary folder and
// returns a LookPath that searches only it, as $PATH would.
func fakePlayers(t *testing.T, names ...string) func(string) (string, error) {
	t.Helper()
	dir := t.TempDir()
	for _, n := range names {
		if err := os.WriteFile(filepath.Join(dir, n), []byte("#!/bin/sh\necho \"$0 $*\" > \"${0%/*}/played\"\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("PATH", dir)
	return exec.LookPath
}

// TestPlayerChain: mpv, ffplay, vlc in that order, then $ATELIER_PLAYER,
// then the system's opener; with none, the error names what to install
// and where the file is.
func TestPlayerChain(t *testing.T) {
	tests := []struct {
		on     []string
		env    string
		want   string // the program run, "" for none
		wantIn []string
	}{
		{[]string{"mpv", "ffplay", "vlc", "xdg-open"}, "", "mpv", []string{"--really-quiet"}},
		{[]string{"ffplay", "vlc", "xdg-open"}, "", "ffplay", []string{"-autoexit"}},
		{[]string{"vlc", "xdg-open"}, "", "vlc", []string{"--play-and-exit"}},
		{[]string{"myplayer", "xdg-open"}, "myplayer --loop", "myplayer", []string{"--loop"}},
		{[]string{"xdg-open"}, "", "xdg-open", nil},
		{nil, "", "", []string{"install mpv", "ATELIER_PLAYER", "clip.mp4"}},
		{nil, "gone", "", []string{"$ATELIER_PLAYER is \"gone\"", "clip.mp4"}},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.on, ",")+"/"+tt.env, func(t *testing.T) {
			look := fakePlayers(t, tt.on...)
			f := Finder{LookPath: look, Getenv: func(k string) string {
				if k == EnvPlayer {
					return tt.env
				}
				return ""
			}, GOOS: "linux"}
			cmd, err := f.PlayCmd("/videos/clip.mp4")
			if tt.want == "" {
				if !errors.Is(err, ErrNoPlayer) {
					t.Fatalf("err %v, want ErrNoPlayer", err)
				}
				for _, w := range tt.wantIn {
					if !strings.Contains(err.Error(), w) {
						t.Errorf("%q lacks %q", err, w)
					}
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if filepath.Base(cmd.Path) != tt.want || cmd.Args[len(cmd.Args)-1] != "/videos/clip.mp4" {
				t.Fatalf("runs %v, want %s on the file", cmd.Args, tt.want)
			}
			for _, w := range tt.wantIn {
				if !strings.Contains(strings.Join(cmd.Args, " "), w) {
					t.Errorf("args %v lack %q", cmd.Args, w)
				}
			}
			// The fake player really runs: it is the program found.
			if err := cmd.Run(); err != nil {
				t.Fatal(err)
			}
			b, _ := os.ReadFile(filepath.Join(filepath.Dir(cmd.Path), "played"))
			if !strings.Contains(string(b), "/videos/clip.mp4") {
				t.Errorf("the player ran with %q", b)
			}
		})
	}
}
