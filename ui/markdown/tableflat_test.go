package markdown

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// tableCells are what the cells of random tables are made of: plain words
// and punctuation, wide characters, numbers, the renderer's marks, and the
// awkward (inline markup, escapes, links, HTML, entities), which keep a
// table from being laid out flat.
var tableCells = []string{
	"word", "a", "vector", "866", "12,345", "1.5", "harvest balances", "-", "(x)", "x/y", "50%", "#3", "a:b",
	"日本語", "Größe", "café", "—", "“q”", "…", cutMark + "marked", "", "longer words than the others here",
	"**bold**", "`code`", "[l](https://e.org)", "<b>", "&amp;", `a \| b`, "~~s~~", "_u_", "a@b.org", "www.e.org", "🎉",
}

// randomTable is a random table as the stream has it: a head, a delimiter
// row of random alignments, rows of as many cells or fewer, with or without
// their outer pipes; the last row may be cut anywhere.
func randomTable(rng *rand.Rand) string {
	cols := 1 + rng.IntN(6)
	cell := func() string {
		if rng.IntN(3) == 0 {
			return tableCells[rng.IntN(len(tableCells))]
		}
		return tableCells[rng.IntN(22)]
	}
	row := func(n int) string {
		var b strings.Builder
		b.WriteString(strings.Repeat(" ", rng.IntN(4)) + "|")
		for k := range n {
			if k > 0 {
				b.WriteString("|")
			}
			b.WriteString(" " + cell() + " ")
		}
		if rng.IntN(4) > 0 {
			b.WriteString("|")
		}
		return b.String() + "\n"
	}
	var b strings.Builder
	b.WriteString(row(cols))
	b.WriteString("|")
	for range cols {
		b.WriteString([]string{"---", ":---", "---:", ":---:", "-"}[rng.IntN(5)] + "|")
	}
	b.WriteString("\n")
	for range rng.IntN(8) {
		b.WriteString(row(cols - rng.IntN(2)))
	}
	s := b.String()
	if rng.IntN(3) == 0 {
		last := strings.LastIndex(s[:len(s)-1], "\n") + 1
		s = s[:last+rng.IntN(len(s)-last)]
	}
	return s
}

// TestFlatTableAsGlamour lays out random tables with flatTable and with
// glamour, at widths from 8 to 220 columns, in the dark, light and
// 16-colour styles: the lines must be the same bytes. 25 tables per style
// and width (more until one has been laid out flat), 100 with
// ATELIER_TEST_LARGE=1 (see moreDocs).
func TestFlatTableAsGlamour(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(23, randomSeed()))
	for _, c := range flatCases() {
		name, st, width := c.name, c.st, c.width
		whole := newGlamour(width, st.Markdown)
		f := newFlatTable(st.Markdown, whole)
		if f == nil {
			if width >= 30 {
				t.Fatalf("%s at %d: the probes failed", name, width)
			}
			continue
		}
		laid := 0
		docs := moreDocs(t, 25, 100)
		for docs.next(laid > 0) {
			src := []byte(randomTable(rng))
			if rng.IntN(3) == 0 {
				src = append([]byte("\n"), src...)
			}
			got, ok := f.lay(src)
			if !ok {
				continue
			}
			laid++
			want, err := whole(src)
			if err != nil {
				t.Fatal(err)
			}
			g, w := compact(nil, got.out), compact(nil, want.out)
			if !slices.Equal(g, w) {
				diffLines(t, fmt.Sprintf("%s at %d: %q", name, width, src), g, w)
				return
			}
		}
		if laid == 0 {
			t.Fatalf("%s at %d: no table laid out flat", name, width)
		}
	}
}

// TestFlatTableDeclines: a table that is not all plain text, that does not
// fit, or that is not a table, is left to glamour.
func TestFlatTableDeclines(t *testing.T) {
	st := DefaultStyles(true)
	f := newFlatTable(st.Markdown, newGlamour(60, st.Markdown))
	if f == nil {
		t.Fatal("the probes failed at 60 columns")
	}
	for _, s := range []string{
		"| a | b |\n|---|---|\n| **1** | 2 |\n", "| a | b |\n|---|---|\n| `1` | 2 |\n", "| a | b |\n|---|---|\n| [1](x) | 2 |\n",
		"| a | b |\n|---|---|\n| 1 \\| 2 | 3 |\n", "| a | b |\n|---|---|\n| &amp; | 2 |\n", "| *a* | b |\n|---|---|\n| 1 | 2 |\n",
		"| a | b |\n|---|---|\n| 1 | 2 | 3 |\n", "| a | b |\n|---|\n| 1 | 2 |\n", "| a | b |\n|-x-|---|\n", "| a | b |\n| 1 | 2 |\n",
		"| a | b |\n|---|---|\nplain line\n", "| a | b |\n|---|---|\n    | 1 | 2 |\n", "| a | b |\n|---|---|\n| 1\t| 2 |\n",
		"| a | b |\n|---|---|\n| two  spaces | 2 |\n", "| a | b |\n|---|---|\n| " + strings.Repeat("wide ", 20) + "| 2 |\n",
		"para\n", "| a |\n", "| a | b |\n|---|---|\f\n| 1 | 2 |\n", "| a | b |\n|---|---|\n| 1\u00a0| 2 |\n",
	} {
		if _, ok := f.lay([]byte(s)); ok {
			t.Errorf("%q laid out flat", s)
		}
	}
	for _, s := range []string{"| a | b |\n|---|---|\n| 1 | 2 |\n", "\n| a | b |\n|:-:|--:|\n| 1 | 2\n\n", "| a |\n|---|\n", "| a | b |\n|---|---|\n|  |  |\n|"} {
		if _, ok := f.lay([]byte(s)); !ok {
			t.Errorf("%q not laid out flat", s)
		}
	}
}

// TestFlatTableRefusesStyles: a table whose style has a margin (lipgloss
// pads its cells by it) is left to glamour, and so are its paragraphs when
// theirs has one.
func TestFlatTableRefusesStyles(t *testing.T) {
	st := DefaultStyles(true)
	two := uint(2)
	st.Markdown.Table.Margin = &two
	if newFlatTable(st.Markdown, newGlamour(80, st.Markdown)) != nil {
		t.Error("a table with a margin laid out flat")
	}
}

// FuzzFlatTable: whatever a model writes, a table laid out flat is laid
// out as glamour lays it out.
func FuzzFlatTable(f *testing.F) {
	for _, s := range flatTableProbes {
		f.Add(s, uint8(60))
	}
	f.Add("| a | b |\n|:-:|--:|\n| 1 |\n|\n", uint8(30))
	st := DefaultStyles(true)
	tables := map[int]*flatTable{}
	f.Fuzz(func(t *testing.T, s string, w uint8) {
		width := 20 + int(w)%180
		whole := newGlamour(width, st.Markdown)
		ft, seen := tables[width]
		if !seen {
			ft = newFlatTable(st.Markdown, whole)
			tables[width] = ft
		}
		if ft == nil || len(s) > 2000 {
			return
		}
		got, ok := ft.lay([]byte(s))
		if !ok {
			return
		}
		want, err := whole([]byte(s))
		if err != nil {
			t.Fatal(err)
		}
		if g, w := compact(nil, got.out), compact(nil, want.out); !slices.Equal(g, w) {
			t.Fatalf("at %d, %q:\nflat  %q\nwhole %q", width, s, g, w)
		}
	})
}
