package markdown

import (
	"sync"
	"sync/atomic"

	"github.com/alecthomas/chroma/v2/lexers"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// plainLang is the language that code without one, or with one chroma does
// not know, is drawn in: chroma's plain text, no colours guessed.
//
// Left to itself, glamour hands such code to chroma with its language as
// written, and chroma then guesses: it runs every lexer's analyser over the
// code, 8-10 ms for three lines, at every frame of an open code block and
// again when it closes; and as the code grows the guess can change, so the
// colours of lines already on screen would change with it. A code block
// with no language is drawn as GitHub draws it: as it is.
const plainLang = "text"

// knownLangs caches, per language name, whether chroma has a lexer for it:
// a name chroma does not know costs a match against every lexer's file
// patterns, some 10 ms. Model output can name any number of languages, so
// the cache holds maxLangs names at most; a name first seen after that is
// drawn plain without asking.
var (
	knownLangs sync.Map // string → bool
	nLangs     atomic.Int32
)

const maxLangs = 512

func knownLang(lang []byte) bool {
	if v, ok := knownLangs.Load(string(lang)); ok {
		return v.(bool)
	}
	if nLangs.Load() >= maxLangs {
		return false
	}
	ok := lexers.Get(string(lang)) != nil
	if _, seen := knownLangs.LoadOrStore(string(lang), ok); !seen {
		nLangs.Add(1)
	}
	return ok
}

// plainCode replaces in doc every code block with no language, or one chroma
// does not know, by a fenced code block in plainLang, and returns the source
// to render doc with: src, followed by the word the new blocks point to when
// there are any. Code blocks must be collected from doc before: the new
// blocks' language is not what the model wrote.
func plainCode(doc ast.Node, src []byte) []byte {
	var plain []ast.Node
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.FencedCodeBlock:
			if lang := n.Language(src); len(lang) == 0 || !knownLang(lang) {
				plain = append(plain, n)
			}
			return ast.WalkSkipChildren, nil
		case *ast.CodeBlock:
			plain = append(plain, n)
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	if len(plain) == 0 {
		return src
	}
	out := make([]byte, 0, len(src)+len(plainLang))
	out = append(append(out, src...), plainLang...)
	info := text.NewSegment(len(src), len(out))
	for _, n := range plain {
		fc := ast.NewFencedCodeBlock(ast.NewTextSegment(info))
		fc.SetLines(n.Lines())
		fc.SetBlankPreviousLines(n.HasBlankPreviousLines())
		n.Parent().ReplaceChild(n.Parent(), n, fc)
	}
	return out
}
