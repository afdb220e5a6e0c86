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
//     holds a list item and the line is one too (a loose list goes on) or
//     the line is a definition (": text", whose term is before it);
//   - before a fence opener at column 0, and after the line that closes it;
//   - before and after an ATX heading at column 0 (a heading is one line);
//   - before each item at column 0 of a list that starts the block, after
//     the first: each item is a block of its own (see listRef).
//
// Nothing ends inside a fenced code block or an HTML block. To know what a
// list item holds it follows, roughly, CommonMark's rules for list items:
// their content column, lazy lines, fences inside them. The zero value
// starts at offset 0.
type splitter struct {
	start   int     // offset of the open block
	pos     int     // offset of the first line not yet read
	content bool    // the open block has a non-blank line
	blank   bool    // a blank line followed the last non-blank line
	hasItem bool    // the open block has a line that looks like a list item
	para    bool    // the last line was paragraph text outside any list
	list    listRef // the list the open block is an item of; zero: none
	more    bool    // the next item at column 0 of that list starts a block
	item    item    // the list item we are in, if any
	fence   fence   // the top-level fenced code block we are in, if any
	htmlEnd string  // what ends the HTML block we are in (types 1-5)
	html    bool    // in an HTML block that a blank line ends (types 6-7)
}

// item is the outermost list item the splitter is in.
type item struct {
	col   int   // content column; 0: not in a list item
	lazy  bool  // its last line is paragraph text: a lazy line may follow
	fence fence // a fenced code block inside it, if any
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
// kind (see Renderer.renderBlock), and drawn right under the item before it.
type listRef struct {
	mark  byte // '-', '+' or '*'; '.' or ')' after a number; 0: no list
	start int  // an ordered list's first number
	n     int  // the item's index in the list, from 0
}

// fence is an open fenced code block.
type fence struct {
	char byte // '`' or '~'; 0 when no fence is open
	n    int  // length of the opening run
	top  bool // opened at column 0: closing it ends the block
	open int  // offset of the opening line
	body int  // offset of the first line of content
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
		if s.fence.closes(line, ind) {
			top := s.fence.top
			s.fence = fence{}
			if top {
				s.cut(s.pos, closed)
			}
		}
		return
	case s.htmlEnd != "":
		if bytes.Contains(bytes.ToLower(line), []byte(s.htmlEnd)) {
			s.htmlEnd = ""
		}
		return
	case isBlank(line):
		s.blank = s.content
		s.html, s.para, s.item.lazy = false, false, false
		return
	case s.item.fence.char != 0 && ind >= s.item.col:
		if s.item.fence.closes(line, ind-s.item.col) {
			s.item.fence = fence{}
		}
		s.content, s.blank = true, false
		return
	}
	s.block(line, ind, at, closed)
}

// block reads a line that is not inside a fence or an HTML block.
func (s *splitter) block(line []byte, ind, at int, closed func(block)) {
	li, col, rest := listItem(line)
	if ind >= 4 && !(s.item.col > 0 && ind >= s.item.col && ind-s.item.col < 4) {
		li = listRef{} // indented code
	}
	if s.blank && ind == 0 && !(s.hasItem && li.mark != 0) && line[0] != ':' {
		s.cut(at, closed)
	}
	s.hasItem = s.hasItem || li.mark != 0
	if s.para && !li.interrupts(len(rest) > 0) {
		li = listRef{} // paragraph text
	}
	top := ind == 0 && !s.html
	switch {
	case top && isFence(line):
		if s.content {
			s.cut(at, closed)
		}
		s.fence = openFence(line, true, at, s.pos)
	case top && isHeading(line):
		if s.content {
			s.cut(at, closed)
		}
		s.cut(s.pos, closed)
		return
	case ind < 4 && !s.html:
		s.htmlEnd, s.html = htmlStart(line)
	}
	s.items(line, ind, li, col, rest, at, closed)
	s.content, s.blank = true, false
}

// items follows list items: the content column of the outermost one, what
// ends it, a fence inside it, and whether each item at column 0 can be a
// block of its own.
func (s *splitter) items(line []byte, ind int, li listRef, col int, rest []byte, at int, closed func(block)) {
	in := s.item.col > 0 && ind >= s.item.col
	switch {
	case li.mark != 0 && !in:
		if ind == 0 {
			s.topItem(li, at, closed)
		} else {
			s.more = false // an item not at column 0, yet not nested
		}
		s.item = item{col: ind + col, lazy: isParaText(rest)}
		s.para = false
		if isFence(rest) {
			s.item.fence = openFence(rest, false, at, s.pos)
		}
	case in:
		s.item.lazy = li.mark != 0 || isParaText(line)
		if isFence(line) && ind-s.item.col < 4 {
			s.item.fence = openFence(line, false, at, s.pos)
		}
	case s.item.col > 0 && s.item.lazy && isParaText(line):
		s.more = false // a lazy line: the item goes on, but is no longer cut
	default:
		if s.item.col > 0 {
			s.item, s.more = item{}, false // the list is over
		}
		if ind > 0 && ind < 4 && isFence(line) {
			s.fence = openFence(line, false, at, s.pos) // indented, not in a list
		}
		s.para = (s.para || ind < 4) && isParaText(line)
	}
}

// topItem reads a list item at column 0: the first line of a block starts
// a list; the next item of that list starts a block; an item of another kind
// starts another list, which CommonMark does not join to the first, so the
// block simply goes on.
func (s *splitter) topItem(li listRef, at int, closed func(block)) {
	switch {
	case !s.content:
		s.list, s.more = li, true
	case s.more && li.mark == s.list.mark:
		next := s.list
		next.n++
		s.cut(at, closed)
		s.list, s.more, s.hasItem = next, true, true
	default:
		s.more = false
	}
}
