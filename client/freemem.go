package client

import (
	"runtime/debug"
	"runtime/metrics"
	"sync"
)

// freeBefore hands the heap's garbage back to the system before a copy of
// n bytes is made, when n is many megabytes: an image event's base64 is
// read, joined, decoded and re-encoded in turn, each step's input garbage
// as the next is made, and the collector, left to itself, would let them
// add up to several times the image in resident memory (a 30 MiB
// image peaked at 247 MB in the TUI). A full collection costs milliseconds
// against the seconds such an event takes to arrive. It is done only when
// at least n bytes were allocated since the last one it did: less could
// not be the garbage of a copy as large, so many streams at once (a test
// suite's) do not spend their time collecting; but it is never skipped for
// time alone, as when it was done at most once a second and a stream that
// ended within that second kept the event it came in beside the reply
// made from it (166 MiB instead of 128 under load).
func freeBefore(n int) {
	if n < freeAbove {
		return
	}
	freed.Lock()
	defer freed.Unlock()
	if allocated()-freed.at < uint64(n) {
		return
	}
	debug.FreeOSMemory()
	freed.at = allocated()
}

// freeAbove is the copy from which freeBefore collects first.
const freeAbove = 8 << 20

// freed is how many bytes had been allocated when freeBefore last
// collected.
var freed struct {
	sync.Mutex
	at uint64
}

// allocated is how many bytes the heap has allocated since the program
// began.
func allocated() uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/allocs:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}
