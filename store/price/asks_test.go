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

// TestEstimateCountsTheDefaultMaxTokens is issue 30's case (item 7): with
// output at 15 a million and a run budget of 0.001, three targets with no
// max_tokens set were estimated at 0.0001 and ran without asking, then cost
// 0.008: alpha always sends max_tokens 4096, and the estimate counts it.
func TestEstimateCountsTheDefaultMaxTokens(t *testing.T) {
	in, out := 0.0, 15.0 // the input free, so the estimate is max_tokens' alone
	tbl := Table{"demo-*": {Input: &in, Output: &out}}
	targets := []client.ChatTarget{
		{Family: client.Alpha, Model: "demo-alpha"},
		{Family: client.Beta, Model: "demo-beta"},
		{Family: client.Gamma, Model: "demo-gamma"},
	}
	asks := ChatAsks(targets, "write a haiku about tea")
	if asks[0].MaxTokens != client.DefaultMaxTokens || asks[1].MaxTokens != 0 || asks[2].MaxTokens != 0 {
		t.Fatalf("max_tokens counted %d %d %d, want alpha's default and none", asks[0].MaxTokens, asks[1].MaxTokens, asks[2].MaxTokens)
	}
	est := tbl.EstimateAsks(asks, 1)
	if want := float64(client.DefaultMaxTokens) * 15 / 1e6; !same(est, want) {
		t.Fatalf("estimate %v, want %v", est, want)
	}
	run := 0.001
	if over := (Budget{Run: &run}).Check(est, 0); over == nil {
		t.Fatalf("an estimate of %v does not pass a budget of 0.001 a run", *est)
	}
}
