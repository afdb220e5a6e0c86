package main

import (
	"fmt"
	"io"
	"unicode/utf8"
)

// jsonOut is where --json output goes: stdout, through jsonEscaper when it
// is a terminal, so that no control character of model output (ESC, BEL,
// the C1 CSI) reaches the terminal raw. JSON stays JSON: inside a string
// the escape means the same character. A pipe or a file gets the bytes
// as they are.
func (a *app) jsonOut() io.Writer {
	if !isTerminal(a.io.out) {
		return a.io.out
	}
	return jsonEscaper{a.io.out}
}

// jsonEscaper writes JSON with every control character escaped as \uXXXX:
// C0 (but the newline, tab and carriage return JSON allows between
// tokens), DEL and C1. Invalid UTF-8 becomes \ufffd. Each Write is taken as
// whole: a character split across two writes is invalid.
type jsonEscaper struct{ w io.Writer }

func (e jsonEscaper) Write(p []byte) (int, error) {
	out := make([]byte, 0, len(p))
	for i := 0; i < len(p); {
		r, n := utf8.DecodeRune(p[i:])
		switch {
		case r == utf8.RuneError && n <= 1:
			out = append(out, `\ufffd`...)
		case r == '\n', r == '\t', r == '\r':
			out = append(out, byte(r))
		case r < 0x20, r == 0x7f, r >= 0x80 && r <= 0x9f:
			out = fmt.Appendf(out, `\u%04x`, r)
		default:
			out = append(out, p[i:i+n]...)
		}
		i += n
	}
	if _, err := e.w.Write(out); err != nil {
		return 0, err
	}
	return len(p), nil
}
