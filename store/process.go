package store

import "os"

// processID names a process across time: its pid and, where the system tells,
// its start time, so that a pid reused by an unrelated process after a crash
// is not taken for the writer that died.
type processID struct {
	pid   int
	start int64 // 0 when unknown
}

// currentProcess identifies this process.
func currentProcess() processID {
	pid := os.Getpid()
	return processID{pid: pid, start: processStart(pid)}
}

// alive reports whether the process that wrote a row is still running. A row
// written by a process of unknown identity (no pid) counts as dead.
func (p processID) alive(self processID) bool {
	if p.pid <= 0 {
		return false
	}
	if p.pid == self.pid {
		return p.start == 0 || self.start == 0 || p.start == self.start
	}
	if !processExists(p.pid) {
		return false
	}
	if p.start == 0 {
		return true
	}
	now := processStart(p.pid)
	return now == 0 || now == p.start
}
