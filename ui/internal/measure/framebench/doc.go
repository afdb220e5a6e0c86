// Package framebench measures frames for the benchmarks of the screens:
// the wall time and the work of each frame, and their percentiles.
//
// The work is CPU time: on a shared machine the wall clock counts whatever
// else runs, the CPU clock only the work itself. Thread reads the calling
// thread's (with the goroutine locked to it, the work between two
// readings), Process the whole process's, garbage collector included.
package framebench
