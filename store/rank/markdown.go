package rank

import (
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// StyleOf measures an answer's style from its text as markdown: its
// headers, bold spans (strong emphasis, **x** or __x__) and list items, as
// a markdown parser reads them, so that ** inside a code block or a code
// span counts nothing. tokens is the reply's output tokens as the service
// counted them; when unknown (0) the text's length stands in, at four
// bytes a token as the cost estimates count them (store/price).
func StyleOf(reply string, tokens int64) Style {
	s := Style{Tokens: float64(tokens)}
	if tokens <= 0 {
		s.Tokens = float64((len(reply) + 3) / 4)
	}
	src := []byte(reply)
	doc := styleParser.Parser().Parse(text.NewReader(src))
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Heading:
			s.Headers++
		case *ast.ListItem:
			s.Lists++
		case *ast.Emphasis:
			if n.Level == 2 {
				s.Bold++
			}
		}
		return ast.WalkContinue, nil
	})
	return s
}

// styleParser is CommonMark as goldmark reads it.
var styleParser = goldmark.New()
