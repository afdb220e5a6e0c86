package markdown

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

// wordCut is the candidate of a paragraph's word at offset at. The words
// are kept as offsets only, since a word's candidate holds nothing else: a
// server's one-line delta of 1 MiB has some 170,000 words, which as
// cutPoints held 23 MiB.
func wordCut(at int) cutPoint {
	return cutPoint{at: at, mark: at, kind: cutWord}
}

// candidates are the places a render of the tail marks, in order: the
// open block's candidates, then the words of the line being written, then
// at most one more (the start of the next block, see boundary).
type candidates struct {
	cands []cutPoint
	words []int
	next  []cutPoint
}

// len is how many candidates there are.
func (cs candidates) len() int { return len(cs.cands) + len(cs.words) + len(cs.next) }

// at is the i-th candidate.
func (cs candidates) at(i int) cutPoint {
	if i < len(cs.cands) {
		return cs.cands[i]
	}
	if i -= len(cs.cands); i < len(cs.words) {
		return wordCut(cs.words[i])
	}
	return cs.next[i-len(cs.words)]
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
	// first is the offset of its first line that is not blank: a block
	// after a fence or a heading, say, or a list's first item, starts with
	// the blank line before it, and its kind is its next line's.
	first int
	list  listRef
	mode  openMode
	cut   cutPoint
	lines []string    // committed lines
	codes []CodeBlock // the code blocks among them
	cands []cutPoint  // candidates after the cut, in order
	words []int       // paragraph mode: the words of the line being written (candidates; see wordCut)
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
	r.open = openBlock{start: start, first: start, list: list, scan: start,
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
		t := r.renderTail(cutPoint{at: o.start, mark: -1, stub: string(itemStub(o.list))}, candidates{}, end, nil, false, len(r.codes)+1)
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
		cs := candidates{cands: o.cands, words: o.words}
		bnd, at := r.boundary(end)
		if bnd >= 0 {
			cs.next = []cutPoint{{at: at, mark: bnd, kind: cutLine}}
		}
		t := r.renderTail(o.cut, cs, end, nil, false, first)
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
	t := r.renderTail(o.cut, candidates{}, end, nil, more, first)
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

// commit moves the cut to the last candidate of t that starts an output
// line with nothing open before it, and keeps the lines before it.
func (r *Renderer) commit(t *tailRender) {
	o := &r.open
	all := candidates{cands: o.cands, words: o.words}
	for i := min(all.len(), len(t.at)) - 1; i >= 0; i-- {
		c, j := all.at(i), t.at[i]
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
