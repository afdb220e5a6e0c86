package chat

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"

	"atelier/internal/termtext"
)

// flow is plain text that grows (a reply's thinking) wrapped at a width as
// ansi.Wrap wraps it, without wrapping it all again as it grows: wrapping
// is greedy, so every line but the last is final once the text goes on,
// and each call wraps only from the start of the last line it kept open.
// It cleans the text of control sequences as it comes (statefully, like
// the markdown view), turns tabs into spaces and counts the words.
type flow struct {
	strip   termtext.Stripper
	text    []byte // cleaned, tabs made spaces, leading white space dropped
	words   int
	inWord  bool
	partial []byte // the bytes of a character cut between two pieces

	width int      // the width lines were kept for
	kept  []string // lines no later text changes
	off   int      // where the text of the first line not kept starts
}

// newFlow returns the flow of s.
func newFlow(s string) *flow {
	f := &flow{}
	f.append(s)
	return f
}

// append adds a piece of text.
func (f *flow) append(s string) {
	n := len(f.text)
	clean := f.strip.Append(nil, []byte(s))
	for _, c := range clean {
		switch {
		case len(f.text) == 0 && (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'):
			// leading white space, as strings.TrimSpace would
		case c == '\t':
			f.text = append(f.text, "    "...)
		default:
			f.text = append(f.text, c)
		}
	}
	f.count(f.text[n:])
}

// count counts the words of new text, a word being what strings.Fields
// returns.
func (f *flow) count(b []byte) {
	b = append(f.partial, b...)
	f.partial = nil
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		if r == utf8.RuneError && !utf8.FullRune(b) {
			f.partial = append([]byte(nil), b...)
			return
		}
		space := unicode.IsSpace(r)
		if !space && !f.inWord {
			f.words++
		}
		f.inWord = !space
		b = b[size:]
	}
}

// lines returns the text wrapped at width.
func (f *flow) lines(width int) []string {
	if width != f.width {
		f.width, f.kept, f.off = width, nil, 0
	}
	tail := strings.TrimRight(string(f.text[f.off:]), " \t\r\n")
	if tail == "" {
		return f.kept
	}
	wrapped := strings.Split(ansi.Wrap(tail, width, " "), "\n")
	// Keep the lines before the last one that starts after a space or a
	// newline: the text that comes next cannot change them. (Not before a
	// word with a hyphen: ansi.Wrap decides whether a hyphen breaks the
	// line while it reads the word, on the line before.)
	p, keep, at := f.off, 0, f.off
	for i, l := range wrapped[:len(wrapped)-1] {
		if !bytes.HasPrefix(f.text[p:], []byte(l)) {
			break
		}
		p += len(l)
		for p < len(f.text) && f.text[p] == ' ' {
			p++
		}
		if p < len(f.text) && f.text[p] == '\n' {
			p++
		}
		next := wrapped[i+1]
		if c := f.text[p-1]; (c == ' ' || c == '\n') && !hyphenAt(f.text[p:]) &&
			next != "" && bytes.HasPrefix(f.text[p:], []byte(next)) {
			keep, at = i+1, p
		}
	}
	out := make([]string, 0, len(f.kept)+len(wrapped))
	out = append(append(out, f.kept...), wrapped...)
	f.kept = append(f.kept, wrapped[:keep]...)
	f.off = at
	return out
}

// hyphenAt reports whether the word at the start of b holds a hyphen.
func hyphenAt(b []byte) bool {
	for _, c := range b {
		switch c {
		case '-':
			return true
		case ' ', '\n':
			return false
		}
	}
	return false
}
