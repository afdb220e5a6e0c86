package batch

import (
	"math"
	"testing"

	"atelier/client"
	"atelier/store/price"
)

// TestChatBatchEstimateCountsWhatIsSent: a chat batch is estimated with
// the max_tokens each cell's request carries — alpha's default 4096 when
// the target sets none, a target's own otherwise (issue 30, item 7).
func TestChatBatchEstimateCountsWhatIsSent(t *testing.T) {
	src := "targets = [\"alpha:m\", \"alpha:m:max_tokens=100\"]\nrepeats = 2\n[[prompts]]\ntext = \"hi\"\n"
	p, err := Parse("e.toml", []byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	in, out := 0.0, 15.0
	est := p.Estimate(price.Table{"m": {Input: &in, Output: &out}})
	want := 2 * float64(client.DefaultMaxTokens+100) * 15 / 1e6
	if est == nil || math.Abs(*est-want) > 1e-12 {
		t.Fatalf("estimate %v, want %v: 2 repeats of 4096 and 100 tokens out at 15 a million", est, want)
	}
}
