// Package sse decodes a text/event-stream as the HTML event-stream rules
// define it: event, data (over several lines), id and retry fields, comment
// lines, LF, CRLF or CR line ends, and a leading byte-order mark. Lines have no
// small length limit: a partial image event of many megabytes decodes, and only
// an event past the decoder's cap (64 MiB unless set) stops decoding with
// ErrEventTooLarge.
//
// The decoder knows nothing of any protocol: event types it has never seen
// are passed on like any other.
package sse

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"time"
)

// DefaultMaxEventSize is the largest event a Decoder accepts unless told
// otherwise.
const DefaultMaxEventSize = 64 << 20

// ErrEventTooLarge is returned when one event's data, or one line, is larger
// than the decoder's cap.
var ErrEventTooLarge = errors.New("sse: event larger than the size limit")

const (
	initialBuffer = 32 << 10
	maxTypeCache  = 64
)

// Event is one dispatched event.
type Event struct {
	// Type is the event field; empty when the stream named none (the rules
	// call that type "message").
	Type string
	// Data is the event's data lines joined with "\n". It is only valid until
	// the next call to Next: copy it to keep it.
	Data []byte
	// ID is the last event id the stream set, carried from event to event.
	ID string
	// Retry is the last reconnection time the stream asked for, or 0.
	Retry time.Duration
}

// Decoder reads events from a stream. It is not safe for concurrent use.
type Decoder struct {
	r    io.Reader
	max  int
	size int // of the read buffer; tests make it tiny

	buf        []byte
	start, end int // unread bytes are buf[start:end]
	scanned    int // bytes of buf[start:end] known to hold no line end
	eof        bool
	rerr       error
	begun      bool // the leading BOM has been looked for

	long     longLine // a line longer than buf, while it arrives
	line     []byte   // the last long line, joined
	lastLong bool     // the line readLine returned last is in line, not buf

	// the event being assembled
	data    []byte // owned data bytes
	inBuf   []byte // a single data line still inside buf (or line), not yet copied
	inLine  bool   // inBuf is inside line
	hasData bool
	typ     string
	id      string
	retry   time.Duration

	ev    Event
	err   error
	types map[string]string // interned event types, so each costs no allocation

	strayJSON bool
}

// StrayJSON is the Type of an event made from a line that is not a field but
// a whole JSON object, which some servers send to report an error after the
// stream began. Such events are only made after KeepStrayJSON.
const StrayJSON = "#stray-json"

// KeepStrayJSON makes the decoder dispatch a line that begins with '{' as an
// event of type StrayJSON, instead of ignoring it as an unknown field.
func (d *Decoder) KeepStrayJSON() { d.strayJSON = true }

// NewDecoder returns a decoder reading from r.
func NewDecoder(r io.Reader) *Decoder {
	return &Decoder{r: r, max: DefaultMaxEventSize, size: initialBuffer, types: make(map[string]string)}
}

// SetMaxEventSize sets the largest event (and line) accepted, in bytes.
func (d *Decoder) SetMaxEventSize(n int) { d.max = n }

// Event returns the event found by the last call to Next.
func (d *Decoder) Event() Event { return d.ev }

// Err returns the error that stopped decoding, or nil at a clean end of
// stream. An event cut off by the end of the stream is not dispatched.
func (d *Decoder) Err() error { return d.err }

// Next advances to the next event, reporting whether there is one.
func (d *Decoder) Next() bool {
	if d.err != nil {
		return false
	}
	d.resetEvent()
	for {
		line, ok := d.readLine()
		if !ok {
			return false
		}
		if len(line) == 0 {
			if d.dispatch() {
				return true
			}
			continue
		}
		if d.strayJSON && line[0] == '{' {
			d.resetEvent()
			d.ev = Event{Type: StrayJSON, Data: line, ID: d.id, Retry: d.retry}
			return true
		}
		if err := d.field(line); err != nil {
			d.err = err
			return false
		}
	}
}

func (d *Decoder) resetEvent() {
	d.data = d.data[:0]
	d.inBuf, d.inLine = nil, false
	d.hasData = false
	d.typ = ""
}

// dispatch completes the event at a blank line; an event without data lines
// is not dispatched, as the rules say.
func (d *Decoder) dispatch() bool {
	if !d.hasData {
		d.typ = ""
		return false
	}
	data := d.data
	if d.inBuf != nil {
		data = d.inBuf
	}
	d.ev = Event{Type: d.typ, Data: data, ID: d.id, Retry: d.retry}
	return true
}

// field applies one non-blank line.
func (d *Decoder) field(line []byte) error {
	if line[0] == ':' {
		return nil // a comment
	}
	name, value := line, []byte(nil)
	if i := bytes.IndexByte(line, ':'); i >= 0 {
		name, value = line[:i], line[i+1:]
		if len(value) > 0 && value[0] == ' ' {
			value = value[1:]
		}
	}
	switch string(name) {
	case "data":
		return d.appendData(value)
	case "event":
		d.typ = d.intern(value)
	case "id":
		if bytes.IndexByte(value, 0) < 0 {
			d.id = string(value)
		}
	case "retry":
		if ms, err := strconv.ParseUint(string(value), 10, 63); err == nil {
			d.retry = time.Duration(ms) * time.Millisecond
		}
	}
	return nil
}

// appendData adds one data line. The first line stays where it is in the read
// buffer until a second line arrives or the buffer must move, so that the
// common one-line event is never copied.
func (d *Decoder) appendData(value []byte) error {
	size := len(d.data) + len(d.inBuf) + len(value)
	if d.hasData {
		size++
	}
	if size > d.max {
		return fmt.Errorf("%w (%d bytes)", ErrEventTooLarge, d.max)
	}
	if !d.hasData {
		d.hasData = true
		d.inBuf, d.inLine = value, d.lastLong
		return nil
	}
	d.materialize()
	d.data = append(d.data, '\n')
	d.data = append(d.data, value...)
	return nil
}

// materialize copies a data line still in the read buffer (or the long
// line buffer) into d.data.
func (d *Decoder) materialize() {
	if d.inBuf != nil {
		d.data = append(d.data[:0], d.inBuf...)
		d.inBuf, d.inLine = nil, false
	}
}

func (d *Decoder) intern(b []byte) string {
	if s, ok := d.types[string(b)]; ok {
		return s
	}
	s := string(b)
	if len(d.types) < maxTypeCache {
		d.types[s] = s
	}
	return s
}

// readLine returns the next line without its line end. The slice points into
// the read buffer (or, for a line longer than it, the joined line) and is
// valid until the next call.
func (d *Decoder) readLine() ([]byte, bool) {
	for {
		seg := d.buf[d.start:d.end]
		if !d.begun && (len(seg) >= 3 || d.eof) {
			d.begun = true
			if bytes.HasPrefix(seg, []byte("\xef\xbb\xbf")) {
				d.start += 3
				continue
			}
		}
		if d.begun {
			if i := indexLineEnd(seg, d.scanned); i >= 0 {
				if seg[i] == '\n' {
					d.advance(i + 1)
					return d.finishLine(seg[:i]), true
				}
				if i+1 < len(seg) || d.eof { // a CR: swallow a following LF
					n := i + 1
					if n < len(seg) && seg[n] == '\n' {
						n++
					}
					d.advance(n)
					return d.finishLine(seg[:i]), true
				}
				d.scanned = i // a CR at the very end: wait for one more byte
			} else {
				d.scanned = len(seg)
			}
		}
		if d.eof {
			d.err = d.rerr
			if d.err == nil && d.long.n+len(seg) > d.max {
				d.err = fmt.Errorf("%w (%d bytes)", ErrEventTooLarge, d.max)
			}
			d.long.release() // a line cut off by the end is not dispatched
			return nil, false
		}
		if err := d.fill(); err != nil {
			d.err = err
			d.long.release()
			return nil, false
		}
	}
}

// finishLine returns a line found in the read buffer, joined to the start
// it had gathered in pieces if it is a long one.
func (d *Decoder) finishLine(tail []byte) []byte {
	d.lastLong = d.long.n > 0
	if !d.lastLong {
		return tail
	}
	if d.inLine {
		d.materialize() // line is about to be written over
	}
	line := d.long.join(d.line, tail)
	d.line = line
	if cap(line) > keptLine {
		d.line = nil // not held for the next long line: see keptLine
	}
	return line
}

// keptLine is the largest joined line the decoder keeps to join the next
// long line into: a larger one (an image of many megabytes) would stay
// live as long as the stream, beside what was decoded from it.
const keptLine = 4 << 20

func (d *Decoder) advance(n int) {
	d.start += n
	d.scanned = 0
}

// indexLineEnd finds the first CR or LF in seg at or after from.
func indexLineEnd(seg []byte, from int) int {
	rest := seg[from:]
	i := bytes.IndexByte(rest, '\n')
	head := rest
	if i >= 0 {
		head = rest[:i]
	}
	if j := bytes.IndexByte(head, '\r'); j >= 0 {
		return from + j
	}
	if i >= 0 {
		return from + i
	}
	return -1
}

// fill reads more bytes, making room in the buffer as needed: the unread
// bytes move to its front, and a line that fills the whole buffer moves
// out of it into the pieces of a long line.
func (d *Decoder) fill() error {
	if d.long.n+d.end-d.start > d.max+len("data: \r\n") {
		return fmt.Errorf("%w (%d bytes)", ErrEventTooLarge, d.max)
	}
	if d.buf == nil {
		d.buf = make([]byte, d.size)
	}
	if d.end == len(d.buf) {
		if !d.inLine {
			d.materialize() // the buffer is about to move under a pending data line
		}
		if d.start == 0 {
			d.spill()
		}
		unread := d.end - d.start
		copy(d.buf, d.buf[d.start:d.end])
		d.start, d.end = 0, unread
	}
	for range 100 {
		n, err := d.r.Read(d.buf[d.end:])
		d.end += n
		if err != nil {
			d.eof = true
			if err != io.EOF {
				d.rerr = err
			}
			return nil
		}
		if n > 0 {
			return nil
		}
	}
	return io.ErrNoProgress
}

// spill moves the partial line that fills the buffer into the long line's
// pieces, all but a CR at its very end, which may start a CRLF.
func (d *Decoder) spill() {
	n := d.end - d.start
	if d.buf[d.end-1] == '\r' {
		n--
	}
	d.long.add(d.buf[d.start : d.start+n])
	d.start += n
	d.scanned = 0
}
