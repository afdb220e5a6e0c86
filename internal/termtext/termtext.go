// Package termtext makes untrusted text (model output, error messages from
// the network) safe to write to a terminal: it removes escape sequences (CSI,
// OSC such as hyperlinks and clipboard writes, DCS, APC, PM, SOS), C1 control
// characters and every C0 control but newline and tab. It keeps state between
// writes, so a sequence split across two chunks of a stream is still removed.
// Bytes that are not UTF-8 (a stray continuation byte, such as a raw 8-bit
// C1 control, an overlong or broken sequence) become U+FFFD, so that no
// decoder, strict or lenient, finds a control character in what is left.
package termtext

import (
	"io"
	"unicode/utf8"
)

const maxSequence = 1 << 20 // an unterminated sequence stops swallowing text here

type state uint8

const (
	ground    state = iota
	escape          // after ESC
	escInter        // ESC followed by intermediate bytes
	csi             // ESC [ ...
	str             // OSC, DCS, APC, PM, SOS body, until BEL or ESC \
	strEscape       // ESC inside a string sequence
)

// Stripper removes control sequences from a stream of bytes.
// The zero value is ready to use.
type Stripper struct {
	st state
	n  int // bytes swallowed in the current sequence
	// A UTF-8 character being read: its bytes so far, and how many it
	// has in all. It is written once whole and checked (a C1 control,
	// U+0080..U+009F, is dropped; an invalid one is U+FFFD).
	char      [utf8.UTFMax]byte
	got, size uint8
}

// Append appends p, cleaned, to dst and returns the extended slice.
func (s *Stripper) Append(dst, p []byte) []byte {
	for _, b := range p {
		dst = s.step(dst, b)
	}
	return dst
}

func (s *Stripper) step(dst []byte, b byte) []byte {
	if s.st != ground {
		s.n++
		if s.n > maxSequence {
			s.st, s.n = ground, 0
		}
	}
	switch s.st {
	case ground:
		return s.ground(dst, b)
	case escape:
		switch {
		case b == '[':
			s.st = csi
		case b == ']' || b == 'P' || b == 'X' || b == '^' || b == '_':
			s.st = str
		case b == 0x1b:
		case b >= 0x20 && b <= 0x2f:
			s.st = escInter
		default:
			s.st = ground
		}
	case escInter:
		if b < 0x20 || b > 0x2f {
			s.st = ground
		}
	case csi:
		if b >= 0x40 && b <= 0x7e || b == 0x1b || b < 0x20 {
			s.st = ground
			if b == 0x1b {
				s.st = escape
			}
		}
	case str:
		if b == 0x07 {
			s.st = ground
		} else if b == 0x1b {
			s.st = strEscape
		}
	case strEscape:
		if b == '\\' {
			s.st = ground
		} else if b != 0x1b {
			s.st = str
		}
	}
	return dst
}

func (s *Stripper) ground(dst []byte, b byte) []byte {
	if b >= 0x80 {
		return s.multibyte(dst, b)
	}
	if s.got > 0 { // a character cut short: never emit its bytes alone
		dst = s.broken(dst)
	}
	switch {
	case b == 0x1b:
		s.st, s.n = escape, 0
	case b == '\n' || b == '\t':
		dst = append(dst, b)
	case b < 0x20 || b == 0x7f:
		// other C0 controls: bell, backspace, carriage return... dropped
	default:
		dst = append(dst, b)
	}
	return dst
}

// multibyte takes b, a byte of a UTF-8 character (a lead or a
// continuation byte), writing the character once it is whole.
func (s *Stripper) multibyte(dst []byte, b byte) []byte {
	if b < 0xc0 { // a continuation byte
		if s.got == 0 { // of no character: a raw C1 control, or debris
			return append(dst, replacement...)
		}
		s.char[s.got] = b
		s.got++
		if s.got < s.size {
			return dst
		}
		r, n := utf8.DecodeRune(s.char[:s.got])
		s.got = 0
		switch {
		case r == utf8.RuneError && n <= 1: // overlong, a surrogate, past U+10FFFF
			return append(dst, replacement...)
		case r >= 0x80 && r <= 0x9f: // a C1 control
			return dst
		}
		return append(dst, s.char[:n]...)
	}
	if s.got > 0 {
		dst = s.broken(dst)
	}
	switch {
	case b >= 0xc2 && b <= 0xdf:
		s.size = 2
	case b >= 0xe0 && b <= 0xef:
		s.size = 3
	case b >= 0xf0 && b <= 0xf4:
		s.size = 4
	default: // 0xC0, 0xC1 (overlong by their nature) and 0xF5..0xFF start nothing
		return append(dst, replacement...)
	}
	s.char[0], s.got = b, 1
	return dst
}

// broken drops the character being read, cut short, for U+FFFD.
func (s *Stripper) broken(dst []byte) []byte {
	s.got = 0
	return append(dst, replacement...)
}

// replacement is U+FFFD, written in place of a broken UTF-8 sequence.
var replacement = []byte("\uFFFD")

// Flush ends the stream: a character cut short at the very end becomes
// U+FFFD, and the state is reset.
func (s *Stripper) Flush(dst []byte) []byte {
	if s.got > 0 {
		dst = s.broken(dst)
	}
	s.st, s.n = ground, 0
	return dst
}

// String returns s with every control sequence removed.
func String(s string) string {
	var st Stripper
	out := st.Append(make([]byte, 0, len(s)), []byte(s))
	return string(st.Flush(out))
}

// Writer cleans everything written through it.
type Writer struct {
	w   io.Writer
	s   Stripper
	buf []byte
}

// NewWriter returns a Writer that writes the cleaned bytes to w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w} }

// Write cleans p and writes what remains. It reports len(p) on success, as
// the bytes were all consumed even when fewer reach w.
func (w *Writer) Write(p []byte) (int, error) {
	w.buf = w.s.Append(w.buf[:0], p)
	if len(w.buf) == 0 {
		return len(p), nil
	}
	if _, err := w.w.Write(w.buf); err != nil {
		return 0, err
	}
	return len(p), nil
}
