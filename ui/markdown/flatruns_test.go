package markdown

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// runsPieces are flatPieces but those that make other inline nodes than
// text and emphasis (see plainRuns).
var runsPieces = slices.DeleteFunc(slices.Clone(flatPieces), func(s string) bool { return !plainRuns([]byte(s)) })

// TestFlatRunsAsGlamour lays out random paragraphs and bullet lists of
// plain, bold and italic text with the runs written directly and with
// glamour, at every width and style of the flat layouts: the lines must
// be the same bytes, and the runs must have written some. 12 documents per
// style and width (more until the runs have written one), 80 with
// ATELIER_TEST_LARGE=1 (see moreDocs).
func TestFlatRunsAsGlamour(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(29, randomSeed()))
	for _, c := range flatCases() {
		name, st, width := c.name, c.st, c.width
		flat := newFlat(width, st)
		f := cachedFlatPara(width, st.Markdown)
		if flat == nil || f == nil {
			t.Fatalf("%s at %d: the probes failed", name, width)
		}
		whole := newGlamour(width, st.Markdown)
		written := 0
		docs := moreDocs(t, 12, 80)
		for docs.next(f.runs == nil || written > 0) {
			src := []byte(flatPara1(rng, 60, runsPieces) + "\n")
			if rng.IntN(2) == 0 {
				var b strings.Builder
				for range 1 + rng.IntN(6) {
					b.WriteString([]string{"- ", "* ", "+ "}[rng.IntN(3)] + flatPara1(rng, 30, runsPieces) + "\n")
				}
				src = []byte(b.String())
			}
			if rng.IntN(3) == 0 {
				src = append([]byte("\n"), src...)
			}
			got, err := flat(src)
			if err != nil {
				continue
			}
			if f.runs != nil && plainRuns(src) {
				written++
			}
			if !layoutIsWhole(t, fmt.Sprintf("%s at %d: %q", name, width, src), whole, src, got) {
				return
			}
		}
		if name != "basic" && f.runs == nil {
			t.Fatalf("%s at %d: the runs' probes failed", name, width)
		}
		if f.runs != nil && written == 0 {
			t.Fatalf("%s at %d: no runs written", name, width)
		}
	}
}

// TestFlatRunsDecline: what is not plain, bold or italic text in a
// paragraph or a tight list of bullets is not written as runs.
func TestFlatRunsDecline(t *testing.T) {
	f := cachedFlatPara(84, DefaultStyles(true).Markdown)
	if f == nil || f.runs == nil {
		t.Fatal("no runs at 84 columns")
	}
	for _, s := range []string{"a `code` span\n", "***both***\n", "a [link](x)\n", "a <b>tag</b>\n", "1. one\n2. two\n", "- a\n  - nested\n", "- a\n\n- loose\n", "- a\n  soft\n"} {
		src := []byte(s)
		doc := f.md.Parser().Parse(text.NewReader(src))
		ok := false
		switch n := doc.FirstChild().(type) {
		case *ast.Paragraph:
			_, ok = f.runs.para(n, src)
		case *ast.List:
			_, ok = f.runs.list(n, src)
		}
		if ok {
			t.Errorf("%q written as runs", s)
		}
	}
	for _, s := range []string{"a\\*b", "x &amp; y", "see https://e.org", "www.e.org", "a@b.org", "~~s~~", "a|b"} {
		if plainRuns([]byte(s)) {
			t.Errorf("%q taken as plain runs", s)
		}
	}
	if src := []byte("- **Term**: plain *words*\n- next\n"); !plainRuns(src) {
		t.Errorf("%q not taken as plain runs", src)
	}
}
