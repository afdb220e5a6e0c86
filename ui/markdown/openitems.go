package markdown

import (
	"bytes"
	"strings"
)

// The scanner's reading of a paragraph's and a list item's lines: the
// candidates they give (words, item lines, nested items, fences).

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
	if o.scan < end && (o.scan > o.first && !o.para.in || !startsLetter(bytes.TrimLeft(r.text[o.scan:end], " "))) {
		end = o.scan
	}
	text := r.text
	// Only the words of the last wordWindow bytes are listed: the cut goes
	// to the last word that can take it, and a delta of a megabyte (a
	// server's, never a model's at its pace) would otherwise mark 170,000
	// words of which the render keeps one.
	p := max(o.para.wordAt, o.cut.at+1, end-wordWindow)
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
			o.words = append(o.words, p)
		}
		p = w
	}
	o.para.wordAt = p
}

// wordWindow is how far back from the end of the text scanWords lists
// words, in bytes: some 10,000 words, far more than a frame brings at a
// model's pace.
const wordWindow = 64 << 10

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
