//go:build linux

package framebench

import (
	"syscall"
	"time"
	"unsafe"
)

// Thread returns the CPU time of the calling thread, to the nanosecond
// (CLOCK_THREAD_CPUTIME_ID): with the goroutine locked to its thread
// (runtime.LockOSThread), the difference between two readings is the work
// done between them, whatever else the machine is doing.
func Thread() time.Duration {
	const clockThreadCPUTime = 3
	var ts syscall.Timespec
	_, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0)
	if errno != 0 {
		return 0
	}
	return time.Duration(ts.Nano())
}
