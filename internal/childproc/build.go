package childproc

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
)

// BuildWithoutRace runs the go command with args (a build: `build -o` or
// `test -c -o`) in dir, without the race detector even when GOFLAGS asks
// for it, so that a child runs at a user's speed and its peak memory is
// atelier's, not the detector's.
//
// The builds of every test process on this machine take turns: `go test
// -race ./...` runs packages side by side, and two of them building the
// program without -race on a fresh clone would each compile all its
// dependencies again (the build cache shares a result, not a build under
// way). In turn, the second finds them compiled and only links.
func BuildWithoutRace(dir string, args ...string) error {
	lock, err := os.OpenFile(filepath.Join(os.TempDir(), "atelier-build-without-race.lock"), os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return err
	}
	defer lock.Close() // which lets the lock go
	if err := syscall.Flock(int(lock.Fd()), syscall.LOCK_EX); err != nil {
		return fmt.Errorf("lock for a build: %w", err)
	}
	build := exec.Command("go", args...)
	build.Dir = dir
	build.Env = append(os.Environ(), "GOFLAGS="+withoutRace(os.Getenv("GOFLAGS")))
	if out, err := build.CombinedOutput(); err != nil {
		return fmt.Errorf("go %s (without -race): %v\n%s", strings.Join(args, " "), err, out)
	}
	return nil
}

// withoutRace is GOFLAGS with -race taken out.
func withoutRace(goflags string) string {
	var flags []string
	for _, f := range strings.Fields(goflags) {
		if f != "-race" && f != "-race=true" {
			flags = append(flags, f)
		}
	}
	return strings.Join(flags, " ")
}
