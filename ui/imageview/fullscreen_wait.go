package imageview

import (
	"bytes"
	"io"
	"os"
	"strconv"
	"sync/atomic"
	"time"

	uv "github.com/charmbracelet/ultraviolet"
)

// The full screen inside tmux: tmux drops passthrough from a pane whose
// redraw is due, which it is right after the full screen has entered the
// alternate screen, until tmux has redrawn it. So the image does not go with
// the screen: a small probe (a kitty query, which stores nothing) goes,
// again every probeWait until kitty answers it (the redraw is then behind:
// the probe came after the screen), then the image; if kitty does not
// answer the image within ackWait, or refuses it, the probing starts over,
// ackTries images at most.

// probeWait is how long a probe's answer may take before the probe goes
// again: it is small, and kitty answers at once.
const probeWait = 300 * time.Millisecond

// probeTries is how many probes go before the image goes anyway.
const probeTries = 10

// probeID is the probe's id, one of the sync queries'.
const probeID = kittySyncBase

// tmuxDelivery decides what the full screen writes as kitty's answers come
// (or do not): probes, then the image.
type tmuxDelivery struct {
	probes, images int // written so far (of each, since the last image)
	sending        bool
	done           bool // kitty has the image, or the tries are spent
	probeWait      time.Duration
	ackWait        time.Duration
}

// wait is how long to wait for an answer before acting anyway; negative
// when there is nothing more to write.
func (d *tmuxDelivery) wait() time.Duration {
	switch {
	case d.done:
		return -1
	case d.sending:
		return d.ackWait
	}
	return d.probeWait
}

// answer takes kitty's answer to command id (the probe's or the image's)
// and reports whether the image goes now (else, whether a probe goes).
func (d *tmuxDelivery) answer(id int, ok bool) (image, probe bool) {
	switch {
	case d.done:
	case id == probeID && !d.sending:
		return d.sendImage(), false
	case id != probeID && d.sending && ok:
		d.done = true
	case id != probeID && d.sending:
		return false, d.probeAgain()
	}
	return false, false
}

// timeout takes the end of a wait with no answer.
func (d *tmuxDelivery) timeout() (image, probe bool) {
	switch {
	case d.done:
		return false, false
	case d.sending:
		return false, d.probeAgain()
	case d.probes >= probeTries:
		return d.sendImage(), false // no answer at all: the image anyway
	}
	d.probes++
	return false, true
}

func (d *tmuxDelivery) sendImage() bool {
	d.sending = true
	d.images++
	return true
}

// probeAgain starts probing over after an image got no answer (or a
// refusal), unless ackTries images have gone.
func (d *tmuxDelivery) probeAgain() bool {
	d.sending = false
	if d.images >= ackTries {
		d.done = true
		return false
	}
	d.probes = 1
	return true
}

// waitKey waits for a key. Inside tmux it first delivers the image (see
// tmuxDelivery): what arrives on the input is a key unless it is kitty's
// answer.
func (f *fullScreen) waitKey() error {
	if f.in == nil {
		return nil
	}
	file, ok := f.in.(*os.File)
	if f.tmuxImage == "" || !ok {
		_, err := f.in.Read(make([]byte, 1))
		return err
	}
	d := tmuxDelivery{probes: 1, probeWait: or(f.probeWait, probeWait), ackWait: or(f.ackWait, ackWait)}
	probe := TmuxPassthrough("\x1b_Gi=" + strconv.Itoa(probeID) + ",s=1,v=1,a=q,t=d,f=24;AAAA\x1b\\")
	write := func(image, pr bool) error {
		var s string
		if pr {
			s = probe
		}
		if image {
			s = f.tmuxImage
		}
		if s == "" {
			return nil
		}
		_, err := io.WriteString(f.out, s)
		return err
	}
	if err := write(false, true); err != nil { // the first probe
		return err
	}
	buf := make([]byte, 256)
	var part []byte // an answer read in part
	for {
		n, timedOut, err := readWithin(file, buf, d.wait())
		if err != nil {
			return err
		}
		if timedOut {
			if err := write(d.timeout()); err != nil {
				return err
			}
			continue
		}
		in := append(part, buf[:n]...)
		part = nil
		for bytes.HasPrefix(in, kittyReplyStart) {
			end := bytes.Index(in, []byte("\x1b\\"))
			if end < 0 {
				break // the rest is still to come: no key
			}
			id, ok := parseKittyAnswer(in[:end])
			in = in[end+2:]
			if err := write(d.answer(id, ok)); err != nil {
				return err
			}
		}
		if len(in) > 0 && !bytes.HasPrefix(in, kittyReplyStart) {
			return nil // a key
		}
		if len(in) > 0 {
			part = in
		}
	}
}

// or is d, or def when d is zero.
func or(d, def time.Duration) time.Duration {
	if d == 0 {
		return def
	}
	return d
}

// kittyReplyStart begins kitty's answer on the input.
var kittyReplyStart = []byte("\x1b_G")

// parseKittyAnswer reads kitty's answer without its ST ("ESC _ G i=ID,…;OK"):
// the command's id, and whether it says OK. An answer without an id reads
// as id 0.
func parseKittyAnswer(a []byte) (id int, ok bool) {
	keys, payload, _ := bytes.Cut(bytes.TrimPrefix(a, kittyReplyStart), []byte(";"))
	for kv := range bytes.SplitSeq(keys, []byte(",")) {
		if v, found := bytes.CutPrefix(kv, []byte("i=")); found {
			id, _ = strconv.Atoi(string(v))
		}
	}
	return id, string(payload) == "OK"
}

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
