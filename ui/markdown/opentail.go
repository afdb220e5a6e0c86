package markdown

import (
	"bytes"
	"slices"
	"strings"
)

// The tail of the open block rendered from its cut, and where its
// candidates landed in that rendering (their markers), which says how far
// the block's lines can be committed.

// tailRender is the tail rendered from a cut.
type tailRender struct {
	ok    bool
	lines []string    // without the stub's lines; markers removed
	codes []CodeBlock // the tail's code blocks
	html  bool
	sep   string // the line under a table's head, when the stub holds it
	// For each candidate given, the line its text starts on (-1: not
	// seen), and whether it starts that line.
	at    []int
	leads []bool
	clean []bool // nothing before the candidate can change
	nCode []int  // code blocks that start before the candidate's line
}

// cutAtFence moves the cut to the first fence among the candidates, when
// the tail reaches it, from a render of the tail that stops at the fence's
// first line and closes it there: the code under it would be rendered by
// glamour only to be dropped, as from the fence on it is drawn in pieces
// (at 196 columns glamour takes some 0.5 ms a line of code, and a new item
// comes with a dozen lines of code in its first frame). It reports whether
// the cut is now at the fence; else it may have moved to a candidate before
// it, and the tail is rendered as usual.
func (r *Renderer) cutAtFence(end, first int) bool {
	o := &r.open
	if o.mode != modeItem || o.code != nil {
		return false
	}
	k := slices.IndexFunc(o.cands, func(c cutPoint) bool { return c.kind == cutCode })
	if k < 0 || o.cands[k].fence.body > end || o.cands[k].at < o.cut.at {
		return false
	}
	c := o.cands[k]
	run := strings.Repeat(string(c.fence.char), c.fence.n)
	closing := []byte(c.ind + run + "\n")
	t := r.renderTail(o.cut, candidates{cands: o.cands[:k+1]}, c.fence.body, closing, false, first)
	o.last = lastDrawn{}
	if !t.ok {
		return false
	}
	r.commit(&t)
	return o.code != nil
}

// renderTail renders the text from cut c to end, then close (what closes a
// fence the tail stops in), with markers at the candidates all, and finds
// where each landed.
func (r *Renderer) renderTail(c cutPoint, all candidates, end int, close []byte, more bool, first int) tailRender {
	n := all.len()
	src := make([]byte, 0, len(c.stub)+end-c.at+3*n+len(close)+8)
	src = append(src, c.stub...)
	tailAt := len(src)
	pos := c.at
	srcAt := make([]int, n) // where each candidate's text is in src
	marked := 0
	for i := range n {
		k := all.at(i)
		if k.at >= end || k.at < pos {
			srcAt[i] = -1
			continue
		}
		if k.mark < 0 || k.mark >= end {
			src = append(src, r.text[pos:k.at]...)
			pos = k.at
			srcAt[i] = len(src)
			continue
		}
		src = append(src, r.text[pos:k.at]...)
		srcAt[i] = len(src)
		src = append(src, r.text[k.at:k.mark]...)
		src = append(src, cutMark...)
		pos = k.mark
		marked++
	}
	src = append(src, r.text[pos:end]...)
	src = append(src, close...)
	var next []byte
	if more {
		next = itemNext(r.open.list)
		src = append(src, next...)
	}
	rd, err := r.renderTailSrc(src, c, close, next)
	if err != nil { // shown as the plain text it is, and no cut made
		return tailRender{lines: compact(nil, strings.TrimSpace(string(r.text[c.at:end])))}
	}
	lines := compact(nil, rd.out)
	if next != nil {
		lines = dropNext(lines)
	} else {
		lines = trimBlank(lines)
	}
	t := tailRender{ok: true, html: rd.html, codes: rd.codes}
	drop := stubLines(lines, c)
	if r.open.isTable && len(lines) > 1 && (c.kind == cutStart || c.drop > 1) {
		t.sep = lines[1]
	}
	lines = lines[drop:]
	if c.kind == cutAfterCode && len(t.codes) > 0 {
		t.codes = t.codes[1:] // the stub's empty block
	}
	t.at, t.leads, t.nCode = r.findMarks(lines, all, marked)
	risk, inside := inlineRisk(rd.doc, rd.src, tailAt)
	t.clean = make([]bool, n)
	for i, at := range srcAt {
		t.clean[i] = cuttable(at, risk, inside)
	}
	labelCode(lines, t.codes, first, r.styles.CodeLabel)
	t.lines = unmarkLines(lines)
	return t
}

// renderTailSrc renders the source of a tail: an open paragraph's, when
// it is one line, or a list item's holding only text, laid out by flatPara
// (paraflat.go); a table's of plain text by flatTable (tableflat.go);
// anything else by glamour.
func (r *Renderer) renderTailSrc(src []byte, c cutPoint, close, next []byte) (rendering, error) {
	para := r.open.mode == modePara && c.stub == "" && next == nil
	item := r.open.mode == modeItem && c.kind != cutAfterCode // its stub holds a fence
	table := r.open.isTable && next == nil
	if (para || item || table) && close == nil {
		return r.renderFlat(src)
	}
	return r.render(src)
}

// stubLines is how many of lines the stub of c drew: up to the last line
// holding a stubMark, and for a cut after code, the stub's code label.
func stubLines(lines []string, c cutPoint) int {
	if c.stub == "" {
		return 0
	}
	if c.drop > 0 {
		return min(c.drop, len(lines))
	}
	n := 0
	for i, l := range lines {
		if strings.Contains(l, stubMark) {
			n = i + 1
		}
	}
	if c.kind == cutAfterCode {
		for i := n; i < len(lines); i++ {
			if strings.Contains(lines[i], codeMark) {
				return i + 1
			}
		}
	}
	return n
}

// findMarks returns, for each candidate, the line its marker is on and
// whether the marker starts the line's text; for a fence, the line of its
// code label. The order of markers in the output is the order in the
// source: if any went missing, no candidate is found.
func (r *Renderer) findMarks(lines []string, cands candidates, marked int) (at []int, leads []bool, nCode []int) {
	n := cands.len()
	at, leads, nCode = make([]int, n), make([]bool, n), make([]int, n)
	for i := range at {
		at[i] = -1
	}
	type hit struct {
		line int
		lead bool
	}
	var marks []hit
	var codeLines []int
	for i, l := range lines {
		if strings.Contains(l, codeMark) {
			codeLines = append(codeLines, i)
		}
		for rest, off := l, 0; ; {
			k := strings.Index(rest, cutMark)
			if k < 0 {
				break
			}
			marks = append(marks, hit{line: i, lead: leadsLine(l, off+k)})
			rest, off = rest[k+len(cutMark):], off+k+len(cutMark)
		}
	}
	if len(marks) != marked {
		return
	}
	m, code := 0, 0
	for i := range n {
		c := cands.at(i)
		switch {
		case c.kind == cutCode:
			if code < len(codeLines) {
				at[i], leads[i] = codeLines[code], true
			}
			code++
		case c.mark >= 0 && m < len(marks):
			at[i], leads[i] = marks[m].line, marks[m].lead
			m++
		}
		if at[i] >= 0 {
			for _, cl := range codeLines {
				if cl < at[i] {
					nCode[i]++
				}
			}
		}
	}
	return
}

// leadsLine reports whether the marker at byte k of line l comes before
// any visible text of the line (after its indentation and styles).
func leadsLine(l string, k int) bool {
	for i := 0; i < k; {
		switch c := l[i]; {
		case c == ' ':
			i++
		case c == 0x1b && i+1 < len(l) && l[i+1] == '[':
			for i += 2; i < len(l) && (l[i] < 0x40 || l[i] > 0x7e); i++ {
			}
			i++
		case strings.HasPrefix(l[i:], cutMark):
			i += len(cutMark)
		default:
			return false
		}
	}
	return true
}

// unmarkLines removes the markers from lines, in place.
func unmarkLines(lines []string) []string {
	for i, l := range lines {
		if strings.Contains(l, cutMark) {
			lines[i] = strings.ReplaceAll(l, cutMark, "")
		}
	}
	return lines
}

// unmarkText replaces, in b, the characters the Renderer uses as marks
// with others of the same length: code marks with U+FFFD, cut and stub
// marks with U+FEFF (no width either).
func unmarkText(b []byte) {
	for _, m := range [...]struct{ mark, with string }{{codeMark, "\uFFFD"}, {cutMark, "\uFEFF"}, {stubMark, "\uFEFF"}} {
		for s := b; ; {
			i := bytes.Index(s, []byte(m.mark))
			if i < 0 {
				break
			}
			copy(s[i:], m.with)
			s = s[i+len(m.mark):]
		}
	}
}
