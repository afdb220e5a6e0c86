package markdown

import (
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/yuin/goldmark/ast"
)

// CodeBlock is one code block of a reply, as the model wrote it, so that the
// caller can copy it: the Chat tab's `y` then a number copies block N (the
// first is 1, as in the `[1]` marker drawn beside it).
type CodeBlock struct {
	Lang string // the first word of a fence's info string; empty for none
	Code string // the content, without the fences
}

// codeMark stands in the rendered output for the marker of each code block:
// it is the code block's block prefix in the glamour style, so glamour puts
// it on its own line just above the code, indented like it. After rendering,
// the line holding it becomes the `[N] lang` label. Model output never
// contains it: Append turns it into U+FFFD.
const codeMark = "\uE000"

// collectCode returns the code blocks of doc in the order glamour draws them.
func collectCode(doc ast.Node, src []byte) []CodeBlock {
	var out []CodeBlock
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.FencedCodeBlock:
			out = append(out, CodeBlock{Lang: string(n.Language(src)), Code: lines(n, src)})
		case *ast.CodeBlock:
			out = append(out, CodeBlock{Code: lines(n, src)})
		}
		return ast.WalkContinue, nil
	})
	return out
}

// lines joins the content lines of a code block, as glamour draws them.
func lines(n ast.Node, src []byte) string {
	var b strings.Builder
	for i := range n.Lines().Len() {
		seg := n.Lines().At(i)
		b.Write(seg.Value(src))
	}
	return b.String()
}

// labelCode replaces the code marks in lines with the labels of the code
// blocks numbered from first on, and returns how many it found.
func labelCode(lines []string, codes []CodeBlock, first int, style lipgloss.Style) int {
	n := 0
	for i, l := range lines {
		if !strings.Contains(l, codeMark) {
			continue
		}
		label := "[" + strconv.Itoa(first+n) + "]"
		if n < len(codes) && codes[n].Lang != "" {
			label += " " + codes[n].Lang
		}
		lines[i] = strings.Replace(l, codeMark, style.Render(label), 1)
		n++
	}
	return n
}
