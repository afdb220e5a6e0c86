package store

import (
	"os"
	"os/exec"
	"syscall"
	"testing"
	"unsafe"
)

// A writer that died but was not yet waited for by its parent is a zombie:
// it still answers kill(pid, 0), yet its rows must be mended.
func TestZombieWriterIsDead(t *testing.T) {
	t.Parallel()
	self := currentProcess()
	if !(processID{pid: self.pid, start: self.start}).alive(currentProcess()) || !processExists(self.pid) {
		t.Fatal("this process is not alive")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$") // runs no test: exits at once
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	pid := cmd.Process.Pid
	child := processID{pid: pid, start: processStart(pid)}
	// waitid(P_PID, pid, WEXITED|WNOWAIT) returns once the child has exited
	// and leaves it unreaped: a zombie until cmd.Wait below.
	const pPID, wExited, wNoWait = 1, 4, 0x1000000
	var info [128]byte
	if _, _, e := syscall.Syscall6(syscall.SYS_WAITID, pPID, uintptr(pid), uintptr(unsafe.Pointer(&info[0])), wExited|wNoWait, 0, 0); e != 0 {
		t.Fatal(e)
	}
	if err := syscall.Kill(pid, 0); err != nil {
		t.Fatalf("the zombie does not answer kill(0) (%v): the test shows nothing", err)
	}
	if processExists(pid) || child.alive(self) {
		t.Error("a zombie counts as a live writer")
	}
	if err := cmd.Wait(); err != nil {
		t.Fatal(err)
	}
}
