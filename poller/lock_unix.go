//go:build unix

package poller

import (
	"errors"
	"os"
	"syscall"
)

// lockFile takes an exclusive lock on the file at path, creating it,
// without waiting: errBusy when another poller (of this process or
// another) holds it. The system drops the lock when its holder ends,
// however it ends, so a killed poller leaves no stale lock.
func lockFile(path string) (release func(), err error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, errBusy
		}
		return nil, err
	}
	return func() { f.Close() }, nil
}
