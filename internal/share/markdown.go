package share

import (
	"bytes"
	"html/template"
	"regexp"
	"strings"

	"github.com/alecthomas/chroma/v2"
	chromahtml "github.com/alecthomas/chroma/v2/formatters/html"
	"github.com/alecthomas/chroma/v2/lexers"
	"github.com/microcosm-cc/bluemonday"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/renderer"
	gmhtml "github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/util"

	"atelier/internal/termtext"
)

// Model text is Markdown that may hold raw HTML. It is rendered with the
// raw HTML kept (a model writing <kbd> or <details> means it), code fences
// highlighted by chroma into classes the page's stylesheet colours, and
// then everything goes through one sanitiser: the allowlist below is the
// whole of what a model can put in a page.

// md renders model Markdown; its raw HTML is left to the sanitiser.
var md = goldmark.New(
	goldmark.WithExtensions(extension.GFM),
	goldmark.WithRendererOptions(
		gmhtml.WithUnsafe(),
		renderer.WithNodeRenderers(util.Prioritized(codeRenderer{}, 100)),
	),
)

// chromaFormatter writes highlighted code with classes, never inline
// styles (the page's CSP allows no style attribute).
var chromaFormatter = chromahtml.New(chromahtml.WithClasses(true), chromahtml.PreventSurroundingPre(false))

// classRE is what a class attribute may hold: chroma's short classes and
// the like, no quotes or anything else.
var classRE = regexp.MustCompile(`^[A-Za-z0-9 _-]{1,80}$`)

// alignRE is a table cell's alignment as goldmark writes it.
var alignRE = regexp.MustCompile(`^(left|center|right)$`)

// policy is the allowlist of model HTML: text structure, tables, lists,
// code, and links that navigate (http, https, mailto) with no referrer.
// No image (a model's image is a remote load), no style, no id, no form,
// no frame, no media, no handler, no SVG, no script.
var policy = func() *bluemonday.Policy {
	p := bluemonday.NewPolicy()
	p.AllowElements("p", "br", "hr", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "code",
		"em", "strong", "del", "s", "b", "i", "u", "sub", "sup", "kbd", "mark", "small", "span", "div",
		"details", "summary", "dl", "dt", "dd", "abbr", "q", "cite", "var", "samp", "ins")
	p.AllowLists()
	p.AllowTables()
	p.AllowAttrs("class").Matching(classRE).OnElements("span", "code", "pre", "div")
	p.AllowAttrs("align").Matching(alignRE).OnElements("th", "td")
	p.AllowAttrs("title").OnElements("abbr")
	p.AllowAttrs("type", "checked", "disabled").OnElements("input") // GFM task lists
	p.AllowAttrs("href").OnElements("a")
	p.AllowURLSchemes("http", "https", "mailto")
	p.RequireParseableURLs(true)
	p.AllowRelativeURLs(false)
	p.RequireNoFollowOnLinks(true)
	p.RequireNoReferrerOnLinks(true)
	p.AddTargetBlankToFullyQualifiedLinks(true)
	return p
}()

// inputRE keeps only the checkbox of a task list among inputs.
var inputRE = regexp.MustCompile(`<input\b[^>]*>`)

// Markdown renders untrusted model text to safe HTML: terminal control
// sequences removed, Markdown rendered, code highlighted, then sanitised.
func Markdown(text string) template.HTML {
	var b bytes.Buffer
	if err := md.Convert([]byte(termtext.String(text)), &b); err != nil {
		// goldmark fails only on a failing writer; a bytes.Buffer does not.
		return template.HTML(template.HTMLEscapeString(text))
	}
	out := policy.SanitizeBytes(b.Bytes())
	out = inputRE.ReplaceAllFunc(out, func(in []byte) []byte {
		if bytes.Contains(in, []byte(`type="checkbox"`)) {
			return in
		}
		return nil
	})
	return template.HTML(out)
}

// codeRenderer writes fenced code through chroma.
type codeRenderer struct{}

func (codeRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindFencedCodeBlock, renderCode)
}

func renderCode(w util.BufWriter, src []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkSkipChildren, nil
	}
	cb := n.(*ast.FencedCodeBlock)
	var code strings.Builder
	for i := range cb.Lines().Len() {
		seg := cb.Lines().At(i)
		code.Write(seg.Value(src))
	}
	lang := string(cb.Language(src))
	lexer := lexers.Get(lang)
	if lexer == nil {
		lexer = lexers.Fallback
	}
	it, err := chroma.Coalesce(lexer).Tokenise(nil, code.String())
	if err == nil {
		err = chromaFormatter.Format(w, chromaStyle, it)
	}
	if err != nil { // an unreadable fence is shown plain
		w.WriteString("<pre><code>" + template.HTMLEscapeString(code.String()) + "</code></pre>\n")
	}
	return ast.WalkSkipChildren, nil
}
