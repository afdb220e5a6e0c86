package markdown

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"

	"charm.land/glamour/v2/ansi"
	"charm.land/lipgloss/v2"
	xansi "github.com/charmbracelet/x/ansi"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// The tail of an open paragraph, laid out without glamour's writers.
//
// Glamour lays a paragraph out in three steps: its inline elements write
// their styled text into the paragraph's buffer; the buffer is wrapped
// (lipgloss.Wrap, at the width left inside the margins); then every line
// goes through two stacks of writers, the paragraph's and the document's,
// which indent it and pad it to the width one styled cell at a time, each
// writer parsing every byte again. At 196 columns the short last line of
// the tail, which every frame lays out again, costs a hundred padded cells,
// and the writers are two thirds of the render.
//
// flatPara does the first step with glamour itself and the second as
// glamour does, and stands in for the third: the tail is rendered by a
// glamour with no width (no wrapping, no padding), with its paragraph made
// a text block, so that the inline elements write straight into the
// document's line; that line, less its indentation, is wrapped with
// lipgloss.Wrap at the paragraph's width, and each wrapped line gets the
// indentation back. The padding it leaves out is spaces whose style does
// not show, which compact drops anyway.
//
// That this gives glamour's lines is checked when the width or the style
// is set, on probe paragraphs (flatProbes): if any differs (a style whose
// paragraph has a margin, a prefix or a background, say), the tail is
// rendered by glamour as before. A tail it cannot take (anything but one
// paragraph on one line) goes to glamour too. TestBlockwiseMatchesWhole
// and its kin compare the result with one render of the whole text.

// flatPara renders one-paragraph tails; nil when the probes failed.
type flatPara struct {
	md     goldmark.Markdown
	width  int    // the paragraph's width: glamour's less the margins
	indent string // what starts each line of the flat rendering
}

// flatProbes are paragraphs whose lines must come out as glamour's for
// flatPara to be used: inline styles, a link, code spans (no-break spaces
// and a background), a word longer than any line, wide characters, and
// styles open across a line's end.
var flatProbes = []string{
	"x",
	strings.Repeat("Some **bold text that runs on** and *italic* words, a `code()` span, a [link](https://example.org/a/b) and more words. ", 4),
	strings.Repeat("word ", 30) + strings.Repeat("z", 230) + " end.",
	"日本語の文章と English words, mixed, with **太字** and `コード` — and an em dash, “quotes” and an ellipsis… " + strings.Repeat("ab ", 60),
	"***strong emphasis that goes on for long enough to wrap over a line*** " + strings.Repeat("`c` ", 50),
}

// newFlatPara returns a flatPara for glamour at width in style, or nil if
// its lines would not be glamour's (see flatProbes).
func newFlatPara(width int, style ansi.StyleConfig, whole renderFunc) *flatPara {
	p := style.Paragraph
	if p.Prefix != "" || p.Suffix != "" || p.Indent != nil || p.Margin != nil || p.IndentToken != nil {
		return nil
	}
	md := goldmark.New(
		goldmark.WithExtensions(extension.GFM, extension.DefinitionList),
		goldmark.WithParserOptions(parser.WithAutoHeadingID()),
	)
	ar := ansi.NewRenderer(ansi.Options{WordWrap: 0, Styles: style, ChromaFormatter: "terminal16m"})
	md.SetRenderer(renderer.NewRenderer(renderer.WithNodeRenderers(util.Prioritized(ar, 1000))))
	var margin uint
	if d := style.Document; d.Margin != nil {
		margin += *d.Margin
	}
	if d := style.Document; d.Indent != nil {
		margin += *d.Indent
	}
	if d := style.Document; d.Margin != nil && d.Indent != nil {
		return nil // glamour's width counts the margin twice, the indent once
	}
	f := &flatPara{md: md, width: width - 2*int(margin)}
	if f.width < 1 {
		return nil
	}
	// The indentation: what the flat rendering of "x" writes before it.
	rd, ok, err := f.render([]byte("x\n"))
	if err != nil || !ok {
		return nil
	}
	line := flatLine(rd.out)
	k := strings.Index(line, "x")
	if k < 0 || strings.TrimLeft(xansi.Strip(line[:k]), " ") != "" || LineWidth(line[:k]) != int(margin) {
		return nil
	}
	f.indent = line[:k]
	// Cut the indentation off after its last space: the escapes after
	// it belong to the text.
	f.indent = f.indent[:strings.LastIndex(f.indent, " ")+1]
	for _, s := range flatProbes {
		src := []byte(s + "\n")
		want, err := whole(src)
		if err != nil {
			return nil
		}
		got, ok := f.lay(src)
		if !ok || !slices.Equal(trimBlank(compact(nil, got.out)), trimBlank(compact(nil, want.out))) {
			return nil
		}
	}
	return f
}

// render renders src, one paragraph on one line, as glamour at the width
// would; ok is false if src is not that.
func (f *flatPara) render(src []byte) (rd rendering, ok bool, err error) {
	defer func() {
		if p := recover(); p != nil {
			rd, ok, err = rendering{}, false, fmt.Errorf("render markdown: panic: %v", p)
		}
	}()
	body := bytes.TrimSuffix(src, []byte("\n"))
	if bytes.IndexByte(body, '\n') >= 0 || bytes.IndexByte(body, '\r') >= 0 {
		return rendering{}, false, nil
	}
	src = src[:len(src):len(src)]
	doc := f.md.Parser().Parse(text.NewReader(src))
	para, isPara := doc.FirstChild().(*ast.Paragraph)
	if !isPara || para.NextSibling() != nil {
		return rendering{}, false, nil
	}
	// The paragraph becomes a text block for the render, which glamour
	// neither wraps nor pads: its text lands in the document's line.
	tb := ast.NewTextBlock()
	tb.SetLines(para.Lines())
	for c := para.FirstChild(); c != nil; c = para.FirstChild() {
		tb.AppendChild(tb, c)
	}
	doc.ReplaceChild(doc, para, tb)
	var buf bytes.Buffer
	err = f.md.Renderer().Render(&buf, src, doc)
	for c := tb.FirstChild(); c != nil; c = tb.FirstChild() {
		para.AppendChild(para, c)
	}
	doc.ReplaceChild(doc, tb, para)
	if err != nil {
		return rendering{}, false, err
	}
	return rendering{out: buf.String(), doc: doc, src: src}, true, nil
}

// errNotFlat says that a tail is not one paragraph on one line.
var errNotFlat = errors.New("not one paragraph on one line")

// newFlat returns the renderFunc of the flat layout at width in st, which
// answers errNotFlat for a tail it cannot take; nil if the probes failed.
func newFlat(width int, st Styles) renderFunc {
	f := newFlatPara(width, st.Markdown, newGlamour(width, st.Markdown))
	if f == nil {
		return nil
	}
	return func(src []byte) (rendering, error) {
		if rd, ok := f.lay(src); ok {
			return rd, nil
		}
		return rendering{}, errNotFlat
	}
}

// lay renders src as glamour at the width would, or says it cannot.
func (f *flatPara) lay(src []byte) (rendering, bool) {
	rd, ok, err := f.render(src)
	if err != nil || !ok {
		return rendering{}, false
	}
	line := flatLine(rd.out)
	if !strings.HasPrefix(line, f.indent) {
		return rendering{}, false
	}
	flow := lipgloss.Wrap(line[len(f.indent):], f.width, "")
	for l := range strings.SplitSeq(flow, "\n") {
		if LineWidth(l) > f.width {
			// ansi.Wrap let a line run over (a long word after a mark of
			// no width, say): glamour's document wraps it again, at
			// other breakpoints. Left to glamour.
			return rendering{}, false
		}
	}
	rd.out = "\n" + f.indent + strings.ReplaceAll(flow, "\n", "\n"+f.indent) + "\n"
	return rd, true
}

// flatLine is the one line of a flat rendering that is not blank.
func flatLine(out string) string {
	for l := range strings.SplitSeq(out, "\n") {
		if strings.TrimSpace(xansi.Strip(l)) != "" {
			return l
		}
	}
	return ""
}
