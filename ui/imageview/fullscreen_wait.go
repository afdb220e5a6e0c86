package imageview

import (
	"bytes"
	"io"
	"os"
	"sync/atomic"
	"time"

	uv "github.com/charmbracelet/ultraviolet"
)

// waitKey waits for a key. Inside tmux it also reads kitty's answer to
// the transmission, and writes the transmission again when none came
// within ackWait (or kitty refused it), up to ackTries sendings: what
// arrives on the input is a key unless it is kitty's answer.
func (f *fullScreen) waitKey() error {
	if f.in == nil {
		return nil
	}
	file, ok := f.in.(*os.File)
	if f.resend == "" || !ok {
		_, err := f.in.Read(make([]byte, 1))
		return err
	}
	sent, answered := 1, false
	buf := make([]byte, 256)
	var part []byte // an answer read in part
	for {
		wait := f.wait
		if wait == 0 {
			wait = ackWait
		}
		if answered || sent >= ackTries {
			wait = -1 // nothing more to send: a key is all that is left
		}
		n, timedOut, err := readWithin(file, buf, wait)
		if err != nil {
			return err
		}
		again := timedOut
		in := append(part, buf[:n]...)
		part = nil
		for bytes.HasPrefix(in, kittyReplyStart) {
			end := bytes.Index(in, []byte("\x1b\\"))
			if end < 0 {
				break // the rest is still to come: no key
			}
			ok := bytes.HasSuffix(in[:end], []byte(";OK"))
			answered = answered || ok
			again = again || !ok
			in = in[end+2:]
		}
		if len(in) > 0 && !bytes.HasPrefix(in, kittyReplyStart) {
			return nil // a key
		}
		if len(in) > 0 {
			part = in
		}
		if again && !answered && sent < ackTries {
			if _, err := io.WriteString(f.out, f.resend); err != nil {
				return err
			}
			sent++
		}
	}
}

// kittyReplyStart begins kitty's answer on the input.
var kittyReplyStart = []byte("\x1b_G")

// readWithin reads what is there from file within wait (for ever when
// wait is negative). A read cut short by the wait reports timedOut; it
// leaves nothing of file to anyone else, as a read left running would.
func readWithin(file *os.File, buf []byte, wait time.Duration) (n int, timedOut bool, err error) {
	if wait < 0 {
		n, err = file.Read(buf)
		return n, false, err
	}
	r, err := uv.NewCancelReader(file)
	if err != nil {
		return 0, false, err
	}
	defer r.Close()
	var late atomic.Bool
	t := time.AfterFunc(wait, func() {
		late.Store(true)
		r.Cancel()
	})
	defer t.Stop()
	n, err = r.Read(buf)
	if late.Load() && n == 0 {
		return 0, true, nil
	}
	return n, false, err
}
