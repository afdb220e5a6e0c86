package markdown

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	xansi "github.com/charmbracelet/x/ansi"
)

// flatPieces are what one-line paragraphs are made of, the awkward
// included: inline styles, links of every kind, code spans, HTML, entities,
// escapes, unmatched marks, wide characters, long words, the renderer's
// markers.
var flatPieces = []string{
	"word", "words", "a", "the", "longerwordthanusual", strings.Repeat("z", 90), "**bold**", "*italic*", "_under_",
	"***both***", "**bold with *italic* inside**", "`code()`", "``co`de``", "[link](https://example.org/a)",
	"[ref link](https://e.org \"title\")", "<https://auto.example.org/x>", "https://bare.example.org/y", "~~strike~~",
	"<b>html</b>", "&amp;", "&copy;", "\\*escaped\\*", "*", "`", "[", "]", "_", "日本語", "emoji 🎉", "café",
	"—", "“quoted”", "…", "x,y", "a-b", "1.5", "(paren)", "\u00a0", cutMark + "marked", cutMark,
	"![image](https://e.org/i.png)", "<span>", "end.", "-", "+", "|", ":smile:", "snake_case_name", "**", "50%",
}

// flatPara1 is a random line of up to n pieces.
func flatPara1(rng *rand.Rand, n int, pieces []string) string {
	var b strings.Builder
	for i := range 1 + rng.IntN(n) {
		if i > 0 {
			b.WriteString([]string{" ", " ", " ", "  ", ""}[rng.IntN(5)])
		}
		b.WriteString(pieces[rng.IntN(len(pieces))])
	}
	return b.String()
}

// flatItemPieces are flatPieces but HTML and entities, which keep a list
// from being laid out flat (see flatPara.render).
var flatItemPieces = slices.DeleteFunc(slices.Clone(flatPieces), func(s string) bool {
	return strings.ContainsAny(s, "<&")
})

// flatList is a random list: bullets and numbers, nested up to three
// deep, items of one line or several, as the stream's tails are.
func flatList(rng *rand.Rand) string {
	var b strings.Builder
	depth := 0
	for range 1 + rng.IntN(8) {
		depth = max(0, min(depth+rng.IntN(3)-1, 2))
		ind := strings.Repeat("  ", depth)
		marker := []string{"- ", "* ", "- [ ] ", "- **Term**: "}[rng.IntN(4)]
		if depth == 0 && rng.IntN(3) == 0 {
			marker, ind = "1. ", ""
		}
		b.WriteString(ind + marker + flatPara1(rng, 40, flatItemPieces) + "\n")
		if rng.IntN(4) == 0 {
			b.WriteString(ind + "  " + flatPara1(rng, 20, flatItemPieces) + "\n") // a soft break
		}
	}
	return b.String()
}

// flatCase is a style and a width the flat layouts are compared with
// glamour in.
type flatCase struct {
	name  string
	st    Styles
	width int
}

// flatCases are the dark, light and 16-colour styles, each from 8 to 220
// columns.
func flatCases() []flatCase {
	var out []flatCase
	for _, st := range []flatCase{{name: "dark", st: DefaultStyles(true)}, {name: "light", st: DefaultStyles(false)}, {name: "basic", st: BasicStyles()}} {
		for _, w := range []int{30, 40, 77, 116, 120, 196, 220, 8} {
			out = append(out, flatCase{st.name, st.st, w})
		}
	}
	return out
}

// TestFlatParaAsGlamour lays out random one-line paragraphs and lists with flatPara
// and with glamour, at widths from 8 to 220 columns, in the dark, light
// and 16-colour styles: the lines must be the same bytes. 12 documents
// per style and width (more until a paragraph and a list have been laid
// out), 60 with ATELIER_TEST_LARGE=1 (see moreDocs).
func TestFlatParaAsGlamour(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(21, randomSeed()))
	for _, c := range flatCases() {
		name, st, width := c.name, c.st, c.width
		flat := newFlat(width, st)
		if flat == nil {
			t.Fatalf("%s at %d: the probes failed", name, width)
		}
		whole := newGlamour(width, st.Markdown)
		paras, lists := 0, 0
		docs := moreDocs(t, 8, 60)
		for docs.next(paras > 0 && lists > 0) {
			src, list := []byte(flatPara1(rng, 80, flatPieces)+"\n"), rng.IntN(2) == 0
			if list {
				src = []byte(flatList(rng))
			}
			if rng.IntN(3) == 0 {
				src = append([]byte("\n"), src...) // a closed block after its blank line
			}
			if rng.IntN(3) == 0 {
				src = append(src, '\n') // and before the one that closed it
			}
			got, err := flat(src)
			if err != nil {
				continue // not one paragraph: glamour's
			}
			if list {
				lists++
			} else {
				paras++
			}
			if !layoutIsWhole(t, fmt.Sprintf("%s at %d: %q", name, width, src), whole, src, got) {
				return
			}
		}
		if paras == 0 || lists == 0 {
			t.Fatalf("%s at %d: %d paragraphs and %d lists laid out flat", name, width, paras, lists)
		}
	}
}

// layoutIsWhole reports whether got, src laid out flat, draws the lines
// whole, glamour at the width, draws for it; if not, it says where not.
func layoutIsWhole(t *testing.T, what string, whole renderFunc, src []byte, got rendering) bool {
	t.Helper()
	want, err := whole(src)
	if err != nil {
		t.Fatal(err)
	}
	g, w := trimBlank(compact(nil, got.out)), trimBlank(compact(nil, want.out))
	if !slices.Equal(g, w) {
		diffLines(t, what, g, w)
		return false
	}
	return true
}

// TestFlatParaDeclines: what is not one paragraph on one line, a list of
// text or a table of plain text is left to glamour.
func TestFlatParaDeclines(t *testing.T) {
	flat := newFlat(60, DefaultStyles(true))
	for _, s := range []string{"# heading\n", "two\nlines\n", "- item\n\n  ```\n  code\n  ```\n", "- item\n  > quote\n", "> quote\n", "para\n\npara\n", "```\ncode\n", "    indented\n", "---\n", "a\r\n",
		"| a | b |\n|---|---|\n| **1** | 2 |\n", "\n> quote\n> more\n", "\nline one\nline two\n"} {
		if _, err := flat([]byte(s)); err != errNotFlat {
			t.Errorf("%q: %v, want errNotFlat", s, err)
		}
	}
	for _, s := range []string{"one **paragraph** on one line\n", "- an item\n  - nested\n- **two**: text\n  on two lines\n", "1. one\n2. two\n", "\nafter a blank line\n", "\n- an item after one\n- and another\n",
		"a closed paragraph\n\n", "\nbetween blank lines\n\n", "- a closed list\n- of two\n\n",
		"| a | b |\n|---|---|\n| 1 | 2 |\n", "\n| a closed | table |\n|:-:|--:|\n| 1 | 2 |\n\n"} {
		if _, err := flat([]byte(s)); err != nil {
			t.Errorf("%q: %v", s, err)
		}
	}
}

// TestFlatParaRefusesStyles: a style whose paragraph glamour indents or
// prefixes does not lay paragraphs out flat (tables still may be).
func TestFlatParaRefusesStyles(t *testing.T) {
	para := []byte("one **paragraph** on one line\n")
	st := DefaultStyles(true)
	two := uint(2)
	st.Markdown.Paragraph.Margin = &two
	if flat := newFlat(80, st); flat != nil {
		if _, err := flat(para); err != errNotFlat {
			t.Errorf("a paragraph with a margin laid out flat: %v", err)
		}
	}
	st = DefaultStyles(true)
	st.Markdown.Paragraph.Prefix = "¶ "
	if flat := newFlat(80, st); flat != nil {
		if _, err := flat(para); err != errNotFlat {
			t.Errorf("a paragraph with a prefix laid out flat: %v", err)
		}
	}
	st.Markdown.Table.Margin = &two
	if newFlat(80, st) != nil {
		t.Error("flat layout made with neither paragraphs nor tables")
	}
}

// TestBlankTextAsStripped: blankText, which stops at the first character
// that shows, says what stripping the whole line says.
func TestBlankTextAsStripped(t *testing.T) {
	for _, s := range []string{"", " ", "x", "\x1b[1m\x1b[0m", "\x1b[38;2;1;2;3m  word\x1b[0m", "\u00a0\u00a0", "\x1b[1m\u00a0\x1b[0m x",
		"\x1b]8;;https://e.org\x1b\\\x1b]8;;\x1b\\", "\x1b]8;;https://e.org\x1b\\link\x1b]8;;\x1b\\", "\t", "\x1b[7m \x1b[0m", "日本", "\x1b[2m\u3000\x1b[0m"} {
		if got, want := blankText(s), strings.TrimSpace(xansi.Strip(s)) == ""; got != want {
			t.Errorf("blankText(%q) = %v, stripped it is %v", s, got, want)
		}
	}
}
