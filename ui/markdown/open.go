package markdown

import (
	"bytes"
	"slices"
	"strings"
)

// The block still arriving is drawn without rendering it whole at every
// frame, whatever its kind. Its lines are cut in two: those committed,
// which no later text can change, kept as they are; and the tail, rendered
// again at each frame from a cut, a place in the text where rendering can
// start afresh and give the lines the whole block gives there. So a frame
// costs what changed, not the length of the block.
//
// A cut is found in two steps. The scanner (openscan.go) reads the block's
// lines as they complete and lists candidates: places that would start an
// output line in the whole rendering (a word of a paragraph, a line of a
// list item, a table row, a fence inside an item), each with the stub that
// rebuilds its context (the list items it is in, the table's head). Then,
// when the tail is rendered, each candidate carries a marker, a character
// of no width, so that the output shows where the candidate's text landed;
// the cut moves to the last candidate that starts an output line, before
// which nothing can change any more: no emphasis, code span or link left
// open that later text could close (inlineRisk). The lines before it are
// committed, and the next frame renders from there.
//
// Later text can change committed lines in a few ways (a line of `===`
// under a paragraph makes it a heading; a table's delimiter row makes the
// line above it a header); the scanner sees them and starts the block over.
// A table's rows are rendered under a stub of its head and its widest cells
// so that the columns keep their widths; a wider cell lays the table out
// again.
//
// When the block closes, its lines are the committed ones and the tail
// rendered once more. TestBlockwiseMatchesWhole and its kin check that this
// is what rendering the block whole gives.

// Characters of no width that stand for something while the tail renders:
// cutMark marks where a candidate's text starts, stubMark is the text of
// the stub's list items (their lines are dropped). Model text cannot hold
// them: Append turns them into another character of no width.
const (
	cutMark  = "\u2060" // WORD JOINER
	stubMark = "\u2061" // FUNCTION APPLICATION
)

// cutKind is what kind of place a cut is.
type cutKind uint8

const (
	cutStart     cutKind = iota // the block's start
	cutWord                     // a word of a paragraph: its marker must start an output line
	cutLine                     // a line of a list item, or a table row
	cutCode                     // a fence opening inside a list item
	cutAfterCode                // the line after a fence closed inside a list item
)

// cutPoint is a place the tail can be rendered from.
type cutPoint struct {
	at   int // offset in the text of the tail's first byte
	mark int // offset where its marker goes; -1: none (cutStart, cutCode, cutAfterCode)
	kind cutKind
	stub string // rendered before the tail; its lines are dropped
	drop int    // how many lines the stub draws, when it has no stub mark (a table's)
	// cutCode: the fence and its indentation, and once it closed, where
	// its closing line starts and the line after it.
	fence         fence
	ind           string
	closed, after int
	row           int // a table row's index
}

// openMode is how the open block is cut.
type openMode uint8

const (
	modeNone  openMode = iota // not known yet
	modePara                  // paragraphs: cut at words
	modeItem                  // a list item: cut at lines, code drawn in pieces
	modeTable                 // a table: cut at rows
	modeWhole                 // no more cuts: the tail is what is left
)

// openBlock is the state of the block still arriving.
type openBlock struct {
	start int // the block's offset; -1 before the first
	list  listRef
	mode  openMode
	cut   cutPoint
	lines []string    // committed lines
	codes []CodeBlock // the code blocks among them
	cands []cutPoint  // candidates after the cut, in order
	words []cutPoint  // paragraph mode: candidates in the line being written
	scan  int         // offset of the first complete line not scanned
	para  paraScan
	item  itemScan
	table tableScan
	// isTable: the block is a table, cut or not (stopping the cuts does
	// not stop checking that its columns keep their widths).
	isTable bool
	code    *codeRun // the fence the cut is at (cutCode), while it is open
	// last is what the last frame drew of the block up to the line being
	// written, when that line starts the next block (see boundary): the
	// block's lines once it closes there, with no render more.
	last lastDrawn
}

// lastDrawn is the open block as drawn at a frame, up to the start of the
// line being written.
type lastDrawn struct {
	ok    bool
	cut   cutPoint // the cut it was drawn from
	upto  int      // where the next block starts
	lines []string
	codes []CodeBlock
}

// resetOpen starts the state of a block at start.
func (r *Renderer) resetOpen(start int, list listRef) {
	r.open = openBlock{start: start, list: list, scan: start,
		cut: cutPoint{at: start, mark: -1, stub: string(itemStub(list))}}
}

// restartOpen forgets what was committed: the block is drawn whole from
// now on (something arrived that changes lines already drawn).
func (r *Renderer) restartOpen() {
	o := &r.open
	o.cut = cutPoint{at: o.start, mark: -1, stub: string(itemStub(o.list))}
	o.lines, o.codes, o.cands, o.words, o.code = nil, nil, nil, nil, nil
	o.mode = modeWhole
}

// stopCuts keeps what was committed but looks for no more cuts.
func (r *Renderer) stopCuts() {
	o := &r.open
	o.mode = modeWhole
	o.cands, o.words = nil, nil
}

// renderOpen returns the lines and code blocks of the open block.
func (r *Renderer) renderOpen() ([]string, []CodeBlock) {
	o := &r.open
	if o.start != r.split.start || o.list != r.split.list {
		r.resetOpen(r.split.start, r.split.list)
	}
	r.scanOpen()
	end := o.start + len(complete(r.text[o.start:]))
	if r.pending(end) {
		t := r.renderTail(cutPoint{at: o.start, mark: -1, stub: string(itemStub(o.list))}, nil, nil, end, nil, false, len(r.codes)+1)
		return t.lines, t.codes
	}
	for {
		if o.code != nil {
			lines := r.codeLines(o.code, end)
			return join(o.lines, lines), append(o.codes[:len(o.codes):len(o.codes)], o.code.block())
		}
		first := len(r.codes) + len(o.codes) + 1
		if r.cutAtFence(end, first) {
			continue
		}
		words := o.words
		bnd, at := r.boundary(end)
		if bnd >= 0 {
			words = append(words[:len(words):len(words)], cutPoint{at: at, mark: bnd, kind: cutLine})
		}
		t := r.renderTail(o.cut, o.cands, words, end, nil, false, first)
		o.last = lastDrawn{}
		if bnd >= 0 && t.ok {
			r.keepLast(&t, at)
		}
		was := o.cut
		if o.isTable && t.ok && o.table.sep != "" && t.sep != o.table.sep {
			if r.tableRelaid() {
				continue // a wider cell: the columns changed
			}
		}
		if o.mode != modeWhole && t.ok {
			r.commit(&t)
		}
		if o.code == nil && (o.cut.kind != cutAfterCode || o.cut == was) {
			return join(o.lines, t.lines), append(o.codes[:len(o.codes):len(o.codes)], t.codes...)
		}
		// The cut reached a fence: draw it in pieces, or past it if it
		// closed already.
	}
}

// closeOpen returns the lines of the open block, now closed at end: the
// committed lines and the tail rendered once more; ok is false when
// nothing was committed, and the block is better rendered whole.
func (r *Renderer) closeOpen(end int, more bool) (lines []string, codes []CodeBlock, html, ok bool) {
	o := &r.open
	first := len(r.codes) + len(o.codes) + 1
	if o.code != nil {
		// The block closed inside the fence (an item's code not closed):
		// the fence runs to the end, as the whole rendering has it.
		return nil, nil, false, false
	}
	if l := o.last; l.ok && l.cut == o.cut && l.upto == end && !(o.isTable && o.table.wraps) {
		return join(o.lines, l.lines), append(o.codes[:len(o.codes):len(o.codes)], l.codes...), false, true
	}
	if o.cut.kind == cutStart || o.cut.at > end {
		return nil, nil, false, false
	}
	t := r.renderTail(o.cut, nil, nil, end, nil, more, first)
	if !t.ok || o.isTable && (t.sep != o.table.sep || o.table.wraps) {
		return nil, nil, false, false
	}
	return join(o.lines, t.lines), append(o.codes[:len(o.codes):len(o.codes)], t.codes...), t.html, true
}

// join returns a and b one after the other, in a new slice.
func join(a, b []string) []string {
	out := make([]string, 0, len(a)+len(b))
	return append(append(out, a...), b...)
}

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
	t := r.renderTail(o.cut, o.cands[:k+1], nil, c.fence.body, closing, false, first)
	o.last = lastDrawn{}
	if !t.ok {
		return false
	}
	r.commit(&t)
	return o.code != nil
}

// renderTail renders the text from cut c to end, then close (what closes a
// fence the tail stops in), with markers at the candidates (cands, then
// words), and finds where each landed.
func (r *Renderer) renderTail(c cutPoint, cands, words []cutPoint, end int, close []byte, more bool, first int) tailRender {
	all := cands
	if len(words) > 0 {
		all = append(cands[:len(cands):len(cands)], words...)
	}
	src := make([]byte, 0, len(c.stub)+end-c.at+3*len(all)+len(close)+8)
	src = append(src, c.stub...)
	tailAt := len(src)
	pos := c.at
	srcAt := make([]int, len(all)) // where each candidate's text is in src
	marked := 0
	for i, k := range all {
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
	rd, err := r.render(src)
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
	t.clean = make([]bool, len(all))
	for i, at := range srcAt {
		t.clean[i] = cuttable(at, risk, inside)
	}
	labelCode(lines, t.codes, first, r.styles.CodeLabel)
	t.lines = unmarkLines(lines)
	return t
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
func (r *Renderer) findMarks(lines []string, cands []cutPoint, marked int) (at []int, leads []bool, nCode []int) {
	at, leads, nCode = make([]int, len(cands)), make([]bool, len(cands)), make([]int, len(cands))
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
	for i, c := range cands {
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

// commit moves the cut to the last candidate of t that starts an output
// line with nothing open before it, and keeps the lines before it.
func (r *Renderer) commit(t *tailRender) {
	o := &r.open
	all := o.cands
	if len(o.words) > 0 {
		all = append(o.cands[:len(o.cands):len(o.cands)], o.words...)
	}
	for i := min(len(all), len(t.at)) - 1; i >= 0; i-- {
		c, j := all[i], t.at[i]
		switch {
		case j < 0 || !t.clean[i]:
			continue
		case c.kind == cutWord && !t.leads[i]:
			continue // not a line's first word
		case j == 0 && c.kind != cutCode:
			continue
		case o.mode == modeTable && i >= len(o.cands):
			continue
		}
		if o.mode == modeTable && !o.table.wraps && !r.tableRows(t, i) {
			// Rows take more than a line: the table wraps (see tableScan).
			o.table.wraps = true
		}
		n := t.nCode[i]
		o.lines = append(o.lines, t.lines[:j]...)
		o.codes = append(o.codes, t.codes[:min(n, len(t.codes))]...)
		t.lines, t.codes = t.lines[j:], t.codes[min(n, len(t.codes)):]
		if o.mode == modeTable {
			rows := c.row
			if o.cut.kind != cutStart {
				rows -= o.cut.row
			}
			r.tableCommitted(t.sep, o.lines, rows)
			c.stub, c.drop = o.cut.stub, 3
		}
		o.cut = c
		if i < len(o.cands) {
			o.cands = o.cands[i+1:]
		} else {
			o.words = o.words[i-len(o.cands)+1:]
			o.cands = nil
		}
		if c.kind == cutCode {
			o.code = &codeRun{}
			r.startCode(o.code, c.fence, c.ind, c.stub, len(r.codes)+len(o.codes)+1)
			if c.closed > 0 {
				r.closeCode(c.closed, c.after)
			}
		}
		return
	}
}

// closeCode ends the fence the cut is at, whose closing line starts at
// end: its lines are committed (its pieces, if the whole block agrees with
// them; else it is rendered whole once), and the cut moves past it.
func (r *Renderer) closeCode(end, after int) {
	o := &r.open
	c := o.code
	o.code = nil
	lines := []string(nil)
	if k, ok := r.finishCode(c, end); ok {
		if c.label != "" {
			lines = append(lines, c.label)
		}
		lines = append(lines, c.lines...)
		r.checks = append(r.checks, pendingCheck{k: k, block: -1, from: o.start})
	} else {
		rd, err := r.render(r.fenced(c, r.text[c.f.body:end]))
		if err != nil {
			r.restartOpen()
			return
		}
		all := trimBlank(compact(nil, rd.out))
		skip := stubLines(all, cutPoint{stub: c.stub})
		lines = all[skip:]
		labelCode(lines, rd.codes, len(r.codes)+len(o.codes)+1, r.styles.CodeLabel)
	}
	o.lines = append(o.lines, lines...)
	o.codes = append(o.codes, c.block())
	o.cut = cutPoint{at: after, mark: -1, kind: cutAfterCode,
		stub: c.stub + c.ind + "```\n" + c.ind + "```\n"}
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
