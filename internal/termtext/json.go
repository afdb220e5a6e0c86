package termtext

import (
	"fmt"
	"io"
	"unicode/utf8"
)

// JSONWriter returns a writer that passes JSON text on to w with every
// control character escaped as \uXXXX: C0 (but the newline, tab and
// carriage return JSON allows between tokens), DEL and C1, which
// encoding/json leaves raw inside strings. JSON stays the same JSON, since
// inside a string the escape means the character; but a terminal that
// shows it, or a tool that reads it as text, acts on none of them. Invalid
// UTF-8 becomes \ufffd. Each Write is taken as whole: a character split
// across two writes is invalid.
func JSONWriter(w io.Writer) io.Writer { return jsonWriter{w} }

type jsonWriter struct{ w io.Writer }

func (e jsonWriter) Write(p []byte) (int, error) {
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
