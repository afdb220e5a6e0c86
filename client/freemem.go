package client

import "runtime/debug"

// freeBefore hands the heap's garbage back to the system before a copy of
// n bytes is made, when n is many megabytes: an image event's base64 is
// read, joined, decoded and re-encoded in turn, each step's input garbage
// as the next is made, and the collector, left to itself, would let them
// add up to several times the image in resident memory (issue 32: a 30 MiB
// image peaked at 247 MB in the TUI). A full collection costs milliseconds
// against the seconds such an event takes to arrive.
func freeBefore(n int) {
	if n >= freeAbove {
		debug.FreeOSMemory()
	}
}

// freeAbove is the copy from which freeBefore collects first.
const freeAbove = 8 << 20
