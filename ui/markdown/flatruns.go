package markdown

import (
	"bytes"
	"regexp"
	"slices"
	"strings"

	"github.com/yuin/goldmark/ast"
)

// Runs of styled text, written without glamour.
//
// The flat layout (paraflat.go) renders a tail with a glamour of no width
// and wraps its lines itself; that render still runs glamour's inline
// renderer and its block writers over every byte (110 µs and 3,400
// allocations for a short list item at 196 columns), though what it gives
// for the commonest tails is regular: the document's margin, then each run
// of text in its style, and a bullet before each item. flatRuns writes
// that directly for a paragraph, or a list of bullet items (not nested),
// whose text is plain, bold or italic, nothing else: the styles, the
// margin and the lines around are read from glamour's rendering of two
// probes, and more probes must come out as glamour's before it is used.
// TestFlatParaAsGlamour compares the whole flat layout with glamour on
// random paragraphs and lists.

// flatRuns is how glamour with no width writes runs of text.
type flatRuns struct {
	text, strong, em  string // the escape each kind of run starts with
	paraPre, paraPost string // a paragraph's output around its runs
	listPre, listPost string // a list's around its items
	itemPre           string // before an item's runs: the margin and the bullet
}

// runsStyle finds the escape before text in a rendering.
var runsStyle = regexp.MustCompile(`(\x1b\[[0-9;]*m)(a |b\x1b|c\x1b)`)

// readFlatRuns reads the runs' styles from para, glamour's rendering of
// "a **b** *c*", and list, its rendering of "- a\n- b"; nil if they are
// not as expected.
func readFlatRuns(para, list string) *flatRuns {
	f := &flatRuns{}
	for _, m := range runsStyle.FindAllStringSubmatch(para, -1) {
		switch m[2][0] {
		case 'a':
			f.text = m[1]
		case 'b':
			f.strong = m[1]
		case 'c':
			f.em = m[1]
		}
	}
	if f.text == "" || f.strong == "" || f.em == "" {
		return nil
	}
	first, last := strings.Index(para, "\x1b["), strings.LastIndex(para, resetStyle)
	if first < 0 || last < first {
		return nil
	}
	f.paraPre, f.paraPost = para[:first], para[last+len(resetStyle):]
	a := strings.Index(list, f.text+"a")
	esc := strings.Index(list, "\x1b[")
	if a < 0 || esc < 0 || esc > a {
		return nil
	}
	line := strings.LastIndexByte(list[:esc], '\n') + 1
	f.listPre, f.itemPre = list[:line], list[line:a]
	b := strings.LastIndex(list, f.text+"b"+resetStyle)
	if b < 0 {
		return nil
	}
	f.listPost = list[b+len(f.text+"b"+resetStyle):]
	return f
}

// resetStyle ends a run.
const resetStyle = "\x1b[m"

// para writes a paragraph whose inline nodes are n's children.
func (f *flatRuns) para(n ast.Node, src []byte) (string, bool) {
	var b strings.Builder
	b.WriteString(f.paraPre)
	if !f.runs(&b, n, src) {
		return "", false
	}
	b.WriteString(f.paraPost)
	return b.String(), true
}

// list writes a list of bullet items, each one block of runs.
func (f *flatRuns) list(l *ast.List, src []byte) (string, bool) {
	if l.IsOrdered() {
		return "", false
	}
	var b strings.Builder
	b.WriteString(f.listPre)
	for item := l.FirstChild(); item != nil; item = item.NextSibling() {
		c := item.FirstChild()
		if c == nil || c.NextSibling() != nil {
			return "", false
		}
		if _, ok := c.(*ast.TextBlock); !ok {
			return "", false // a loose list's paragraph: glamour spaces it
		}
		if item != l.FirstChild() {
			b.WriteByte('\n')
		}
		b.WriteString(f.itemPre)
		if !f.runs(&b, c, src) {
			return "", false
		}
	}
	b.WriteString(f.listPost)
	return b.String(), true
}

// runs writes n's children, text and emphasis of text, each in its style.
func (f *flatRuns) runs(b *strings.Builder, n ast.Node, src []byte) bool {
	if n.FirstChild() == nil {
		return false
	}
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		style, t := f.text, c
		if e, ok := c.(*ast.Emphasis); ok {
			switch e.Level {
			case 1:
				style = f.em
			case 2:
				style = f.strong
			default:
				return false
			}
			t = e.FirstChild()
			if t == nil || t.NextSibling() != nil {
				return false
			}
		}
		text, ok := t.(*ast.Text)
		if !ok || text.SoftLineBreak() || text.HardLineBreak() {
			return false
		}
		v := text.Segment.Value(src)
		if len(v) == 0 {
			continue
		}
		b.WriteString(style)
		b.Write(v)
		b.WriteString(resetStyle)
	}
	return true
}

// plainRuns reports whether src holds none of what makes other inline
// nodes than text and emphasis: code, links, pictures, HTML, entities,
// escapes, strikethrough, addresses.
func plainRuns(src []byte) bool {
	return !bytes.ContainsAny(src, "`[]<>!&\\~|@\r\t") && !bytes.Contains(src, []byte("://")) && !bytes.Contains(src, []byte("www."))
}

// flatRunsProbes are laid out with the runs written directly and through
// glamour: the lines must be the same.
var flatRunsProbes = []string{
	"x",
	"Some **bold text that runs on** and *italic* words, snake_case and _under_ too; " + strings.Repeat("more plain words, with commas. ", 8),
	"- **Term**: " + strings.Repeat("a sentence, with commas; and-hyphens + pluses. ", 5) + "\n- *it* " + strings.Repeat("zz", 90) + "\n- plain",
	"* " + cutMark + "marked **bold** item\n* 日本語の文章と English words " + strings.Repeat("ab ", 40),
}

// newRuns reads how glamour writes runs at f's width and style and checks
// it on the probes; nil if it does not hold.
func (f *flatPara) newRuns() *flatRuns {
	para, ok, err := f.render([]byte("a **b** *c*\n"))
	if err != nil || !ok {
		return nil
	}
	list, ok, err := f.render([]byte("- a\n- b\n"))
	if err != nil || !ok {
		return nil
	}
	r := readFlatRuns(para.out, list.out)
	if r == nil {
		return nil
	}
	for i, s := range flatRunsProbes {
		src := []byte(s + "\n")
		want, ok := f.lay(src)
		if !ok && i > 0 {
			continue // too long a word for the width: glamour's either way
		}
		if !ok {
			return nil
		}
		f.runs = r
		got, ok := f.lay(src)
		f.runs = nil
		if !ok || !slices.Equal(compact(nil, got.out), compact(nil, want.out)) {
			return nil
		}
	}
	return r
}
