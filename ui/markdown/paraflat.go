package markdown

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"charm.land/glamour/v2/ansi"
	"charm.land/lipgloss/v2"
	xansi "github.com/charmbracelet/x/ansi"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// The tail of an open paragraph or list item, laid out without glamour's
// writers.
//
// Glamour lays a paragraph out in three steps: its inline elements write
// their styled text into the paragraph's buffer; the buffer is wrapped
// (lipgloss.Wrap, at the width left inside the margins); then every line
// goes through two stacks of writers, the paragraph's and the document's,
// which indent it and pad it to the width one styled cell at a time, each
// writer parsing every byte again. At 196 columns the short last line of
// the tail, which every frame lays out again, costs a hundred padded cells,
// and the writers are two thirds of the render. A list is the same with the
// list's block in the paragraph's place, one level of it per nesting.
//
// flatPara does the first step with glamour itself and the second as
// glamour does, and stands in for the third: the tail is rendered by a
// glamour with no width (no wrapping, no padding), a paragraph made a text
// block so that its text lands straight in the document's line; each line
// of that, an item's or the paragraph's whole text after its indentation,
// is wrapped with lipgloss.Wrap as glamour wraps its block, and each piece
// gets the indentation back. The padding it leaves out is spaces whose
// style does not show, which compact drops anyway.
//
// That this gives glamour's lines is checked once per width and style, on
// probes (flatProbes, flatListProbes): if a probe laid out differs (a style
// whose paragraph has a margin or a prefix, say), glamour renders the tails
// as before. A tail it cannot take (see render and lay) goes to glamour
// too. TestFlatParaAsGlamour compares the two on random paragraphs and
// lists; TestBlockwiseMatchesWhole and its kin compare the stream with one
// render of the whole text.

// flatPara renders one-paragraph and list tails; nil when the probes failed.
type flatPara struct {
	md     goldmark.Markdown
	out    outWriter
	width  int        // glamour's width
	margin int        // the document's indentation, in cells
	room   int        // what the document's margins take from the width
	level  int        // the indentation of a nested list, in cells
	paras  bool       // paragraphs are laid out flat
	lists  bool       // lists are
	table  *flatTable // tables are (tableflat.go); nil: not
	runs   *flatRuns  // plain, bold and italic text is written directly (flatruns.go); nil: not
}

// flatProbes are paragraphs and lists whose lines must come out as
// glamour's for flatPara to be used: inline styles, a link, code spans
// (no-break spaces and a background), a word longer than any line, wide
// characters, styles open across a line's end, nested and numbered items.
var flatProbes = []string{
	"x",
	strings.Repeat("Some **bold text that runs on** and *italic* words, a `code()` span, a [link](https://example.org/a/b) and more words. ", 4),
	strings.Repeat("word ", 30) + strings.Repeat("z", 230) + " end.",
	"日本語の文章と English words, mixed, with **太字** and `コード` — and an em dash, “quotes” and an ellipsis… " + strings.Repeat("ab ", 60),
	"***strong emphasis that goes on for long enough to wrap over a line*** " + strings.Repeat("`c` ", 50),
}

// flatListProbes are the lists among the probes.
var flatListProbes = []string{
	"- x",
	"- **Term**: " + strings.Repeat("a sentence, with commas; and-hyphens + pluses | bars. ", 6) + "\n  - nested " + strings.Repeat("`code` words ", 30) + "\n    - deeper " + strings.Repeat("zz", 120) + "\n- next",
	"1. one " + strings.Repeat("word ", 60) + "\n2. two\n   3. three " + strings.Repeat("*it* ", 50),
	"- [ ] task " + strings.Repeat("task words ", 30) + "\n- [x] done",
}

// newFlatPara returns a flatPara for glamour at width in style: its paras
// is false if its paragraphs would not be glamour's (see flatProbes), its
// lists if its lists would not, its table nil if its tables would not (see
// flatTableProbes); nil if none would be.
func newFlatPara(width int, style ansi.StyleConfig, whole renderFunc) *flatPara {
	p, l := style.Paragraph, style.List
	f := flatParaAt(width, style)
	if f == nil {
		return nil
	}
	f.table = newFlatTable(style, whole)
	// Each probe laid out must be glamour's lines; one it declines (see
	// lay) is glamour's business. The first, the simplest, must be laid.
	ok := func(probes []string) bool {
		for i, s := range probes {
			src := []byte(s + "\n")
			want, err := whole(src)
			if err != nil {
				return false
			}
			got, ok := f.lay(src)
			if !ok && i > 0 {
				continue
			}
			if !ok || !slices.Equal(trimBlank(compact(nil, got.out)), trimBlank(compact(nil, want.out))) {
				return false
			}
		}
		return true
	}
	f.paras = p.Prefix == "" && p.Suffix == "" && p.Indent == nil && p.Margin == nil && p.IndentToken == nil
	f.paras = f.paras && ok(flatProbes)
	f.lists = f.paras && l.Margin == nil && l.Indent == nil && l.IndentToken == nil && l.Prefix == ""
	f.lists = f.lists && ok(flatListProbes)
	if f.paras && f.lists {
		f.runs = f.newRuns()
	}
	if !f.paras && f.table == nil {
		return nil
	}
	return f
}

// flatParaAt is a flatPara at width in style, not probed; nil if the
// document's margins leave no room.
func flatParaAt(width int, style ansi.StyleConfig) *flatPara {
	d := style.Document
	f := &flatPara{md: newMarkdown(0, style), width: width, level: int(style.List.LevelIndent)}
	if d.Margin != nil {
		f.margin += int(*d.Margin)
		f.room += 2 * int(*d.Margin)
	}
	if d.Indent != nil {
		f.margin += int(*d.Indent)
		f.room += int(*d.Indent)
	}
	if d.IndentToken != nil || width-f.room < 1 {
		return nil
	}
	return f
}

// render renders src with no width, as glamour would at the width but for
// the wrapping and the padding; ok is false if src is not one paragraph on
// one line or one list of items holding only text (and lists of those).
func (f *flatPara) render(src []byte) (rd rendering, ok bool, err error) {
	defer func() {
		if p := recover(); p != nil {
			rd, ok, err = rendering{}, false, fmt.Errorf("render markdown: panic: %v", p)
		}
	}()
	if !maybeFlat(src) {
		return rendering{}, false, nil // not parsed: glamour parses it next
	}
	src = src[:len(src):len(src)]
	doc := f.md.Parser().Parse(text.NewReader(src))
	first := doc.FirstChild()
	if first == nil || first.NextSibling() != nil {
		return rendering{}, false, nil
	}
	switch n := first.(type) {
	case *ast.Paragraph:
		body := flatBody(src)
		if bytes.IndexByte(body, '\n') >= 0 || bytes.IndexByte(body, '\r') >= 0 {
			return rendering{}, false, nil
		}
		if f.runs != nil && plainRuns(src) {
			if out, ok := f.runs.para(n, src); ok {
				return rendering{out: out, doc: doc, src: src}, true, nil
			}
		}
		// The paragraph becomes a text block for the render, which
		// glamour neither wraps nor pads: its text lands in the
		// document's line.
		tb := ast.NewTextBlock()
		tb.SetLines(n.Lines())
		for c := n.FirstChild(); c != nil; c = n.FirstChild() {
			tb.AppendChild(tb, c)
		}
		doc.ReplaceChild(doc, n, tb)
		defer func() {
			for c := tb.FirstChild(); c != nil; c = tb.FirstChild() {
				n.AppendChild(n, c)
			}
			doc.ReplaceChild(doc, tb, n)
		}()
	case *ast.List:
		// An item's line, flat, is its indentation then its text; lay
		// tells how deep it is by the spaces it starts with. HTML (drawn
		// as nothing), entities (a space, say) and empty link texts can
		// start a line's text with spaces too: such tails go to glamour.
		if !f.lists || !textList(n) || bytes.ContainsAny(src, "\r<&") || bytes.Contains(src, []byte("[](")) {
			return rendering{}, false, nil
		}
		if f.runs != nil && plainRuns(src) {
			if out, ok := f.runs.list(n, src); ok {
				return rendering{out: out, doc: doc, src: src}, true, nil
			}
		}
	default:
		return rendering{}, false, nil
	}
	out, err := f.out.render(f.md, src, doc)
	if err != nil {
		return rendering{}, false, err
	}
	return rendering{out: out, doc: doc, src: src}, true, nil
}

// maybeFlat tells, without parsing, the sources render can never take: more
// than one line that does not start as a list item (a table, a fence, a
// quote, a paragraph over several lines). Closed blocks of any kind come to
// render, and a long table's would otherwise be parsed twice.
func maybeFlat(src []byte) bool {
	body := flatBody(src)
	if bytes.IndexByte(body, '\n') < 0 {
		return true
	}
	lead := bytes.TrimLeft(body, " ")
	return len(lead) > 0 && (bytes.IndexByte([]byte("-*+0123456789"), lead[0]) >= 0)
}

// flatBody is src without the blank lines around it: a closed block's
// source often starts with the one that ended the block above and ends
// with the one that ended it (goldmark skips both).
func flatBody(src []byte) []byte {
	return bytes.Trim(src, "\n")
}

// textList reports whether list's items hold only text and lists of such
// items.
func textList(list *ast.List) bool {
	for item := list.FirstChild(); item != nil; item = item.NextSibling() {
		for c := item.FirstChild(); c != nil; c = c.NextSibling() {
			switch c := c.(type) {
			case *ast.Paragraph, *ast.TextBlock:
			case *ast.List:
				if !textList(c) {
					return false
				}
			default:
				return false
			}
		}
	}
	return true
}

// errNotFlat says that a tail is not what flatPara lays out.
var errNotFlat = errors.New("not one paragraph on one line, a list of text or a table of plain text")

// newFlat returns the renderFunc of the flat layout at width in st, which
// answers errNotFlat for a tail it cannot take; nil if the probes failed.
func newFlat(width int, st Styles) renderFunc {
	f := cachedFlatPara(width, st.Markdown)
	if f == nil {
		return nil
	}
	return func(src []byte) (rendering, error) {
		if f.paras {
			if rd, ok := f.lay(src); ok {
				return rd, nil
			}
		}
		if f.table != nil {
			if rd, ok := f.table.lay(src); ok {
				return rd, nil
			}
		}
		return rendering{}, errNotFlat
	}
}

// flatVerdicts holds what the probes said, per width and style: every
// reply streamed gets a Renderer of its own, and the probes, rendered by
// glamour at the width, cost some 10 ms at 196 columns.
var flatVerdicts = struct {
	sync.Mutex
	m map[flatKey]flatVerdict
}{m: map[flatKey]flatVerdict{}}

// flatKey is a width and a style, written out with its pointers (glamour's
// styles share their strings, so two copies of one style read the same).
type flatKey struct {
	width int
	style string
}

// flatVerdict is what the probes said: whether paragraphs and lists are
// laid out flat, how tables and runs are (nil: not). Nothing is when it is
// the zero verdict.
type flatVerdict struct {
	paras, lists bool
	table        *flatTable
	runs         *flatRuns
}

// cachedFlatPara is newFlatPara with the probes' verdict kept for the next
// Renderer at the same width and style.
func cachedFlatPara(width int, style ansi.StyleConfig) *flatPara {
	k := flatKey{width, fmt.Sprintf("%+v", style)}
	flatVerdicts.Lock()
	v, seen := flatVerdicts.m[k]
	flatVerdicts.Unlock()
	if !seen {
		f := newFlatPara(width, style, newGlamour(width, style))
		if f != nil {
			v = flatVerdict{paras: f.paras, lists: f.lists, table: f.table, runs: f.runs}
		}
		flatVerdicts.Lock()
		if len(flatVerdicts.m) >= 64 {
			clear(flatVerdicts.m) // widths a resize went through
		}
		flatVerdicts.m[k] = v
		flatVerdicts.Unlock()
		return f
	}
	if v == (flatVerdict{}) {
		return nil
	}
	f := flatParaAt(width, style)
	if f != nil {
		f.paras, f.lists, f.table, f.runs = v.paras, v.lists, v.table, v.runs
	}
	return f
}

// lay renders src as glamour at the width would, or says it cannot. Each
// line of the flat rendering is an item's or a paragraph's whole text after
// its indentation: the document's margin, and a list's for each level it
// is nested at. It is wrapped as glamour wraps that block (a paragraph at
// no breakpoints, a list at its own), at the width left inside the
// indentation, and each piece gets the indentation back.
func (f *flatPara) lay(src []byte) (rendering, bool) {
	rd, ok, err := f.render(src)
	if err != nil || !ok {
		return rendering{}, false
	}
	_, list := rd.doc.FirstChild().(*ast.List)
	breaks := ""
	if list {
		breaks = " ,.;-+|"
	}
	var b strings.Builder
	b.Grow(len(rd.out) + len(rd.out)/8)
	for i, line := range strings.Split(rd.out, "\n") {
		if i > 0 {
			b.WriteByte('\n')
		}
		cells, cut := leadingSpaces(line)
		if cut == len(line) || blankText(line[cut:]) {
			if !list && cut < len(line) {
				// A paragraph of blanks (no-break spaces): glamour draws
				// it or not depending on its escapes. Left to glamour.
				return rendering{}, false
			}
			b.WriteString(line) // blank: no wrapping
			continue
		}
		depth := cells - f.margin
		if depth < 0 || f.level > 0 && depth%f.level != 0 || f.level == 0 && depth != 0 || !list && depth != 0 {
			return rendering{}, false
		}
		width := f.width - f.room - depth
		if width < 1 {
			return rendering{}, false
		}
		flow := lipgloss.Wrap(line[cut:], width, breaks)
		for j, l := range strings.Split(flow, "\n") {
			if LineWidth(l) > width {
				// ansi.Wrap let a line run over (a long word after a
				// mark of no width, say): glamour's enclosing block
				// wraps it again, at other breakpoints. Left to glamour.
				return rendering{}, false
			}
			if j > 0 {
				b.WriteByte('\n')
			}
			b.WriteString(line[:cut])
			b.WriteString(l)
		}
	}
	rd.out = b.String()
	return rd, true
}

// blankText reports whether s shows nothing but spaces once its escapes
// are stripped. The text of an open paragraph is one line of up to
// megabytes, whose first character shows it is not blank: stripping it
// whole, at every frame, was a tenth of a streamed reply's work.
func blankText(s string) bool {
	var state byte
	for rest := s; rest != ""; {
		seq, width, n, next := xansi.DecodeSequence(rest, state, nil)
		if width > 0 && strings.TrimSpace(seq) != "" {
			return false // a character Strip keeps, not a space
		}
		if width > 0 {
			break // a space of width: Strip decides the rest
		}
		state, rest = next, rest[n:]
	}
	return strings.TrimSpace(xansi.Strip(s)) == ""
}

// leadingSpaces counts the spaces line starts with, escapes between them
// skipped, and returns where the last of them ends.
func leadingSpaces(line string) (cells, cut int) {
	for i := 0; i < len(line); {
		switch {
		case line[i] == ' ':
			cells++
			i++
			cut = i
		case line[i] == 0x1b && i+1 < len(line) && line[i+1] == '[':
			j := i + 2
			for j < len(line) && (line[j] < 0x40 || line[j] > 0x7e) {
				j++
			}
			i = j + 1
		default:
			return cells, cut
		}
	}
	return cells, len(line)
}
