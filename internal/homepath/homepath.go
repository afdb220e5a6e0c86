// Package homepath reads and writes paths under the home folder as people
// type and read them: ~/Pictures for /home/ana/Pictures, both ways.
//
// It stands alone, importing only the standard library, because the
// screens (which show paths), the settings (whose folders are written
// with ~) and the code that records results into those folders all need
// it, and none of them should import another for it.
package homepath

import (
	"os"
	"path/filepath"
	"strings"
)

const sep = string(filepath.Separator)

// Expand turns a leading ~ or ~/ into the home folder, as a shell does
// with a path typed by hand. Any other path, or any path when the home
// folder is unknown, comes back as it was (so that opening it fails
// naming the path as typed).
func Expand(p string) string {
	rest, ok := strings.CutPrefix(p, "~"+sep)
	if !ok && sep != "/" {
		rest, ok = strings.CutPrefix(p, "~/")
	}
	if p == "~" {
		rest, ok = "", true
	}
	if !ok {
		return p
	}
	home, err := os.UserHomeDir()
	if err != nil || home == "" {
		return p
	}
	return filepath.Join(home, rest)
}

// Tilde writes a path under the home folder as ~/…, shorter to read and
// as a shell takes it back; other paths come back as they were.
func Tilde(p string) string {
	home, err := os.UserHomeDir()
	if err != nil || home == "" {
		return p
	}
	home = filepath.Clean(home)
	if p == home {
		return "~"
	}
	if rest, ok := strings.CutPrefix(p, strings.TrimSuffix(home, sep)+sep); ok {
		return "~" + sep + rest
	}
	return p
}
