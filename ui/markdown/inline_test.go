package markdown

import (
	"math/rand/v2"
	"testing"
)

// TestCuttableAsEverySpan: a cut found by binary search in the merged
// spans is refused exactly where one of the spans, nested, overlapping or
// touching as a walk of inline nodes leaves them, holds it.
func TestCuttableAsEverySpan(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	for range 200 {
		var spans []span
		for range rng.IntN(8) {
			lo := rng.IntN(60)
			spans = append(spans, span{lo, lo + rng.IntN(12)})
		}
		risk := 40 + rng.IntN(40)
		merged := mergeSpans(append([]span(nil), spans...))
		for p := -1; p < 90; p++ {
			want := p >= 0 && p <= risk
			for _, s := range spans {
				if s.start < p && p <= s.end {
					want = false
				}
			}
			if got := cuttable(p, risk, merged); got != want {
				t.Fatalf("spans %v (merged %v), risk %d: cuttable(%d) = %v, want %v", spans, merged, risk, p, got, want)
			}
		}
	}
}
