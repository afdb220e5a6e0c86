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
//   - before and after an ATX heading at column 0 (a heading is one line).
//
// Nothing ends inside a fenced code block or inside an HTML block. The
// zero value starts at offset 0.
type splitter struct {
	start   int    // offset of the open block
	pos     int    // offset of the first line not yet read
	content bool   // the open block has a non-blank line
	blank   bool   // a blank line followed the last non-blank line
	list    bool   // the open block holds a list item
	fence   fence  // the fenced code block we are inside, if any
	htmlEnd string // what ends the HTML block we are inside (types 1-5)
	html    bool   // inside an HTML block that a blank line ends (types 6-7)
}

// fence is an open fenced code block.
type fence struct {
	char   byte // '`' or '~'; 0 when no fence is open
	n      int  // length of the opening run
	indent int  // columns before the opening run
	top    bool // opened at column 0: closing it ends the block
}

// scan reads the complete lines of text from s.pos on and calls closed with
// the range of every block that ends.
func (s *splitter) scan(text []byte, closed func(start, end int)) {
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
func (s *splitter) cut(end int, closed func(start, end int)) {
	if end > s.start {
		closed(s.start, end)
	}
	*s = splitter{start: end, pos: s.pos}
}

// line reads one complete line, starting at offset at.
func (s *splitter) line(line []byte, at int, closed func(start, end int)) {
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
	if s.blank && ind == 0 && !(s.list && isListItem(line)) {
		s.cut(at, closed)
	}
	top := ind == 0 && !s.html
	switch {
	case top && isFence(line):
		if s.content {
			s.cut(at, closed)
		}
		s.fence = openFence(line, ind, true)
	case top && isHeading(line):
		if s.content {
			s.cut(at, closed)
		}
		s.cut(s.pos, closed)
		return
	case ind < 4 && isFence(line):
		s.fence = openFence(line, ind, false)
	case ind < 4 && !s.html:
		s.htmlEnd, s.html = htmlStart(line)
	}
	if ind < 4 && isListItem(line) {
		s.list = true
	}
	s.content, s.blank = true, false
}

// inFence reads a line inside a fenced code block.
func (s *splitter) inFence(line []byte, ind, at int, closed func(start, end int)) {
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
	if !s.fence.top && s.list && ind == 0 && !isBlank(line) {
		s.fence = fence{}
		s.blank = false
		s.line(line, at, closed)
	}
}

// indent returns the columns of leading white space, a tab reaching the next
// multiple of 4.
func indent(line []byte) int {
	n := 0
	for _, c := range line {
		switch c {
		case ' ':
			n++
		case '\t':
			n += 4 - n%4
		default:
			return n
		}
	}
	return n
}

func isBlank(line []byte) bool {
	return len(bytes.Trim(line, " \t")) == 0
}

// isFence reports whether line opens a fenced code block: three or more
// backticks or tildes after at most three spaces, and for backticks an info
// string without a backtick.
func isFence(line []byte) bool {
	t := bytes.TrimLeft(line, " \t")
	if len(t) < 3 || (t[0] != '`' && t[0] != '~') {
		return false
	}
	n := run(t, t[0])
	if n < 3 {
		return false
	}
	return t[0] == '~' || !bytes.ContainsRune(t[n:], '`')
}

func openFence(line []byte, ind int, top bool) fence {
	t := bytes.TrimLeft(line, " \t")
	return fence{char: t[0], n: run(t, t[0]), indent: ind, top: top}
}

// closes reports whether line closes f: the same character, at least as
// many, at most three columns of indent, nothing but white space after.
func (f fence) closes(line []byte, ind int) bool {
	if ind >= 4 {
		return false
	}
	t := bytes.TrimLeft(line, " \t")
	n := run(t, f.char)
	return n >= f.n && isBlank(t[n:])
}

// run counts the leading bytes of t equal to c.
func run(t []byte, c byte) int {
	n := 0
	for n < len(t) && t[n] == c {
		n++
	}
	return n
}

// isHeading reports whether line is an ATX heading: one to six '#' then a
// space, a tab or the end of the line.
func isHeading(line []byte) bool {
	n := run(line, '#')
	return n >= 1 && n <= 6 && (n == len(line) || line[n] == ' ' || line[n] == '\t')
}

// isListItem reports whether line starts a list item: a bullet (-, +, *) or
// one to nine digits and '.' or ')', then a space, a tab or the end.
func isListItem(line []byte) bool {
	t := bytes.TrimLeft(line, " \t")
	n := 0
	switch {
	case len(t) > 0 && (t[0] == '-' || t[0] == '+' || t[0] == '*'):
		n = 1
	default:
		for n < len(t) && n < 10 && t[n] >= '0' && t[n] <= '9' {
			n++
		}
		if n == 0 || n > 9 || n == len(t) || (t[n] != '.' && t[n] != ')') {
			return false
		}
		n++
	}
	return n == len(t) || t[n] == ' ' || t[n] == '\t'
}

// htmlStart reports how an HTML block starting on line ends: at a marker
// (CommonMark types 1-5, end set) or at a blank line (html set, for a line
// starting with a tag: types 6-7, taken broadly). A marker on the line itself
// ends the block there.
func htmlStart(line []byte) (end string, html bool) {
	t := bytes.ToLower(bytes.TrimLeft(line, " \t"))
	if len(t) < 2 || t[0] != '<' {
		return "", false
	}
	switch {
	case bytes.HasPrefix(t, []byte("<!--")):
		end = "-->"
	case bytes.HasPrefix(t, []byte("<?")):
		end = "?>"
	case bytes.HasPrefix(t, []byte("<![cdata[")):
		end = "]]>"
	case t[1] == '!' && len(t) > 2 && t[2] >= 'a' && t[2] <= 'z':
		end = ">"
	default:
		for _, tag := range []string{"script", "pre", "style", "textarea"} {
			if rest, ok := bytes.CutPrefix(t[1:], []byte(tag)); ok && (len(rest) == 0 || rest[0] == ' ' || rest[0] == '\t' || rest[0] == '>') {
				end = "</" + tag + ">"
			}
		}
	}
	if end != "" {
		if bytes.Contains(t[2:], []byte(end)) {
			return "", false
		}
		return end, false
	}
	c := t[1]
	return "", c == '/' || c >= 'a' && c <= 'z'
}
