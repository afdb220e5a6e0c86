//go:build !unix

package store

import "os"

// processExists reports whether pid names a running process.
func processExists(pid int) bool {
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	p.Release()
	return true
}

// processStart is unknown outside Unix.
func processStart(int) int64 { return 0 }
