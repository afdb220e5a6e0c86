//go:build linux

package clitest

import (
	"bytes"
	"fmt"
	"os"
	"sync"
	"testing"

	"golang.org/x/sys/unix"
)

// Terminal is a pseudo-terminal: a command writes to Tty as to a user's
// terminal, and the test reads what arrived.
type Terminal struct {
	Tty    *os.File
	Master *os.File // what a person types goes in here
	Mu     sync.Mutex
	Grew   *sync.Cond // on Mu: broadcast when Got grows or the terminal ends
	Got    bytes.Buffer
	End    chan struct{}
}

// NewTerminal opens a pseudo-terminal, closed when the test ends.
func NewTerminal(t *testing.T) *Terminal {
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
	term := &Terminal{Tty: tty, Master: master, End: make(chan struct{})}
	term.Grew = sync.NewCond(&term.Mu)
	go func() {
		defer close(term.End)
		buf := make([]byte, 32<<10)
		for {
			n, err := master.Read(buf)
			term.Mu.Lock()
			term.Got.Write(buf[:n])
			term.Grew.Broadcast()
			term.Mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	t.Cleanup(func() { tty.Close(); master.Close() })
	return term
}

// Output closes the terminal and returns everything written to it.
func (term *Terminal) Output() string {
	term.Tty.Close()
	<-term.End
	term.Mu.Lock()
	defer term.Mu.Unlock()
	return term.Got.String()
}
