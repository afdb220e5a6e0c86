package markdown

import "bytes"

// splitter cuts growing markdown text into top-level blocks. It reads only
// complete lines, and it closes a block only where CommonMark guarantees that
// no later line can change it: later text can then never alter a block that
// was already rendered. Where it is unsure it keeps going, so a doubtful case
// costs a larger open block, never a wrong rendering.
//
// A block ends:
//   - before a line at column 0 that follows a blank line, unless the block
//     holds a list and the line is another list item (a loose list goes on);
//   - before a fence opener at column 0, and after the line that closes it;
//   - before and after an ATX heading at column 0 (a heading is one line);
//   - before each item at column 0 of a list that starts the block, after
//     the first: each item is a block of its own (see listRef).
//
// Nothing ends inside a fenced code block or inside an HTML block. The
// zero value starts at offset 0.
type splitter struct {
	start   int     // offset of the open block
	pos     int     // offset of the first line not yet read
	content bool    // the open block has a non-blank line
	blank   bool    // a blank line followed the last non-blank line
	hasItem bool    // the open block holds a list item
	list    listRef // the list the open block is an item of
	fence   fence   // the fenced code block we are inside, if any
	htmlEnd string  // what ends the HTML block we are inside (types 1-5)
	html    bool    // inside an HTML block that a blank line ends (types 6-7)
}

// block is a closed top-level block: text[start:end].
type block struct {
	start, end int
	list       listRef
}

// listRef ties a block to the list it is an item of. Once an item of a list
// is followed by the next, CommonMark can no longer change it, and glamour
// draws a list as its items one under the other, numbered from the first
// item's number: so each item is rendered alone, as item n of a list of its
// kind (see Renderer.renderItem), and drawn right under the item before it.
type listRef struct {
	mark  byte // '-', '+' or '*'; '.' or ')' after a number; 0: no list
	start int  // an ordered list's first number
	n     int  // the item's index in the list, from 0
}

// fence is an open fenced code block.
type fence struct {
	char   byte // '`' or '~'; 0 when no fence is open
	n      int  // length of the opening run
	indent int  // columns before the opening run
	top    bool // opened at column 0: closing it ends the block
	open   int  // offset of the opening line
	body   int  // offset of the first line of content
}

// scan reads the complete lines of text from s.pos on and calls closed with
// every block that ends.
func (s *splitter) scan(text []byte, closed func(block)) {
	for {
		nl := bytes.IndexByte(text[s.pos:], '\n')
		if nl < 0 {
			return
		}
		at := s.pos
		s.pos += nl + 1
		s.line(text[at:at+nl], at, closed)
	}
}

// cut closes the open block at end and opens the next one there.
func (s *splitter) cut(end int, closed func(block)) {
	if end > s.start {
		closed(block{start: s.start, end: end, list: s.list})
	}
	*s = splitter{start: end, pos: s.pos}
}

// line reads one complete line, starting at offset at.
func (s *splitter) line(line []byte, at int, closed func(block)) {
	ind := indent(line)
	switch {
	case s.fence.char != 0:
		s.inFence(line, ind, at, closed)
		return
	case s.htmlEnd != "":
		if bytes.Contains(bytes.ToLower(line), []byte(s.htmlEnd)) {
			s.htmlEnd = ""
		}
		return
	case isBlank(line):
		s.blank = s.content
		s.html = false
		return
	}
	item := listItem(line)
	if s.blank && ind == 0 && !(s.hasItem && item.mark != 0) {
		s.cut(at, closed)
	}
	top := ind == 0 && !s.html
	switch {
	case top && isFence(line):
		if s.content {
			s.cut(at, closed)
		}
		s.fence = openFence(line, ind, true)
		s.fence.open, s.fence.body = at, s.pos
	case top && isHeading(line):
		if s.content {
			s.cut(at, closed)
		}
		s.cut(s.pos, closed)
		return
	case top && item.mark != 0:
		s.topItem(item, at, closed)
	case ind < 4 && isFence(line):
		s.fence = openFence(line, ind, false)
	case ind < 4 && !s.html:
		s.htmlEnd, s.html = htmlStart(line)
	}
	s.hasItem = s.hasItem || ind < 4 && item.mark != 0
	s.content, s.blank = true, false
}

// topItem reads a list item at column 0: the first line of a block starts
// a list; the next item of that list starts a block; an item of another kind
// starts another list, which CommonMark does not join to the first, so the
// block simply goes on.
func (s *splitter) topItem(item listRef, at int, closed func(block)) {
	switch {
	case !s.content:
		s.list = item
	case item.mark == s.list.mark:
		next := s.list
		next.n++
		s.cut(at, closed)
		s.list, s.hasItem = next, true
	default:
		s.list = listRef{}
	}
}

// inFence reads a line inside a fenced code block.
func (s *splitter) inFence(line []byte, ind, at int, closed func(block)) {
	if s.fence.closes(line, ind) {
		top := s.fence.top
		s.fence = fence{}
		if top {
			s.cut(s.pos, closed)
		}
		return
	}
	// A fence indented inside a list item ends with the item: a line at
	// column 0 is not part of the item, as code is never a lazy line.
	if !s.fence.top && s.hasItem && ind == 0 && !isBlank(line) {
		s.fence = fence{}
		s.blank = false
		s.line(line, at, closed)
	}
}
