package rank

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// benchReply is a reply of about 2 KB in the shapes models write: a
// heading, paragraphs, a list with bold, a code block.
func benchReply(i int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "## Answer %d\n\n", i)
	for p := range 4 {
		fmt.Fprintf(&b, "Paragraph %d of the answer, with **a bold phrase** and a `code span`, long enough to read like prose for a while.\n\n", p)
	}
	for k := range 5 {
		fmt.Fprintf(&b, "- **Point %d**: a list item that says a little more about it\n", k)
	}
	b.WriteString("\n```go\nfunc f(n int) int { return n * 2 } // **not bold**\n```\n\nA closing line.\n")
	return b.String()
}

// BenchmarkStyleOf: one reply of about 2 KB measured (the style board
// reads two a vote).
func BenchmarkStyleOf(b *testing.B) {
	text := benchReply(1)
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		if s := StyleOf(text, 0); s.Lists != 5 {
			b.Fatal(s)
		}
	}
}

// BenchmarkStyleFit: the style-controlled fit alone, 10,000 votes over 20
// targets with styles, no bootstrap.
func BenchmarkStyleFit(b *testing.B) {
	strength := map[string]float64{}
	for i := range 20 {
		strength[fmt.Sprintf("t%02d", i)] = math.Pow(1.15, float64(i))
	}
	rng := rand.New(rand.NewPCG(2, 2))
	votes := synthetic(rng, strength, 10_000)
	for i := range votes {
		votes[i].Styles = []Style{{Tokens: 100 + 900*rng.Float64(), Bold: float64(rng.IntN(4))},
			{Tokens: 100 + 900*rng.Float64(), Lists: float64(rng.IntN(6))}}
	}
	cpu0 := cpuTime()
	for b.Loop() {
		if bd, err := Compute(votes, Options{Rounds: -1}); err != nil || bd.Style == nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64((cpuTime()-cpu0).Milliseconds())/float64(b.N), "cpu-ms/op")
}
