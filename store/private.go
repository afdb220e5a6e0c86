package store

import (
	"errors"
	"os"
	"path/filepath"
)

// makePrivate readies the data directory dir so that only its owner can
// read the history, whatever the umask: the folder and its media folder
// 0700, the database and its WAL and shared-memory files 0600. SQLite
// creates the WAL and SHM files with the database file's mode, so the
// database is created here first, 0600; files and folders of an earlier
// version, made with the umask's modes, are tightened.
func makePrivate(dir string) error {
	if err := os.MkdirAll(filepath.Join(dir, mediaDirName), 0o700); err != nil {
		return err
	}
	for _, d := range []string{dir, filepath.Join(dir, mediaDirName)} {
		if err := os.Chmod(d, 0o700); err != nil {
			return err
		}
	}
	db := filepath.Join(dir, FileName)
	f, err := os.OpenFile(db, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return err
	}
	f.Close()
	for _, p := range []string{db, db + "-wal", db + "-shm"} {
		if err := os.Chmod(p, 0o600); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
	}
	return nil
}
