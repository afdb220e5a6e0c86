package markdown

import (
	"bytes"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The scanner reads the open block's lines as they complete and lists the
// candidates for a cut (see open.go). It follows CommonMark only as far as
// it needs to know that a candidate is safe; anything it does not follow
// stops the cuts for the rest of the block, which then renders from the
// last cut at each frame: slower, never wrong.

// paraScan is the state of a block of paragraphs.
type paraScan struct {
	in     bool // the last line was paragraph text
	lines  int  // lines read
	wordAt int  // offset up to which words were listed
}

// itemScan is the state of a list item at the top level.
type itemScan struct {
	levels    []level // the item, then the items nested in it, to the line being read
	para      bool    // the last line was paragraph text
	blank     bool    // the last line was blank
	fence     fence   // a fence open inside the item
	fenceCol  int     // the content column of the item the fence is in
	afterCode *cutPoint
}

// level is an item the scanner is in.
type level struct {
	col     int    // its content column
	head    string // its first line up to the content column: the stub's line
	mark    byte
	ordered bool
	num     int // the number glamour draws for it
}

// scanOpen reads the lines of the open block completed since the last call,
// and the words of the line being written.
func (r *Renderer) scanOpen() {
	o := &r.open
	r.scanOpenTo(r.split.pos)
	if o.mode == modeNone && o.scan == o.start {
		r.startMode(complete(r.text[o.start:]), false)
	}
	if o.mode == modePara {
		r.scanWords()
	}
}

// pending reports whether the line being written could still turn out to
// change the paragraph text above it: a setext underline, a delimiter row,
// a definition. The block is then drawn whole until the line is complete.
func (r *Renderer) pending(end int) bool {
	o := &r.open
	under := o.mode == modePara && o.para.in || o.mode == modeItem && o.item.para || o.mode == modeWhole && o.cut.kind != cutStart
	if o.scan <= o.start || o.scan >= end || !under {
		return false
	}
	t := bytes.TrimSpace(r.text[o.scan:end])
	if len(t) == 0 {
		return false
	}
	if t[0] == ':' {
		return true
	}
	only := func(set string) bool {
		for _, c := range t {
			if !strings.ContainsRune(set, rune(c)) {
				return false
			}
		}
		return true
	}
	return only("=") || only("- ") || only("|-: ")
}

// scanOpenTo reads the lines of the open block up to offset end.
func (r *Renderer) scanOpenTo(end int) {
	o := &r.open
	for o.scan < end && o.scan >= o.start {
		nl := bytes.IndexByte(r.text[o.scan:end], '\n')
		if nl < 0 {
			return
		}
		at := o.scan
		o.scan += nl + 1
		r.scanLine(r.text[at:at+nl], at)
	}
}

// retroactive reports whether line, under paragraph text, can change it:
// a setext underline, a table's delimiter row, a definition.
func retroactive(line []byte) bool {
	t := bytes.TrimLeft(line, " \t")
	if len(t) == 0 {
		return false
	}
	switch t[0] {
	case '=', '-', '|', ':':
		return true
	}
	return isDelimRow(t)
}

// isDelimRow reports whether t could be a table's delimiter row: only
// pipes, dashes, colons and spaces, with a dash.
func isDelimRow(t []byte) bool {
	dash := false
	for _, c := range bytes.TrimSpace(t) {
		switch c {
		case '-':
			dash = true
		case '|', ':', ' ', '\t':
		default:
			return false
		}
	}
	return dash
}

// startMode decides how the block is cut from its first line (complete or
// not).
func (r *Renderer) startMode(line []byte, complete bool) {
	o := &r.open
	switch {
	case o.list.mark != 0:
		li, col, rest := listItem(line)
		if li.mark == 0 || !complete {
			if complete {
				o.mode = modeWhole
			}
			return
		}
		o.mode = modeItem
		head, ok := numbered(line[:min(col, len(line))], li, o.list.start+o.list.n)
		if !ok {
			o.mode = modeWhole
			return
		}
		o.item = itemScan{levels: []level{{col: col, head: head, mark: li.mark, ordered: li.mark == '.' || li.mark == ')',
			num: o.list.start + o.list.n}}, para: len(rest) > 0}
		if isFence(rest) {
			o.mode = modeWhole
		}
	case startsWord(line) && isParaText(line):
		if o.mode != modePara {
			o.mode = modePara
			o.para.wordAt = o.start
		}
	case bytes.HasPrefix(bytes.TrimLeft(line, " "), []byte("|")):
		// A table's head, if a delimiter row follows: the next line says.
	case complete:
		o.mode = modeWhole
	}
}

// numbered returns head, the start of an item's first line up to its
// content, with number n in place of its own, keeping its width.
func numbered(head []byte, li listRef, n int) (string, bool) {
	if li.mark != '.' && li.mark != ')' {
		return string(head), true
	}
	ind := len(head) - len(bytes.TrimLeft(head, " \t"))
	digits := 0
	for ind+digits < len(head) && head[ind+digits] >= '0' && head[ind+digits] <= '9' {
		digits++
	}
	num := strconv.Itoa(n)
	if len(num) > digits+len(head)-ind-digits-2 {
		return "", false // no room for the number, or for the space after it
	}
	rest := head[ind+digits:] // the mark and the spaces
	out := string(head[:ind]) + num + string(rest[:1]) + strings.Repeat(" ", len(rest)-1+digits-len(num))
	return out, true
}

// startsLetter reports whether line starts with a letter: no block but a
// paragraph starts so (a digit may start a numbered item).
func startsLetter(line []byte) bool {
	r, _ := utf8.DecodeRune(line)
	return r != utf8.RuneError && unicode.IsLetter(r)
}

// letterAfterStars is the offset of line's first letter when the line
// starts with one, or with one or two asterisks then one (an item that
// starts "**Term**:"), else -1. A character of no width there leaves the
// asterisks able to open emphasis, as it would not underscores: in
// CommonMark a run of `_` between two letters opens nothing.
func letterAfterStars(line []byte) int {
	k := 0
	for k < 2 && k < len(line) && line[k] == '*' {
		k++
	}
	if !startsLetter(line[k:]) {
		return -1
	}
	return k
}

// startsWord reports whether line starts with a letter or a digit.
func startsWord(line []byte) bool {
	r, _ := utf8.DecodeRune(line)
	return r != utf8.RuneError && (unicode.IsLetter(r) || unicode.IsDigit(r))
}

// scanLine reads one complete line of the open block, starting at offset at.
func (r *Renderer) scanLine(line []byte, at int) {
	o := &r.open
	if at == o.start {
		r.startMode(line, true)
		o.para.lines = 1
		o.para.in = o.mode == modePara
		return
	}
	switch o.mode {
	case modeWhole:
		// The cuts stopped, but lines were committed: a line that could
		// change the paragraph above it (whatever that is now) undoes them.
		if o.cut.kind != cutStart && retroactive(line) {
			r.restartOpen()
		}
	case modeNone:
		if !isDelimRow(line) || !r.tableStart(line) {
			r.stopCuts()
		}
	case modePara:
		r.scanParaLine(line, at)
	case modeItem:
		r.scanItemLine(line, at)
	case modeTable:
		r.scanTableLine(line, at)
	}
}

// scanParaLine reads a line of a block of paragraphs.
func (r *Renderer) scanParaLine(line []byte, at int) {
	o := &r.open
	o.para.lines++
	switch {
	case isBlank(line):
		o.para.in = false
	case o.para.in && isDelimRow(line) && o.para.lines == 2 && r.tableStart(line):
		// The first line was a table's head.
	case o.para.in && retroactive(line):
		r.restartOpen()
	case !o.para.in && indent(line) >= 4, !isParaText(line), isListItem(line):
		r.stopCuts()
	default:
		o.para.in = true
	}
}

// isListItem reports whether line starts a list item.
func isListItem(line []byte) bool {
	li, _, _ := listItem(line)
	return li.mark != 0
}

// scanWords lists the words of paragraph text not listed yet, up to the
// last complete one.
func (r *Renderer) scanWords() {
	o := &r.open
	end := o.start + len(complete(r.text[o.start:]))
	// A line not complete yet may turn out not to be paragraph text, or,
	// after a blank line, to start the next block: its words wait until
	// it is complete, unless it plainly goes on the paragraph.
	if o.scan < end && (o.scan > o.start && !o.para.in || !startsLetter(bytes.TrimLeft(r.text[o.scan:end], " "))) {
		end = o.scan
	}
	text := r.text
	p := max(o.para.wordAt, o.cut.at+1)
	for ; p < end; p++ {
		if c := text[p-1]; c != ' ' && c != '\n' && c != '\t' {
			continue
		}
		if !startsWord(text[p:end]) {
			continue
		}
		w := p
		for w < end && text[w] != ' ' && text[w] != '\n' && text[w] != '\t' {
			w++
		}
		if w == end {
			break // the word may not be whole yet
		}
		if plainWord(text[p:w]) {
			o.words = append(o.words, cutPoint{at: p, mark: p, kind: cutWord})
		}
		p = w
	}
	o.para.wordAt = p
}

// plainWord reports whether a marker can go before word without changing
// how it renders: not the start of a link goldmark would find on its own;
// and whether a line starting with it wraps as a line of its own would: not
// with a hyphen, which the wrapping decides to break at or not while it
// reads the word, on the line before.
func plainWord(w []byte) bool {
	lw := bytes.ToLower(w)
	return !bytes.HasPrefix(lw, []byte("www.")) && !bytes.Contains(w, []byte("://")) && !bytes.ContainsAny(w, "@-")
}

// scanItemLine reads a line of a list item.
func (r *Renderer) scanItemLine(line []byte, at int) {
	o := &r.open
	s := &o.item
	ind := indent(line)
	if s.fence.char != 0 {
		switch {
		case ind >= s.fenceCol && s.fence.closes(line, ind-s.fenceCol):
			r.fenceClosed(at, at+len(line)+1)
			return
		case ind >= s.fenceCol || isBlank(line):
			return // code
		}
		r.fenceClosed(at, at) // the item ends here, and its fence with it
	}
	if isBlank(line) {
		s.para, s.blank = false, true
		return
	}
	blank := s.blank
	s.blank = false
	pending := s.afterCode
	s.afterCode = nil
	li, col, rest := listItem(line)
	last := len(s.levels) - 1
	deep := last
	for deep >= 0 && ind < s.levels[deep].col {
		deep--
	}
	lazy := s.para && deep < last && li.mark == 0 && isParaText(line)
	if deep < 0 && !lazy {
		r.stopCuts() // the item is over: the list goes on, or something else
		return
	}
	if lazy {
		deep = last
	}
	s.levels = s.levels[:deep+1]
	lv := s.levels[deep]
	rel := ind - lv.col
	if lazy {
		rel = 0
	}
	switch {
	case li.mark != 0 && rel < 4 && (!s.para || li.interrupts(len(rest) > 0)):
		r.nestedItem(line, at, ind, li, col, rest, pending, blank)
	case isFence(line) && rel < 4:
		s.fence = openFence(line, false, at, at+len(line)+1)
		s.fenceCol = lv.col
		s.para = false
		r.addCand(cutPoint{at: at, mark: -1, kind: cutCode, stub: chain(s.levels), fence: s.fence,
			ind: string(line[:len(line)-len(bytes.TrimLeft(line, " \t"))])})
	case s.para && retroactive(line):
		r.restartOpen()
	case rel >= 4 && !s.para:
		r.stopCuts() // indented code
	case !isParaText(line) || li.mark != 0:
		r.stopCuts()
	case s.para:
		if startsWord(line[ind:]) {
			r.addCand(cutPoint{at: at, mark: at + ind, kind: cutLine, stub: chain(s.levels)})
		}
	default: // the first line of a paragraph
		s.para = true
		if pending != nil && startsWord(line[ind:]) {
			pending.mark = at + ind
			r.addCand(*pending)
		}
	}
}

// nestedItem reads a list item nested in the item at the top.
func (r *Renderer) nestedItem(line []byte, at, ind int, li listRef, col int, rest []byte, pending *cutPoint, blank bool) {
	o := &r.open
	s := &o.item
	num := li.start
	var sib []byte // the item before, for a numbered list going on
	if n := len(s.levels); n > 1 || ind >= s.levels[0].col {
		parent := len(s.levels) - 1
		if p := parent; p > 0 && s.levels[p].mark == li.mark && ind < s.levels[p].col {
			// A sibling of the innermost item: it takes its place.
			num = s.levels[p].num + 1
			if s.levels[p].ordered {
				h, ok := numbered(line[:ind+col], li, num-1)
				if !ok {
					r.stopCuts()
					return
				}
				sib = []byte(h + stubMark + "\n")
			}
			s.levels = s.levels[:p]
		}
	}
	head, ok := numbered(line[:min(ind+col, len(line))], li, num)
	if !ok {
		r.stopCuts()
		return
	}
	stub := chain(s.levels) + string(sib)
	if blank && sib == nil {
		stub += "\n" // as in the text: an item after a blank line starts a list, after text it may not
	}
	s.levels = append(s.levels, level{col: ind + col, head: head, mark: li.mark, ordered: li.mark == '.' || li.mark == ')', num: num})
	s.para = len(rest) > 0
	if isFence(rest) {
		r.stopCuts()
		return
	}
	if content := at + ind + col; content < at+len(line) && startsWord(line[ind+col:]) {
		c := cutPoint{at: at, mark: content, kind: cutLine, stub: stub}
		if pending != nil {
			c = *pending
			c.mark = content
		}
		r.addCand(c)
	}
}

// chain is the stub that puts a line inside the items of levels: each
// item's first line, holding only a stub mark.
func chain(levels []level) string {
	var b strings.Builder
	for _, l := range levels {
		b.WriteString(l.head + stubMark + "\n")
	}
	return b.String()
}

// addCand lists a candidate, unless cuts stopped.
func (r *Renderer) addCand(c cutPoint) {
	if r.open.mode != modeWhole {
		r.open.cands = append(r.open.cands, c)
	}
}

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
	if at <= o.start || at >= end || o.code != nil {
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
