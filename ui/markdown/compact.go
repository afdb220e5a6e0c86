package markdown

import (
	"strings"

	uv "github.com/charmbracelet/ultraviolet"
	"github.com/charmbracelet/x/ansi"
)

// tabWidth is the distance between tab stops when a tab in code is expanded.
const tabWidth = 4

// compact turns glamour's output into lines that each stand alone and look
// the same on screen:
//   - each line sets its own style and resets it at its end, so that any
//     line can be drawn without the ones above it (scrolling draws slices);
//   - styles are written only when they change (glamour wraps every cell,
//     padding included, in its own SGR pair: ten times the bytes);
//   - the padding glamour adds to reach the width is dropped, as are spaces
//     whose style cannot show (no background, underline, reverse or strike);
//   - escape sequences other than SGR are dropped: OSC 8 hyperlinks (a link
//     keeps its visible URL, printed beside its text), cursor moves, titles;
//   - tabs become spaces to the next multiple of tabWidth.
//
// It appends the lines of s to dst and returns the extended slice.
func compact(dst []string, s string) []string {
	p := ansi.GetParser()
	defer ansi.PutParser(p)
	var c compactor
	for {
		line, rest, more := strings.Cut(s, "\n")
		dst = append(dst, c.line(line, p))
		if !more {
			return dst
		}
		s = rest
	}
}

// compactor carries the style from one line to the next, as a terminal does.
type compactor struct {
	pen uv.Style // the style the input has set so far
	b   strings.Builder
}

func (c *compactor) line(s string, p *ansi.Parser) string {
	c.b.Reset()
	// The line comes out no longer than it went in but for its tabs: one
	// allocation, where growing the builder from nothing copied a
	// paragraph's megabyte of one line some twenty times.
	c.b.Grow(len(s))
	var out uv.Style // the style written to b so far
	keep, keepStyled := 0, false
	col := 0
	var state byte
	for len(s) > 0 {
		seq, width, n, next := ansi.DecodeSequence(s, state, p)
		state, s = next, s[n:]
		switch {
		case width > 0 || isText(seq):
			c.setStyle(&out)
			c.b.WriteString(seq)
			col += width
			if seq != " " || showsBlank(&out) {
				keep, keepStyled = c.b.Len(), !out.IsZero()
			}
		case seq == "\t":
			c.setStyle(&out)
			pad := tabWidth - col%tabWidth
			c.b.WriteString(strings.Repeat(" ", pad))
			col += pad
			if showsBlank(&out) {
				keep, keepStyled = c.b.Len(), !out.IsZero()
			}
		case ansi.HasCsiPrefix(seq) && p.Command() == 'm':
			uv.ReadStyle(p.Params(), &c.pen)
		}
	}
	line := c.b.String()[:keep]
	if keepStyled {
		line += ansi.ResetStyle
	}
	return line
}

// setStyle writes what turns out into the current pen.
func (c *compactor) setStyle(out *uv.Style) {
	if !out.Equal(&c.pen) {
		c.b.WriteString(uv.StyleDiff(out, &c.pen))
		*out = c.pen
	}
}

// isText reports whether a zero-width sequence is text (a combining mark the
// decoder could not join to its base) rather than a control or an escape.
func isText(seq string) bool {
	return len(seq) > 0 && seq[0] >= 0x20 && seq[0] != 0x7f && seq[0] != 0x1b && (seq[0] < 0x80 || seq[0] >= 0xc0)
}

// showsBlank reports whether a space drawn in st can be seen.
func showsBlank(st *uv.Style) bool {
	return st.Bg != nil || st.Underline != uv.UnderlineNone ||
		st.Attrs&(uv.AttrReverse|uv.AttrStrikethrough) != 0
}
