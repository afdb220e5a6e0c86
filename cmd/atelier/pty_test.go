//go:build linux

package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"sync"
	"testing"

	"golang.org/x/sys/unix"
)

// terminal is a pseudo-terminal: a command writes to tty as to a user's
// terminal, and the test reads what arrived.
type terminal struct {
	tty *os.File
	mu  sync.Mutex
	got bytes.Buffer
	end chan struct{}
}

func newTerminal(t *testing.T) *terminal {
	t.Helper()
	master, err := os.OpenFile("/dev/ptmx", os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := unix.IoctlSetPointerInt(int(master.Fd()), unix.TIOCSPTLCK, 0); err != nil {
		t.Fatal(err)
	}
	n, err := unix.IoctlGetInt(int(master.Fd()), unix.TIOCGPTN)
	if err != nil {
		t.Fatal(err)
	}
	tty, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Fatal(err)
	}
	// Raw output: the terminal passes bytes through (no \n → \r\n).
	if tio, err := unix.IoctlGetTermios(int(tty.Fd()), unix.TCGETS); err == nil {
		tio.Oflag &^= unix.OPOST
		unix.IoctlSetTermios(int(tty.Fd()), unix.TCSETS, tio)
	}
	term := &terminal{tty: tty, end: make(chan struct{})}
	go func() {
		defer close(term.end)
		buf := make([]byte, 32<<10)
		for {
			n, err := master.Read(buf)
			term.mu.Lock()
			term.got.Write(buf[:n])
			term.mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	t.Cleanup(func() { tty.Close(); master.Close() })
	return term
}

// output closes the terminal and returns everything written to it.
func (term *terminal) output() string {
	term.tty.Close()
	<-term.end
	term.mu.Lock()
	defer term.mu.Unlock()
	return term.got.String()
}

var _ io.Writer = (*os.File)(nil)
