package diff

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// Styles mark the runs in Columns: each takes plain text and returns it
// as it is to be shown (a lipgloss Style's Render, say). Nil leaves the text
// as it is. The styled text must take as many cells as the plain text.
type Styles struct {
	Equal, Deleted, Inserted func(string) string
}

// Columns lays out a diff side by side: the first text on the left with its
// deleted words marked, the second on the right with its inserted words
// marked, each wrapped to width cells. Each line the two texts share starts
// on the same row of both columns, the shorter side padded with blank rows,
// so the eye can go across. Every returned line is exactly width cells
// wide (at least 2), and both columns have as many lines.
//
// The texts must already be safe for a terminal (termtext); tabs become
// spaces and any other control character is dropped.
func Columns(runs []Run, width int, st Styles) (left, right []string) {
	width = max(width, 2) // a wide character needs two
	for _, b := range blocks(runs) {
		l := wrap(b.left, width, st)
		r := wrap(b.right, width, st)
		for len(l) < len(r) {
			l = append(l, strings.Repeat(" ", width))
		}
		for len(r) < len(l) {
			r = append(r, strings.Repeat(" ", width))
		}
		left, right = append(left, l...), append(right, r...)
	}
	return left, right
}

// block is the stretch of both texts between two line breaks they share.
type block struct{ left, right []Run }

// blocks cuts the runs at every line break inside an Equal run.
func blocks(runs []Run) []block {
	var out []block
	var cur block
	for _, r := range runs {
		if r.Op != Equal {
			if r.Op == Delete {
				cur.left = append(cur.left, r)
			} else {
				cur.right = append(cur.right, r)
			}
			continue
		}
		text := r.Text
		for {
			line, rest, found := strings.Cut(text, "\n")
			if line != "" {
				cur.left = append(cur.left, Run{Equal, line})
				cur.right = append(cur.right, Run{Equal, line})
			}
			if !found {
				break
			}
			out = append(out, cur)
			cur = block{}
			text = rest
		}
	}
	return append(out, cur)
}

// wrap lays runs out in lines of width cells: words move whole to the next
// line when they do not fit, and a word wider than a line is cut; a line
// break inside a changed run starts a new line.
func wrap(runs []Run, width int, st Styles) []string {
	var lines []string
	var line strings.Builder
	used := 0
	flush := func() {
		lines = append(lines, line.String()+strings.Repeat(" ", width-used))
		line.Reset()
		used = 0
	}
	put := func(text string, op Op) {
		if text == "" {
			return
		}
		line.WriteString(style(st, op)(text))
		used += ansi.StringWidth(text)
	}
	for _, r := range runs {
		for _, tok := range Tokens(clean(r.Text)) {
			if tok == "\n" {
				flush()
				continue
			}
			w := ansi.StringWidth(tok)
			if used+w > width && used > 0 {
				if strings.TrimSpace(tok) == "" && r.Op == Equal {
					flush() // a break between words eats their space
					continue
				}
				flush()
			}
			for w > width { // a word longer than a line: cut it
				head := ansi.Truncate(tok, width, "")
				if head == "" {
					break // cannot be: width is at least 2, one wide character
				}
				put(head, r.Op)
				flush()
				tok = ansi.TruncateLeft(tok, ansi.StringWidth(head), "")
				w = ansi.StringWidth(tok)
			}
			put(tok, r.Op)
		}
	}
	if used > 0 || len(lines) == 0 {
		flush()
	}
	return lines
}

func style(st Styles, op Op) func(string) string {
	var f func(string) string
	switch op {
	case Equal:
		f = st.Equal
	case Delete:
		f = st.Deleted
	case Insert:
		f = st.Inserted
	}
	if f == nil {
		return func(s string) string { return s }
	}
	return f
}

// clean turns tabs into spaces and drops other control characters but the
// line break, so that every rune left has a width.
func clean(s string) string {
	if !strings.ContainsFunc(s, isControl) {
		return s
	}
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\t':
			return ' '
		case isControl(r):
			return -1
		}
		return r
	}, s)
}

func isControl(r rune) bool { return r != '\n' && (r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0)) }
