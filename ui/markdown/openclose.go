package markdown

import (
	"bytes"
	"strings"
)

// Where the open block ends: a fence closed inside it, the boundary the
// next block's first line makes, and the lines the last frame drew there.

// fenceClosed ends the fence open in the item, whose closing line is at
// end: the cut moves past it if it was at it; else its candidate learns
// where it ends.
func (r *Renderer) fenceClosed(end, after int) {
	o := &r.open
	s := &o.item
	f := s.fence
	s.fence = fence{}
	s.para = false
	stub := ""
	switch {
	case o.code != nil && o.code.f.open == f.open:
		stub = o.code.stub
		r.closeCode(end, after)
	default:
		found := false
		for i := range o.cands {
			if c := &o.cands[i]; c.kind == cutCode && c.fence.open == f.open {
				c.closed, c.after = end, after
				stub, found = c.stub, true
			}
		}
		if !found {
			return
		}
	}
	ind := ""
	if o.code == nil && o.cut.kind == cutAfterCode && o.cut.at == after {
		return // the cut is past the fence already
	}
	for i := range o.cands {
		if c := o.cands[i]; c.kind == cutCode && c.fence.open == f.open {
			ind = c.ind
		}
	}
	s.afterCode = &cutPoint{at: after, mark: -1, kind: cutAfterCode, stub: stub + ind + "```\n" + ind + "```\n"}
}

// boundary reports where the line being written starts the next block, if
// it plainly does and text of no width can go at its start: the next item
// of the list the open block is an item of, or a paragraph after a blank
// line. It returns the offset for a marker there and the line's start, or
// -1. Drawn with the open block, the marker tells where the open block's
// lines end in the frame's drawing: when the block closes at that line,
// those lines are its lines (see lastDrawn).
func (r *Renderer) boundary(end int) (mark, at int) {
	o := &r.open
	at = o.scan
	if at <= o.first || at >= end || o.code != nil {
		return -1, 0
	}
	line := r.text[at:end]
	if o.list.mark != 0 {
		if li, col, rest := listItem(line); li.mark == o.list.mark && indent(line) == 0 && col < len(line) {
			if k := letterAfterStars(rest); k >= 0 {
				return at + col + k, at
			}
		}
	}
	prev := r.text[lineStart(r.text, at-1):at]
	if !isBlank(prev) || indent(line) != 0 || isFence(line) || bytes.Contains(r.text[o.start:end], []byte("<")) {
		return -1, 0
	}
	// A new block: the marker goes before its first letter, after what
	// marks its kind (a heading's hashes, a list's bullet, a quote's >, a
	// table's pipe), where it changes nothing of how the line renders.
	for i, c := range line {
		switch {
		case i > 8:
			return -1, 0
		case strings.IndexByte("#>|-*+.) 0123456789", c) >= 0:
		case startsLetter(line[i:]):
			return at + i, at
		default:
			return -1, 0
		}
	}
	return -1, 0
}

// keepLast keeps what t drew of the open block before the line starting at
// at, t's last candidate (taken off t).
func (r *Renderer) keepLast(t *tailRender, at int) {
	o := &r.open
	i := len(t.at) - 1
	j, n := t.at[i], t.nCode[i]
	t.at, t.leads, t.clean, t.nCode = t.at[:i], t.leads[:i], t.clean[:i], t.nCode[:i]
	if j < 0 {
		return
	}
	// As the close would leave them: for an item (dropNext) the empty lines
	// before the next one kept; else (trimBlank) none at the end; at the
	// start none, when the lines start the block.
	lines := t.lines[:j:j]
	if o.list.mark == 0 {
		for len(lines) > 0 && lines[len(lines)-1] == "" {
			lines = lines[:len(lines)-1]
		}
	}
	for o.cut.kind == cutStart && len(lines) > 0 && lines[0] == "" {
		lines = lines[1:]
	}
	o.last = lastDrawn{ok: true, cut: o.cut, upto: at, lines: lines, codes: t.codes[:min(n, len(t.codes))]}
}
