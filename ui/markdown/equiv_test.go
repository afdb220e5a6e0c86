package markdown

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"atelier/internal/testsize"
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

// wholeDark is wholeLines in the dark default style, each text at each
// width drawn once for the package's run: TestBlockwiseMatchesWhole and
// TestStreamedMatchesWhole compare with the same drawings of the corpus,
// which glamour, under -race, took seconds to draw twice. The lines are
// the caller's to keep.
func wholeDark(t *testing.T, text string, width int) []string {
	t.Helper()
	k := wholeKey{text, width}
	wholeDrawn.Lock()
	lines, ok := wholeDrawn.m[k]
	wholeDrawn.Unlock()
	if !ok {
		lines = wholeLines(t, text, width, DefaultStyles(true))
		wholeDrawn.Lock()
		wholeDrawn.m[k] = lines
		wholeDrawn.Unlock()
	}
	return slices.Clone(lines)
}

type wholeKey struct {
	text  string
	width int
}

var wholeDrawn = struct {
	sync.Mutex
	m map[wholeKey][]string
}{m: map[wholeKey][]string{}}

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
	t.Parallel()
	for name, text := range corpus(t) {
		for _, width := range []int{40, 80, 120} {
			r := NewRenderer(width, DefaultStyles(true))
			r.Append(text)
			r.Finish()
			got := collapseBlank(r.Lines())
			want := collapseBlank(wholeDark(t, text, width))
			diffLines(t, fmt.Sprintf("%s at %d", name, width), got, want)
		}
	}
}

// TestBlockwiseMatchesWholeLong does the same on a long reply of the
// benchmark's, streamed in pieces of some 20 bytes with a frame after every
// 16: 25 KB in the default run, the benchmark's 100 KB in 5,000 pieces
// with ATELIER_TEST_LARGE=1.
func TestBlockwiseMatchesWholeLong(t *testing.T) {
	t.Parallel()
	size := testsize.Pick(t, 25_000, 100_000)
	text := genReply(size)
	st := DefaultStyles(true)
	r := NewRenderer(120, st)
	for i, c := range genChunks(text, size/20) {
		r.Append(c)
		if i%16 == 0 {
			r.Lines()
		}
	}
	r.Finish()
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
	if len(r.blocks) < size/1000 {
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
	r.Finish()
	got := collapseBlank(r.Lines())
	want := collapseBlank(wholeLines(t, text, 60, st))
	return !slices.Equal(got, want)
}

// TestBlockwiseMatchesWholeRandom compares the two renderings on random
// documents made of markdown fragments (HTML and link definitions aside:
// see the package notes): 60 of them, 300 with ATELIER_TEST_LARGE=1 (see
// randomDocs).
func TestBlockwiseMatchesWholeRandom(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(7, 7))
	for range randomDocs(t, 60, 300) {
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
		if len(b) > 16 { // as long as TestBlockwiseMatchesWholeRandom's: glamour's time grows with the document
			return
		}
		if text := randomDoc(b); blockwiseDiffers(t, text) {
			t.Fatalf("block-wise differs from whole for %q", text)
		}
	})
}

// streamLines renders text as a stream does: pieces of n bytes, a frame
// after each (the open block rendered from its cut), and returns the lines
// at the end.
func streamLines(text string, width, n int) []string {
	r := NewRenderer(width, DefaultStyles(true))
	for i := 0; i < len(text); i += n {
		r.Append(text[i:min(i+n, len(text))])
		r.Lines()
	}
	r.Finish()
	return r.Lines()
}

// diffLines reports the first line where got and want differ.
func diffLines(t *testing.T, what string, got, want []string) bool {
	t.Helper()
	got, want = collapseBlank(got), collapseBlank(want)
	for i := range max(len(got), len(want)) {
		var g, w string
		if i < len(got) {
			g = got[i]
		}
		if i < len(want) {
			w = want[i]
		}
		if g != w {
			t.Errorf("%s: line %d of %d/%d:\n got %q\nwant %q", what, i, len(got), len(want), g, w)
			return true
		}
	}
	return false
}

// TestStreamedMatchesWhole streams each corpus file and each costly shape
// (those also at 196 columns) in pieces of several sizes, a frame after each piece, so that open
// blocks are cut wherever the pieces fall: the lines at the end must be
// those of rendering the whole text at once. The shapes are of 1,200
// bytes and the texts streamed a byte at a time of up to 400 in the
// default run; of 4,000 and up to 2,000 (every corpus file) with
// ATELIER_TEST_LARGE=1. Each text is a parallel subtest.
func TestStreamedMatchesWhole(t *testing.T) {
	t.Parallel()
	texts := corpus(t)
	for _, shape := range shapes {
		texts["shape-"+shape] = genShape(shape, testsize.Pick(t, 1200, 4000))
	}
	byteAtATime := testsize.Pick(t, 400, 2000)
	for name, text := range texts {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			widths := []int{40, 120}
			if strings.HasPrefix(name, "shape-") {
				widths = append(widths, 196) // a 200-column terminal's reply
			}
			for _, width := range widths {
				want := wholeDark(t, text, width)
				for _, n := range []int{1, 9, 256} {
					if n == 1 && len(text) > byteAtATime {
						continue
					}
					diffLines(t, fmt.Sprintf("%s at %d in pieces of %d", name, width, n), streamLines(text, width, n), want)
				}
			}
		})
	}
}

// streamFragments add to fragments what costly blocks are made of: lines
// of list items at several depths, fences inside them, long lines,
// tables, and the lines that change what is above them.
var streamFragments = append(fragments[:len(fragments):len(fragments)],
	"  ```go", "  ```", "  x := 1 // in an item", "  more text of the item", "    - deeper item", "    deeper text",
	"   ```py", "   y = 2", "   ```", "2. two", "   - nested in numbered", "  2) paren", "- item with `code` and **bold** text",
	"a long line of words that goes on and on so that it wraps at forty columns and more, with *emphasis* and a [link](https://e.org) in it",
	"| c1 | c2 | c3 |", "|:--|--:|---|", "| a much wider cell | b | c |", "| a | `b` | **c** |", "---", "===", "  ---",
	"text with a stray * star and an _underscore and a `tick", "[ref]", "    ```", "	- tabbed item",
)

// TestStreamedMatchesWholeRandom streams random documents, in random
// pieces with a frame after each, and compares the end with the whole: 30
// documents, 400 with ATELIER_TEST_LARGE=1 (see randomDocs).
func TestStreamedMatchesWholeRandom(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(11, randomSeed()))
	for range randomDocs(t, 30, 400) {
		var lines []string
		for range 3 + rng.IntN(20) {
			lines = append(lines, streamFragments[rng.IntN(len(streamFragments))])
		}
		text := strings.Join(lines, "\n") + "\n"
		width := []int{30, 60, 100}[rng.IntN(3)]
		r := NewRenderer(width, DefaultStyles(true))
		for i := 0; i < len(text); {
			n := 1 + rng.IntN(24)
			r.Append(text[i:min(i+n, len(text))])
			r.Lines()
			i += n
		}
		r.Finish()
		// The stream must draw what the splitter's blocks draw at once:
		// that they add up to the whole text drawn as one document is
		// TestBlockwiseMatchesWholeRandom's business, and where they do,
		// comparing with the one or the other is the same comparison
		// (diffLines counts a run of empty lines as one), so the whole
		// document is not drawn here too.
		once := NewRenderer(width, DefaultStyles(true))
		once.Append(text)
		once.Finish()
		if diffLines(t, fmt.Sprintf("%q at %d", text, width), r.Lines(), once.Lines()) {
			return
		}
	}
}

// randomSeed and randomDocs let a longer search for differences run with
// ATELIER_MD_SEED and ATELIER_MD_DOCS set; the defaults are what CI runs.
func randomSeed() uint64 {
	n, _ := strconv.ParseUint(os.Getenv("ATELIER_MD_SEED"), 10, 64)
	return 12 + n
}

// randomDocs is how many random documents a random-equivalence test
// compares: small in the default run, large with ATELIER_TEST_LARGE=1
// (testsize), and ATELIER_MD_DOCS's number when it is set.
func randomDocs(t *testing.T, small, large int) int {
	t.Helper()
	if v, err := strconv.Atoi(os.Getenv("ATELIER_MD_DOCS")); err == nil && v > 0 {
		return v
	}
	return testsize.Pick(t, small, large)
}

// docCount counts the documents of a random-equivalence test that also
// asserts that some kind of document came up (a list laid out flat, a
// table): randomDocs of them, and more, up to the large number, while that
// kind has not come up, so that the default run's smaller corpus still
// makes the assertion the large one makes.
type docCount struct{ i, n, limit int }

func moreDocs(t *testing.T, small, large int) *docCount {
	n := randomDocs(t, small, large)
	return &docCount{n: n, limit: max(n, large)}
}

// next reports whether to compare one more document; seen says whether
// what the test must see has come up.
func (c *docCount) next(seen bool) bool {
	c.i++
	return c.i <= c.n || !seen && c.i <= c.limit
}

// FuzzStreamed streams a document of fragments (the bytes of b pick them,
// the last four where the stream is cut, twice) and checks it ends as
// drawing it at once does. Three pieces, a frame after each: a frame is a
// glamour drawing, and a stream cut every few bytes (as
// TestStreamedMatchesWholeRandom cuts it) ran 5 inputs in 20 s, where
// cuts the fuzzer places anywhere run thousands.
func FuzzStreamed(f *testing.F) {
	f.Add([]byte{40, 41, 42, 5, 43, 38, 38, 37, 0, 3, 0, 7})
	f.Add([]byte{13, 44, 45, 46, 0, 47, 48, 2, 0, 9, 1, 1})
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) < 5 || len(b) > 14 {
			return
		}
		var lines []string
		for _, c := range b[:len(b)-4] {
			lines = append(lines, streamFragments[int(c)%len(streamFragments)])
		}
		text := strings.Join(lines, "\n") + "\n"
		cuts := []int{int(binary.BigEndian.Uint16(b[len(b)-4:])) % (len(text) + 1),
			int(binary.BigEndian.Uint16(b[len(b)-2:])) % (len(text) + 1)}
		slices.Sort(cuts)
		streamedAtCuts(t, text, cuts)
	})
}

// streamedAtCuts streams text in three pieces cut at cuts, drawing a frame
// after each of the first two, and fails the test when the finished reply
// differs from text drawn at once.
func streamedAtCuts(t *testing.T, text string, cuts []int) {
	t.Helper()
	r := NewRenderer(60, DefaultStyles(true))
	for i, piece := range []string{text[:cuts[0]], text[cuts[0]:cuts[1]], text[cuts[1]:]} {
		r.Append(piece)
		if i < 2 {
			r.Lines()
		}
	}
	r.Finish()
	once := NewRenderer(60, DefaultStyles(true))
	once.Append(text)
	once.Finish()
	if got, want := collapseBlank(r.Lines()), collapseBlank(once.Lines()); !slices.Equal(got, want) {
		t.Fatalf("streamed, cut at %v, differs from drawn at once for %q:\nstreamed %q\nat once  %q", cuts, text, got, want)
	}
}

// TestStreamedOpenFenceEndsAsWhole: a fence the reply never closes, drawn
// while open, ends as drawing the whole reply ends it, without the blank
// line that followed its last line (FuzzStreamed's find).
func TestStreamedOpenFenceEndsAsWhole(t *testing.T) {
	text := "```go\n- item with `code` and **bold** text\n\n"
	for _, cuts := range [][]int{{6, 6}, {3, 6}, {6, len(text) - 1}, {len(text) - 1, len(text)}} {
		streamedAtCuts(t, text, cuts)
	}
	streamedAtCuts(t, "```\nx\n\n\n", []int{4, 4})
}

// TestHugeDeltasMatchWhole streams one paragraph in deltas larger than
// wordWindow, some words in emphasis: only the words near the end are
// candidates, the cut still moves, and each frame draws what the whole
// rendering draws.
func TestHugeDeltasMatchWhole(t *testing.T) {
	t.Parallel()
	st := DefaultStyles(true)
	r := NewRenderer(80, st)
	word := "lorem *ipsum* dolor sit amet, "
	delta := strings.Repeat(word, 3*wordWindow/len(word))
	var text string
	for range 3 {
		r.Append(delta)
		text += delta
		r.Lines()
		if r.open.cut.at < len(text)-wordWindow {
			t.Errorf("the cut stayed at %d of %d bytes", r.open.cut.at, len(text))
		}
	}
	whole := collapseBlank(wholeLines(t, text, 80, st)) // drawn once: glamour takes seconds over it under -race
	diffLines(t, "a frame", collapseBlank(r.Lines()), whole)
	r.Finish()
	diffLines(t, "finished", collapseBlank(r.Lines()), whole)
}
