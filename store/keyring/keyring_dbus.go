//go:build linux || freebsd || netbsd || openbsd || dragonfly

package keyring

import (
	"os"
	"path/filepath"
	"strconv"
)

// keyringPrecheck fails fast, with what to do, when there is no D-Bus
// session bus at all. Without it go-keyring's D-Bus library would try to
// start a bus of its own with dbus-launch, which needs X11 and leaves a
// stray daemon behind when it works.
func keyringPrecheck() error {
	if a := os.Getenv("DBUS_SESSION_BUS_ADDRESS"); a != "" && a != "autolaunch:" {
		return nil
	}
	runtime := os.Getenv("XDG_RUNTIME_DIR")
	if runtime == "" {
		runtime = "/run/user/" + strconv.Itoa(os.Getuid())
	}
	for _, name := range []string{"bus", "dbus-session"} { // where the D-Bus library looks too
		if _, err := os.Stat(filepath.Join(runtime, name)); err == nil {
			return nil
		}
	}
	return &KeyringError{Reason: "no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is not set): run atelier inside a desktop session, or under dbus-run-session with a Secret Service such as gnome-keyring-daemon or KeePassXC"}
}
