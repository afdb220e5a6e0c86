package markdown

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// collapseBlank is the one normalisation the block-wise rendering needs: a
// run of empty lines counts as one (see TestBlockwiseMatchesWhole).
func collapseBlank(lines []string) []string {
	var out []string
	for i, l := range lines {
		if l == "" && i > 0 && lines[i-1] == "" {
			continue
		}
		out = append(out, l)
	}
	return out
}

// wholeLines renders text as one document through the same pipeline.
func wholeLines(t *testing.T, text string, width int, st Styles) []string {
	t.Helper()
	r := NewRenderer(width, st)
	r.update()
	lines, _, _ := r.renderBlock([]byte(text), listRef{}, false, 1)
	return lines
}

func corpus(t *testing.T) map[string]string {
	t.Helper()
	files, err := filepath.Glob("testdata/corpus/*.md")
	if err != nil || len(files) == 0 {
		t.Fatalf("corpus: %v (%d files)", err, len(files))
	}
	out := map[string]string{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out[filepath.Base(f)] = string(b)
	}
	return out
}

// TestBlockwiseMatchesWhole renders each corpus file block by block, as the
// stream does, and as one document: the screen lines must be the same, up to
// the number of empty lines in a row (glamour sometimes draws two, say after
// a code block ending in an empty line; the block-wise output draws one).
func TestBlockwiseMatchesWhole(t *testing.T) {
	for name, text := range corpus(t) {
		for _, width := range []int{40, 80, 120} {
			st := DefaultStyles(true)
			r := NewRenderer(width, st)
			r.Append(text)
			got := collapseBlank(r.Lines())
			want := collapseBlank(wholeLines(t, text, width, st))
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("%s at %d: block-wise differs from whole", name, width)
				for i := range max(len(got), len(want)) {
					var g, w string
					if i < len(got) {
						g = got[i]
					}
					if i < len(want) {
						w = want[i]
					}
					if g != w {
						t.Logf("line %d:\n got %q\nwant %q", i, g, w)
					}
				}
			}
		}
	}
}

// TestBlockwiseMatchesWholeLong does the same on the benchmark's 100 KB
// reply, streamed in 5,000 pieces with a frame after every 16.
func TestBlockwiseMatchesWholeLong(t *testing.T) {
	text := genReply(100_000)
	st := DefaultStyles(true)
	r := NewRenderer(120, st)
	for i, c := range genChunks(text, 5000) {
		r.Append(c)
		if i%16 == 0 {
			r.Lines()
		}
	}
	if r.Text() != text {
		t.Fatal("Text differs from what was appended")
	}
	got := collapseBlank(r.Lines())
	want := collapseBlank(wholeLines(t, text, 120, st))
	if len(got) != len(want) {
		t.Fatalf("block-wise has %d lines, whole %d", len(got), len(want))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("line %d:\n got %q\nwant %q", i, got[i], want[i])
		}
	}
	if len(r.blocks) < 100 {
		t.Errorf("only %d closed blocks: the splitter closes too little", len(r.blocks))
	}
}

// fragments are the lines random documents are made of: every kind of
// block start, continuation and nesting, in all the wrong places.
var fragments = []string{
	"para line", "", "", "# Head", "## Sub", "- item", "- item two", "  - nested", "    - deeper",
	"1. one", "2. two", "3) three", "10. ten", "```go", "```", "  ```", "~~~", "x := 1",
	"    indented", "   continuation", "\tTabbed", "> quote", "> ", "| a | b |", "|---|---|",
	"| 1 | 2 |", "---", "***", "Setext", "===", "* star", "+ plus", "- [ ] task",
	"text *emph* `code` [l](https://e.org)", "Term", ": def",
}

// randomDoc joins the fragments that b picks.
func randomDoc(b []byte) string {
	var lines []string
	for _, c := range b {
		lines = append(lines, fragments[int(c)%len(fragments)])
	}
	return strings.Join(lines, "\n") + "\n"
}

// blockwiseDiffers renders text block-wise and whole at width 60 and
// reports whether they differ (beyond runs of empty lines).
func blockwiseDiffers(t *testing.T, text string) bool {
	st := DefaultStyles(true)
	r := NewRenderer(60, st)
	r.Append(text)
	got := collapseBlank(r.Lines())
	want := collapseBlank(wholeLines(t, text, 60, st))
	return !slices.Equal(got, want)
}

// TestBlockwiseMatchesWholeRandom compares the two renderings on random
// documents made of markdown fragments (HTML and link definitions aside:
// see the package notes).
func TestBlockwiseMatchesWholeRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for range 300 {
		b := make([]byte, 3+rng.IntN(14))
		for i := range b {
			b[i] = byte(rng.IntN(256))
		}
		if text := randomDoc(b); blockwiseDiffers(t, text) {
			t.Errorf("block-wise differs from whole for %q", text)
		}
	}
}

// FuzzBlockwise is TestBlockwiseMatchesWholeRandom driven by the fuzzer.
func FuzzBlockwise(f *testing.F) {
	f.Add([]byte{5, 6, 7, 1, 13, 17, 14, 1, 9, 10})
	f.Add([]byte{0, 30, 11, 19, 33, 1, 34, 35, 14, 3})
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) > 40 {
			return
		}
		if text := randomDoc(b); blockwiseDiffers(t, text) {
			t.Fatalf("block-wise differs from whole for %q", text)
		}
	})
}
