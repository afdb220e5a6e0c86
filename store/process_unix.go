//go:build unix

package store

import (
	"bytes"
	"errors"
	"os"
	"strconv"
	"syscall"
)

// processExists reports whether pid names a running process (one we may not
// signal still exists). A zombie, dead but not yet waited for by its parent
// (an atelier killed under a parent that reaps late), is not running: its
// rows must be mended like any dead writer's.
func processExists(pid int) bool {
	err := syscall.Kill(pid, 0)
	if err != nil && !errors.Is(err, syscall.EPERM) {
		return false
	}
	state, _, ok := procStat(pid)
	return !ok || state != 'Z' && state != 'X'
}

// processStart returns the process's start time in clock ticks since boot
// from /proc (field 22 of /proc/PID/stat), or 0 where there is no /proc.
func processStart(pid int) int64 {
	_, start, _ := procStat(pid)
	return start
}

// procStat reads a process's state (field 3 of /proc/PID/stat) and start
// time (field 22); ok is false where there is no /proc or no such process.
func procStat(pid int) (state byte, start int64, ok bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, 0, false
	}
	// The command name (field 2) is in parentheses and may hold spaces.
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return 0, 0, false
	}
	fields := bytes.Fields(b[i+1:])
	// fields[0] is field 3 (state), so field 22 is fields[19].
	if len(fields) < 20 || len(fields[0]) != 1 {
		return 0, 0, false
	}
	start, err = strconv.ParseInt(string(fields[19]), 10, 64)
	if err != nil {
		return 0, 0, false
	}
	return fields[0][0], start, true
}
