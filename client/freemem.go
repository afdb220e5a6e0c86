package client

import (
	"runtime/debug"
	"sync"
	"time"
)

// freeBefore hands the heap's garbage back to the system before a copy of
// n bytes is made, when n is many megabytes: an image event's base64 is
// read, joined, decoded and re-encoded in turn, each step's input garbage
// as the next is made, and the collector, left to itself, would let them
// add up to several times the image in resident memory (issue 32: a 30 MiB
// image peaked at 247 MB in the TUI). A full collection costs milliseconds
// against the seconds such an event takes to arrive; it is done at most
// once per freeEvery, so that many streams at once (a test suite's) do not
// spend their time collecting.
func freeBefore(n int) {
	if n < freeAbove {
		return
	}
	freed.Lock()
	due := time.Since(freed.last) >= freeEvery
	if due {
		freed.last = time.Now()
	}
	freed.Unlock()
	if due {
		debug.FreeOSMemory()
	}
}

// freeAbove is the copy from which freeBefore collects first, and
// freeEvery how often at most.
const (
	freeAbove = 8 << 20
	freeEvery = time.Second
)

// freed is when freeBefore last collected.
var freed struct {
	sync.Mutex
	last time.Time
}
