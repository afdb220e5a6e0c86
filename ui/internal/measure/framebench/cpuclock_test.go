package framebench

import (
	"runtime"
	"testing"
	"time"
)

// TestClocksCountWork: a fixed piece of work moves both clocks forward,
// and the thread's clock by no more than the process's (which holds it),
// give or take the process clock's coarser tick.
func TestClocksCountWork(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	th0, p0 := Thread(), Process()
	x := uint64(1)
	for range 50_000_000 {
		x = x*6364136223846793005 + 1442695040888963407
	}
	th, p := Thread()-th0, Process()-p0
	if runtime.GOOS != "linux" {
		if Thread() != 0 {
			t.Fatal("the thread clock is read on Linux only, and is 0 elsewhere")
		}
		return
	}
	if th <= 0 || p <= 0 {
		t.Fatalf("the work (%x) counted %v on the thread, %v in the process", x, th, p)
	}
	if th > p+10*time.Millisecond {
		t.Fatalf("the thread counted %v, more than the whole process's %v", th, p)
	}
}
