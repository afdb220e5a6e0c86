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
	if o.mode == modeNone && o.scan == o.first {
		r.startMode(complete(r.text[o.first:]), false)
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
	if o.scan <= o.first || o.scan >= end || !under {
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
	if at == o.first && o.mode == modeNone && isBlank(line) {
		o.first = o.scan // the blank line before the block's first
		return
	}
	if at == o.first {
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

// addCand lists a candidate, unless cuts stopped.
func (r *Renderer) addCand(c cutPoint) {
	if r.open.mode != modeWhole {
		r.open.cands = append(r.open.cands, c)
	}
}
