package markdown

import (
	"bufio"
	"bytes"
	"fmt"

	"charm.land/glamour/v2/ansi"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// rendering is what one render of a piece of markdown gives.
type rendering struct {
	out   string      // glamour's output, escapes and padding included
	codes []CodeBlock // the code blocks, in the order they are drawn
	// html: the last top-level node is an HTML block. Glamour draws it as
	// bare text with no empty line after it, so none is put there.
	html bool
	doc  ast.Node // the parsed source, for what the open block needs to know
	src  []byte   // the source doc was parsed from
}

// renderFunc renders one piece of markdown. Tests swap it to count renders.
type renderFunc func(src []byte) (rendering, error)

// newMarkdown returns goldmark set up as glamour.TermRenderer sets it up,
// rendering at width (0: no wrapping, no padding) in style.
func newMarkdown(width int, style ansi.StyleConfig) goldmark.Markdown {
	md := goldmark.New(
		goldmark.WithExtensions(extension.GFM, extension.DefinitionList),
		goldmark.WithParserOptions(parser.WithAutoHeadingID()),
	)
	// Code is highlighted in true colour, which Bubble Tea's renderer
	// downsamples to what the terminal has. Chroma's 256-colour formatter
	// is not deterministic: it breaks ties between palette colours at the
	// same distance in map order, so one comment could come out 241 in one
	// render and 242 in the next.
	ar := ansi.NewRenderer(ansi.Options{WordWrap: width, Styles: style, ChromaFormatter: "terminal16m"})
	md.SetRenderer(renderer.NewRenderer(renderer.WithNodeRenderers(util.Prioritized(ar, 1000))))
	return md
}

// newGlamour returns a renderFunc that renders as glamour.TermRenderer does
// (the same goldmark extensions and glamour's ANSI renderer), built here so
// that one parse serves both the drawing and the list of code blocks.
func newGlamour(width int, style ansi.StyleConfig) renderFunc {
	// The code block's prefix carries the mark that becomes its `[N]` label.
	style.CodeBlock.BlockPrefix = codeMark + "\n" + style.CodeBlock.BlockPrefix
	md := newMarkdown(width, style)
	var w outWriter
	return func(src []byte) (rd rendering, err error) {
		// The input is a model's: a glamour bug it trips must not take the
		// program down. The caller then shows the text as it is.
		defer func() {
			if p := recover(); p != nil {
				rd, err = rendering{}, fmt.Errorf("render markdown: panic: %v", p)
			}
		}()
		// goldmark may append to its source (a missing final newline): with
		// no room left, that cannot write into the Renderer's text.
		src = src[:len(src):len(src)]
		doc := md.Parser().Parse(text.NewReader(src))
		codes := collectCode(doc, src)
		out, err := w.render(md, plainCode(doc, src), doc)
		_, html := doc.LastChild().(*ast.HTMLBlock)
		return rendering{out: out, codes: codes, html: html, doc: doc, src: src}, err
	}
}

// outWriter is where one renderFunc renders, kept from one render to the
// next: goldmark wraps any other writer in a buffered writer of its own,
// 4 KB a render (a stream renders thousands of tails), and the buffer
// grows again from nothing. A renderFunc is one Renderer's, used by one
// goroutine at a time, as glamour's renderer it calls is.
type outWriter struct {
	buf bytes.Buffer
	bw  *bufio.Writer
}

// keptOut is the most an outWriter's buffer keeps between renders.
const keptOut = 256 << 10

// render renders doc, parsed from src, with md and returns the output.
func (w *outWriter) render(md goldmark.Markdown, src []byte, doc ast.Node) (string, error) {
	if w.bw == nil {
		w.bw = bufio.NewWriter(&w.buf)
	}
	w.buf.Reset()
	w.bw.Reset(&w.buf)
	err := md.Renderer().Render(w.bw, src, doc)
	if ferr := w.bw.Flush(); err == nil {
		err = ferr
	}
	out := w.buf.String()
	if w.buf.Cap() > keptOut {
		w.buf = bytes.Buffer{} // a long block's: not kept for the short ones
	}
	return out, err
}
