package price

import (
	"testing"

	"atelier/client"
)

func TestEstimateAsks(t *testing.T) {
	prompt := "12345678" // 2 tokens estimated (8+3)/4
	targets := []client.ChatTarget{
		{Family: client.Alpha, Model: "alpha/sonnet", Settings: client.ChatSettings{MaxTokens: 1000}},
		{Family: client.Beta, Model: "beta/flash", Settings: client.ChatSettings{MaxTokens: 100, System: "abcd"}},
		{Family: client.Gamma, Model: "gamma/unpriced"},
	}
	asks := ChatAsks(targets, prompt)
	if asks[1].Prompt != "abcd12345678" || asks[1].MaxTokens != 100 {
		t.Fatalf("the system prompt or max_tokens lost: %+v", asks[1])
	}
	// alpha: 2 in at 3/M + 1000 out at 15/M; beta: 3 in at 1.25/M + 100 out at 10/M.
	one := (2*3 + 1000*15 + 3*1.25 + 100*10) / 1e6
	if got := table.EstimateAsks(asks, 3); !same(got, 3*one) {
		t.Fatalf("three repeats: %v, want %v", *got, 3*one)
	}
	if got := table.EstimateAsks(asks[2:], 1); got != nil {
		t.Fatalf("nothing priced, yet an estimate %v", *got)
	}
}
