//go:build unix

package markdown

import (
	"runtime"
	"syscall"
	"time"
)

// cpuTime returns the CPU time this process has used, all threads (the
// garbage collector's included). On a shared machine it varies much less
// than the wall clock.
func cpuTime() time.Duration { return rusage(syscall.RUSAGE_SELF) }

// threadCPU returns the CPU time of the calling thread, where the platform
// tells it (Linux), else of the process: with the goroutine locked to its
// thread, the work of one frame, whatever else the machine is doing.
func threadCPU() time.Duration {
	if runtime.GOOS == "linux" {
		return rusage(1) // RUSAGE_THREAD
	}
	return cpuTime()
}

func rusage(who int) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(who, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
