//go:build unix

package store

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestStoreFilesArePrivate holds the history to its owner whatever the
// umask: a permissive one (0) for a new store, and the files of a store an
// earlier version left readable to all.
func TestStoreFilesArePrivate(t *testing.T) {
	old := syscall.Umask(0)
	defer syscall.Umask(old)
	check := func(dir string) {
		t.Helper()
		s := must[*Store](t)(Open(dir))
		newChat(t, s, "a private prompt") // writes, so the WAL and SHM files exist
		for _, p := range []string{FileName, FileName + "-wal", FileName + "-shm"} {
			if mode := stat(t, filepath.Join(dir, p)); mode != 0o600 {
				t.Errorf("%s is %o, want 600", p, mode)
			}
		}
		for _, d := range []string{dir, filepath.Join(dir, mediaDirName)} {
			if mode := stat(t, d); mode != 0o700 {
				t.Errorf("%s is %o, want 700", d, mode)
			}
		}
		s.Close()
	}
	check(filepath.Join(t.TempDir(), "new"))

	dir := filepath.Join(t.TempDir(), "old")
	os.MkdirAll(filepath.Join(dir, mediaDirName), 0o755)
	for _, p := range []string{FileName, FileName + "-wal", FileName + "-shm"} {
		os.WriteFile(filepath.Join(dir, p), nil, 0o644)
	}
	os.Chmod(dir, 0o755)
	check(dir)
}

func stat(t *testing.T, p string) os.FileMode {
	t.Helper()
	fi, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Mode().Perm()
}
