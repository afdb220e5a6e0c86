package price

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"
)

func f(v float64) *float64 { return &v }

// table is a [prices] table with a rate of each shape.
var table = Table{
	"alpha/*":           {Input: f(3), Output: f(15)},
	"alpha/opus-*":      {Input: f(15), Output: f(75)},
	"beta/*":            {Input: f(1.25), Output: f(10), Thinking: f(3.5)},
	"gamma/m1":          {Input: f(2)}, // no output rate
	"gamma/image-2":     {Image: map[string]float64{"1024x1024": 0.04, "1024x1024/high": 0.17, "*/low": 0.01, "*": 0.06}},
	"gamma/image-2.5-*": {Input: f(5), Output: f(40)},
	"videoa/*":          {Second: map[string]float64{"720p": 0.1, "1080p": 0.25}},
	"videob/*":          {Second: map[string]float64{"*": 0.05}},
}

func same(got *float64, want any) bool {
	switch w := want.(type) {
	case nil:
		return got == nil
	case float64:
		return got != nil && math.Abs(*got-w) < 1e-12
	}
	return false
}

func show(p *float64) string {
	if p == nil {
		return "nil"
	}
	return fmt.Sprint(*p)
}

func TestReplyCostPerFamily(t *testing.T) {
	for _, c := range []struct {
		name, model string
		u           Usage
		want        any
	}{
		{"alpha by pattern", "alpha/sonnet-4", Usage{Input: 1_000_000, Output: 200_000}, 3 + 3.0},
		{"the longest pattern wins", "alpha/opus-4", Usage{Input: 1000, Output: 1000}, 0.015 + 0.075},
		{"beta thinking at its own rate", "beta/pro", Usage{Input: 2000, Output: 3000, Thinking: 1000}, 2000*1.25/1e6 + 2000*10/1e6 + 1000*3.5/1e6},
		{"alpha thinking at the output rate", "alpha/sonnet-4", Usage{Output: 1000, Thinking: 400}, 1000 * 15 / 1e6},
		{"an unpriced model", "gamma/other", Usage{Input: 10}, nil},
		{"a count without its rate", "gamma/m1", Usage{Input: 10, Output: 5}, nil},
		{"input only, with its rate", "gamma/m1", Usage{Input: 500_000}, 1.0},
		{"nothing used", "alpha/x", Usage{}, 0.0},
		{"images priced per image have no token cost", "gamma/image-2", Usage{Input: 5}, nil},
	} {
		if got := table.Reply(c.model, c.u); !same(got, c.want) {
			t.Errorf("%s: %s, want %v", c.name, show(got), c.want)
		}
	}
}

func TestImageCostBySizeAndQuality(t *testing.T) {
	for _, c := range []struct {
		model, size, quality string
		n                    int
		u                    *Usage
		want                 any
	}{
		{"gamma/image-2", "1024x1024", "high", 2, nil, 0.34},
		{"gamma/image-2", "1024x1024", "medium", 1, nil, 0.04},
		{"gamma/image-2", "1536x1024", "low", 3, nil, 0.03},
		{"gamma/image-2", "1536x1024", "high", 1, nil, 0.06},
		{"gamma/image-2", "", "", 1, nil, 0.06}, // auto size falls to *
		{"gamma/image-2.5-flare", "1024x1024", "high", 1, &Usage{Input: 1000, Output: 4000}, 0.005 + 0.16},
		{"gamma/image-2.5-flare", "1024x1024", "high", 1, nil, nil}, // tokens priced, none reported
		{"gamma/image-9", "1024x1024", "high", 1, nil, nil},
	} {
		if got := table.Image(c.model, c.size, c.quality, c.n, c.u); !same(got, c.want) {
			t.Errorf("%s %s/%s x%d: %s, want %v", c.model, c.size, c.quality, c.n, show(got), c.want)
		}
	}
}

func TestVideoCostBySecondAndResolution(t *testing.T) {
	for _, c := range []struct {
		endpoint, res string
		secs          float64
		want          any
	}{
		{"videoa/q1/text-to-video", "1080p", 5, 1.25},
		{"videoa/q1/text-to-video", "720p", 10, 1.0},
		{"videoa/q1/text-to-video", "4k", 5, nil}, // no such resolution, no *
		{"videob/o3/pro/image-to-video", "", 8, 0.4},
		{"videob/o3/pro/image-to-video", "1080p", 0, nil}, // length unknown
		{"videoc3.1/fast", "720p", 5, nil},
	} {
		if got := table.Video(c.endpoint, c.res, c.secs); !same(got, c.want) {
			t.Errorf("%s %s %vs: %s, want %v", c.endpoint, c.res, c.secs, show(got), c.want)
		}
	}
}

func TestEstimates(t *testing.T) {
	prompt := strings.Repeat("abcd", 250) // 1000 bytes, 250 tokens
	if n := EstimateTokens(prompt); n != 250 {
		t.Fatalf("tokens %d", n)
	}
	if got := table.EstimateReply("alpha/sonnet-4", prompt, 1000); !same(got, 250*3/1e6+1000*15/1e6) {
		t.Fatalf("estimate %s", show(got))
	}
	if got := table.EstimateReply("alpha/sonnet-4", prompt, 0); !same(got, 250*3/1e6) {
		t.Fatalf("estimate without max_tokens %s", show(got))
	}
	if got := (Table{}).EstimateReply("alpha/sonnet-4", prompt, 100); got != nil {
		t.Fatalf("no prices, estimate %s", show(got))
	}
	var body map[string]any
	json.Unmarshal([]byte(`{"duration":"8s","resolution":"720p"}`), &body)
	if res, s := VideoParams(body); res != "720p" || s != 8 {
		t.Fatalf("params %q %v", res, s)
	}
	if _, s := VideoParams(map[string]any{"duration": json.Number("6")}); s != 6 {
		t.Fatalf("number duration %v", s)
	}
}

func TestUsageOfEachFamily(t *testing.T) {
	for raw, want := range map[string]Usage{
		`{"input_tokens":10,"output_tokens":20}`:                                                 {10, 20, 0},
		`{"promptTokenCount":10,"candidatesTokenCount":20,"thoughtsTokenCount":5}`:               {10, 25, 5},
		`{"input_tokens":10,"output_tokens":30,"output_tokens_details":{"reasoning_tokens":12}}`: {10, 30, 12},
		`{"input_tokens":-4,"output_tokens":3}`:                                                  {0, 3, 0},
	} {
		got, ok := UsageOf(json.RawMessage(raw))
		if !ok || got != want {
			t.Errorf("%s: %+v %v, want %+v", raw, got, ok, want)
		}
	}
	for _, raw := range []string{`{}`, `[1]`, `nope`, `{"total":3}`} {
		if _, ok := UsageOf(json.RawMessage(raw)); ok {
			t.Errorf("%s: ok", raw)
		}
	}
}

func TestBudgetCheck(t *testing.T) {
	b := Budget{Run: f(1), Day: f(5)}
	for _, c := range []struct {
		est   *float64
		spent float64
		per   string
	}{
		{f(0.5), 0, ""}, {f(1.5), 0, "run"}, {f(0.9), 4.5, "day"}, {f(0.9), 4, ""}, {nil, 100, ""},
	} {
		o := b.Check(c.est, c.spent)
		switch {
		case c.per == "" && o != nil:
			t.Errorf("%s spent %v: over (%v)", show(c.est), c.spent, o)
		case c.per != "" && (o == nil || o.Per != c.per):
			t.Errorf("%s spent %v: %v, want over per %s", show(c.est), c.spent, o, c.per)
		}
	}
	o := b.Check(f(1.5), 0)
	if !strings.Contains(o.Error(), "1.50") || !strings.Contains(o.Error(), "1.00 per run") {
		t.Fatalf("message %q", o.Error())
	}
	if (Budget{}).Check(f(1e9), 1e9) != nil {
		t.Fatal("no budget, yet over")
	}
}

func TestValidateNamesKeyAndRule(t *testing.T) {
	var got []string
	bad := func(key, format string, args ...any) { got = append(got, key+": "+fmt.Sprintf(format, args...)) }
	Validate(Table{
		"alpha/[":       {Input: f(1)},
		"beta/*":        {},
		"gamma/image-2": {Image: map[string]float64{"big": 1, "1024x1024/HIGH": 1, "*": -1}},
		"videoa/*":      {Second: map[string]float64{"1080 p": 1}, Output: f(math.NaN())},
	}, Budget{Day: f(0)}, bad)
	for _, want := range []string{
		`prices.alpha/[: "alpha/[" is not a model name or glob pattern`,
		"prices.beta/*: sets no price",
		"prices.gamma/image-2.image.big: want SIZE",
		"prices.gamma/image-2.image.1024x1024/HIGH: want SIZE",
		"prices.gamma/image-2.image.*: a price must be a finite number, zero or more (got -1)",
		"prices.videoa/*.second.1080 p: want a resolution",
		"prices.videoa/*.output: a price must be a finite number",
		"budget.day: a budget must be a finite number above zero",
	} {
		found := false
		for _, g := range got {
			found = found || strings.HasPrefix(g, want)
		}
		if !found {
			t.Errorf("no error %q in\n%s", want, strings.Join(got, "\n"))
		}
	}
	got = nil
	Validate(table, Budget{Run: f(1)}, bad)
	if len(got) > 0 {
		t.Fatalf("a good table refused: %v", got)
	}
}

func TestFormat(t *testing.T) {
	for v, want := range map[float64]string{0: "0", 0.0123: "0.0123", 0.5: "0.5", 1.5: "1.50", 12.345: "12.35"} {
		if got := Format(v); got != want {
			t.Errorf("Format(%v) = %q, want %q", v, got, want)
		}
	}
}
