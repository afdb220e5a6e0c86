package markdown

import "bytes"

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

// openFence returns the fence that line opens, at offset at, its content
// starting at body.
func openFence(line []byte, top bool, at, body int) fence {
	t := bytes.TrimLeft(line, " \t")
	return fence{char: t[0], n: run(t, t[0]), top: top, open: at, body: body}
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

// listItem reads a list item marker at the start of line: a bullet (-, +,
// *) or one to nine digits and '.' or ')', then a space, a tab or the end of
// the line. It returns the item (zero for anything else, a thematic break
// such as "- - -" included), the column where its content starts, counted
// from the marker, and the content.
func listItem(line []byte) (item listRef, col int, rest []byte) {
	t := bytes.TrimLeft(line, " \t")
	n := 0
	switch {
	case len(t) > 0 && (t[0] == '-' || t[0] == '+' || t[0] == '*'):
		item.mark, n = t[0], 1
	default:
		for n < len(t) && n < 10 && t[n] >= '0' && t[n] <= '9' {
			item.start = item.start*10 + int(t[n]-'0')
			n++
		}
		if n == 0 || n > 9 || n == len(t) || (t[n] != '.' && t[n] != ')') {
			return listRef{}, 0, nil
		}
		item.mark = t[n]
		n++
	}
	if n < len(t) && t[n] != ' ' && t[n] != '\t' || isThematic(t) {
		return listRef{}, 0, nil
	}
	rest = bytes.TrimLeft(t[n:], " \t")
	sp := indent(t[n:])
	if len(rest) == 0 || sp > 4 {
		sp = 1 // the content is then an indented code block, or comes later
	}
	return item, n + sp, rest
}

// interrupts reports whether a list item can start in the middle of a
// paragraph: only a bullet or a "1." item, with content.
func (item listRef) interrupts(content bool) bool {
	return item.mark != 0 && content && (item.mark == '-' || item.mark == '+' || item.mark == '*' || item.start == 1)
}

// isParaText reports whether line, not blank and not a list item, is paragraph
// text: what could go on a paragraph, lazily or not, rather than start
// another block.
func isParaText(line []byte) bool {
	t := bytes.TrimLeft(line, " \t")
	switch {
	case len(t) == 0, t[0] == '>', isThematic(t), isFence(line), isHeading(t):
		return false
	}
	end, html := htmlStart(line)
	return end == "" && !html
}

// isThematic reports whether t (without its indent) is a thematic break:
// three or more '-', '*' or '_', and nothing else but white space.
func isThematic(t []byte) bool {
	if len(t) == 0 || t[0] != '-' && t[0] != '*' && t[0] != '_' {
		return false
	}
	n := 0
	for _, c := range t {
		switch {
		case c == t[0]:
			n++
		case c != ' ' && c != '\t':
			return false
		}
	}
	return n >= 3
}

// htmlStart reports how an HTML block starting on line ends: at a marker
// (CommonMark types 1-5, end set) or at a blank line (html set, for a line
// starting with a tag: types 6-7, taken broadly). A marker on the line itself
// ends the block there.
func htmlStart(line []byte) (end string, html bool) {
	t := bytes.TrimLeft(line, " \t")
	if len(t) < 2 || t[0] != '<' {
		return "", false // before lowercasing: a paragraph's line may be megabytes long
	}
	t = bytes.ToLower(t)
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
