package markdown

import (
	"cmp"
	"math"
	"slices"
	"sort"
	"unicode"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"
)

// inlineRisk returns the offset in src of the first character, at or after
// from, that later text could give a meaning it does not have yet, and
// where the text of the inline constructs lies (a cut inside one would cut
// it in two). The risks are: an
// emphasis, strike or code span opener left unmatched, a bracket that a
// later `](url)` would make a link, a `<` that could start an HTML tag or
// an autolink. Text before the risk renders the same whatever follows; a
// cut can be made there. The risk is math.MaxInt when there is none.
//
// It reads what goldmark left as literal text after parsing src (doc):
// matched constructs are nodes of their own, and only what stays literal
// can change. The spans come sorted and merged where they touch, so that
// cuttable finds a cut's by binary search: a tail holds thousands of
// candidates and as many emphasised words.
func inlineRisk(doc ast.Node, src []byte, from int) (int, []span) {
	risk := math.MaxInt
	var inside []span
	if doc == nil {
		return risk, nil
	}
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		if n.Type() == ast.TypeInline && n.HasChildren() {
			// An emphasis, link or code span: a cut inside it would leave
			// its halves unmatched.
			if lo, hi := textSpan(n); lo < hi && hi > from {
				inside = append(inside, span{lo, hi})
			}
		}
		switch n := n.(type) {
		case *ast.CodeSpan, *ast.FencedCodeBlock, *ast.CodeBlock, *ast.HTMLBlock, *ast.RawHTML, *ast.AutoLink:
			return ast.WalkSkipChildren, nil
		case *ast.Text:
			seg := n.Segment
			for p := max(seg.Start, from); p < seg.Stop && p < risk; p++ {
				if opens(src, p) {
					risk = p
				}
			}
		}
		return ast.WalkContinue, nil
	})
	return risk, mergeSpans(inside)
}

// mergeSpans sorts spans (each the offsets (start, end] a cut may not
// fall on) by start and joins those that overlap or touch.
func mergeSpans(spans []span) []span {
	slices.SortFunc(spans, func(a, b span) int { return cmp.Compare(a.start, b.start) })
	var out []span
	for _, s := range spans {
		if last := len(out) - 1; last >= 0 && s.start <= out[last].end {
			out[last].end = max(out[last].end, s.end)
			continue
		}
		out = append(out, s)
	}
	return out
}

// textSpan returns where the text inside inline node n starts and ends in
// the source.
func textSpan(n ast.Node) (lo, hi int) {
	lo, hi = math.MaxInt, -1
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if t, ok := c.(*ast.Text); ok && entering {
			lo, hi = min(lo, t.Segment.Start), max(hi, t.Segment.Stop)
		}
		return ast.WalkContinue, nil
	})
	return lo, hi
}

// cuttable reports whether a cut can go at offset p of the source: before
// the first risk, and inside no inline construct (inside as mergeSpans
// leaves it: sorted, disjoint).
func cuttable(p, risk int, inside []span) bool {
	if p < 0 || p > risk {
		return false
	}
	// The last span starting before p is the only one that can hold it.
	i := sort.Search(len(inside), func(i int) bool { return inside[i].start >= p }) - 1
	return i < 0 || p > inside[i].end
}

// opens reports whether the literal character at src[p] could start a
// construct that later text completes.
func opens(src []byte, p int) bool {
	c := src[p]
	if p > 0 && src[p-1] == '\\' {
		return false // escaped
	}
	switch c {
	case '`', '[':
		return true
	case '<':
		if p+1 >= len(src) {
			return true
		}
		n := src[p+1]
		return n == '/' || n == '!' || n == '?' || n >= 'a' && n <= 'z' || n >= 'A' && n <= 'Z'
	case '*', '_', '~':
		q := p
		for q < len(src) && src[q] == c {
			q++
		}
		prev, next := runeBefore(src, p), runeAt(src, q)
		left := !isSpace(next) && (!isPunct(next) || isSpace(prev) || isPunct(prev))
		if c != '_' {
			return left
		}
		right := !isSpace(prev) && (!isPunct(prev) || isSpace(next) || isPunct(next))
		return left && (!right || isPunct(prev))
	}
	return false
}

// runeBefore is the character before offset p, a space at the start.
func runeBefore(src []byte, p int) rune {
	if p <= 0 {
		return ' '
	}
	r, _ := utf8.DecodeLastRune(src[:p])
	return r
}

// runeAt is the character at offset p, a space at the end.
func runeAt(src []byte, p int) rune {
	if p >= len(src) {
		return ' '
	}
	r, _ := utf8.DecodeRune(src[p:])
	return r
}

func isSpace(r rune) bool { return unicode.IsSpace(r) }

func isPunct(r rune) bool { return unicode.IsPunct(r) || unicode.IsSymbol(r) }
