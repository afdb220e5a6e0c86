package markdown

import (
	"fmt"
	"strings"
	"testing"

	"atelier/internal/testsize"
)

// TestOpenBlockRendersWhatChanged streams each costly shape, a frame every
// 256 bytes, and counts the bytes given to glamour: a frame must render
// what arrived and a bounded tail, not the block from its start, so the
// total stays a small multiple of the reply (rendering the open block whole
// at each frame gives some 12 times a 6 KB reply, the default run's, and
// 40 times a 20 KB one, ATELIER_TEST_LARGE=1's).
func TestOpenBlockRendersWhatChanged(t *testing.T) {
	t.Parallel()
	size := testsize.Pick(t, 6000, 20_000)
	for _, shape := range shapes {
		text := genShape(shape, size)
		var srcs []string
		r := counting(116, &srcs)
		for i := 0; i < len(text); i += 256 {
			r.Append(text[i:min(i+256, len(text))])
			r.Lines()
		}
		total := 0
		for _, s := range srcs {
			total += len(s)
		}
		if ratio := float64(total) / float64(len(text)); ratio > 4 {
			t.Errorf("%s: rendered %.1f times the reply's bytes in %d renders", shape, ratio, len(srcs))
		} else {
			t.Logf("%s: rendered %.1f times the reply's bytes in %d renders", shape, ratio, len(srcs))
		}
	}
}

// TestBoldItemClosesFromItsLastFrame streams a list whose items start with
// a bold term, as models write them, and the same list with plain terms:
// closing an item must cost no render more in the first than in the second
// (the last frame drew the next item's start with a marker, after the
// asterisks), and both must end as one render of the whole text.
func TestBoldItemClosesFromItsLastFrame(t *testing.T) {
	var bold, plainList []string
	for i := range 12 {
		bold = append(bold, fmt.Sprintf("- **Term%d**: words that explain the term, then some more of them\n", i))
		plainList = append(plainList, fmt.Sprintf("- Term%d: words that explain the term, then some more of them\n", i))
	}
	// Each line in two pieces, a frame after each: the first piece of an
	// item holds its term's first letters.
	renders := func(lines []string) int {
		var srcs []string
		r := counting(80, &srcs)
		for _, l := range lines {
			r.Append(l[:20])
			r.Lines()
			r.Append(l[20:])
			r.Lines()
		}
		r.Finish()
		n := len(srcs)
		text := strings.Join(lines, "")
		diffLines(t, "streamed against whole", r.Lines(), wholeLines(t, text, 80, DefaultStyles(true)))
		return n
	}
	b, p := renders(bold), renders(plainList)
	if b > p {
		t.Errorf("bold items: %d renders, plain items: %d", b, p)
	}
}
