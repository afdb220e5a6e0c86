package homepath

import (
	"path/filepath"
	"testing"
)

func TestExpand(t *testing.T) {
	t.Setenv("HOME", "/home/ana")
	for in, want := range map[string]string{
		"~/Pictures/atelier": "/home/ana/Pictures/atelier",
		"~":                  "/home/ana",
		"~/":                 "/home/ana",
		"/abs/~/x":           "/abs/~/x",
		"rel/x":              "rel/x",
		"~bob/x":             "~bob/x", // another person's home is not guessed at
		"":                   "",
	} {
		if got := Expand(in); got != want {
			t.Errorf("Expand(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestTilde(t *testing.T) {
	t.Setenv("HOME", "/home/ana/")
	for in, want := range map[string]string{
		"/home/ana/Pictures/a.png": "~/Pictures/a.png",
		"/home/ana":                "~",
		"/home/anabel/x":           "/home/anabel/x", // a prefix of the name is not the folder
		"/tmp/x":                   "/tmp/x",
		"rel/x":                    "rel/x",
	} {
		if got := Tilde(in); got != want {
			t.Errorf("Tilde(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestRoundTrip(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	p := filepath.Join(home, "Videos", "clip.mp4")
	if got := Expand(Tilde(p)); got != p {
		t.Errorf("Expand(Tilde(%q)) = %q", p, got)
	}
}

// TestNoHome: with no home folder known, paths are left as they are.
func TestNoHome(t *testing.T) {
	t.Setenv("HOME", "")
	if got := Expand("~/x"); got != "~/x" {
		t.Errorf("Expand = %q", got)
	}
	if got := Tilde("/home/ana/x"); got != "/home/ana/x" {
		t.Errorf("Tilde = %q", got)
	}
}
