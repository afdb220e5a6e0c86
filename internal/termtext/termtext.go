// Package termtext makes untrusted text (model output, error messages from
// the network) safe to write to a terminal: it removes escape sequences (CSI,
// OSC such as hyperlinks and clipboard writes, DCS, APC, PM, SOS), C1 control
// characters and every C0 control but newline and tab. It keeps state between
// writes, so a sequence split across two chunks of a stream is still removed.
package termtext

import "io"

const maxSequence = 1 << 20 // an unterminated sequence stops swallowing text here

type state uint8

const (
	ground    state = iota
	escape          // after ESC
	escInter        // ESC followed by intermediate bytes
	csi             // ESC [ ...
	str             // OSC, DCS, APC, PM, SOS body, until BEL or ESC \
	strEscape       // ESC inside a string sequence
	lead            // after 0xC2, which may start a C1 control in UTF-8
)

// Stripper removes control sequences from a stream of bytes.
// The zero value is ready to use.
type Stripper struct {
	st state
	n  int // bytes swallowed in the current sequence
}

// Append appends p, cleaned, to dst and returns the extended slice.
func (s *Stripper) Append(dst, p []byte) []byte {
	for _, b := range p {
		dst = s.step(dst, b)
	}
	return dst
}

func (s *Stripper) step(dst []byte, b byte) []byte {
	if s.st != ground && s.st != lead {
		s.n++
		if s.n > maxSequence {
			s.st, s.n = ground, 0
		}
	}
	switch s.st {
	case ground:
		return s.ground(dst, b)
	case lead:
		s.st = ground
		switch {
		case b >= 0x80 && b <= 0x9f:
			return dst // U+0080..U+009F: a C1 control
		case b >= 0xa0 && b <= 0xbf:
			return append(dst, 0xc2, b) // a printable character such as U+00A0..U+00BF
		}
		// A broken sequence: never emit a bare 0xC2, which a later stray byte
		// could turn into a C1 control.
		return s.ground(append(dst, replacement...), b)
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
	switch {
	case b == 0x1b:
		s.st, s.n = escape, 0
	case b == 0xc2:
		s.st = lead
	case b == '\n' || b == '\t':
		dst = append(dst, b)
	case b < 0x20 || b == 0x7f:
		// other C0 controls: bell, backspace, carriage return... dropped
	default:
		dst = append(dst, b)
	}
	return dst
}

// replacement is U+FFFD, written in place of a broken UTF-8 sequence.
var replacement = []byte("\uFFFD")

// Flush ends the stream: a lone 0xC2 at the very end becomes U+FFFD, and the
// state is reset.
func (s *Stripper) Flush(dst []byte) []byte {
	if s.st == lead {
		dst = append(dst, replacement...)
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
