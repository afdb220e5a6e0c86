package markdown

import (
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
		var buf bytes.Buffer
		err = md.Renderer().Render(&buf, plainCode(doc, src), doc)
		_, html := doc.LastChild().(*ast.HTMLBlock)
		return rendering{out: buf.String(), codes: codes, html: html, doc: doc, src: src}, err
	}
}
