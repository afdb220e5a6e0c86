package benchdata

import (
	"strings"
	"testing"
)

// TestWords checks what the corpora rely on: a seed makes the same text,
// another seed other text, each draw holds lo to hi words, and the common
// words given are the frequent ones.
func TestWords(t *testing.T) {
	common := []string{"the", "of", "and"}
	a, b, c := NewText(7, common), NewText(7, common), NewText(8, common)
	var other int
	counts := map[string]int{}
	for range 200 {
		wa, wb, wc := a.Words(3, 9), b.Words(3, 9), c.Words(3, 9)
		if wa != wb {
			t.Fatalf("one seed, two texts: %q and %q", wa, wb)
		}
		if wa != wc {
			other++
		}
		ws := strings.Fields(wa)
		if len(ws) < 3 || len(ws) > 9 {
			t.Fatalf("%d words (%q), want 3 to 9", len(ws), wa)
		}
		for _, w := range ws {
			counts[w]++
		}
	}
	if other == 0 {
		t.Error("seeds 7 and 8 made the same text")
	}
	top, most := "", 0
	for w, n := range counts {
		if n > most {
			top, most = w, n
		}
	}
	if top != "the" && top != "of" && top != "and" {
		t.Errorf("the most frequent word is %q (%d times), want one of the common words %v", top, most, common)
	}
}
