package store

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"atelier/store/price"
)

// sumsFixture is a history over two days with a known cost: day one
// (20 Nov) a chat reply of 3.00 and a comparison's two replies, 1.50 and
// one of a model without rates; day two (21 Nov, 23:50 UTC) an image job
// of 0.40, a video of 0.50, a failed video and an image job still running
// (neither billed).
func sumsFixture(t *testing.T) *Store {
	s := openTest(t)
	at := time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC)
	s.now = func() time.Time { return at }
	chat, _ := newConversation(t, s, KindChat, "c", "q")
	must[int64](t)(s.AddMessage(bg, Message{ConversationID: chat, Role: RoleAssistant, Family: "alpha", Model: "alpha/x",
		Usage: Usage{InputTokens: 1_000_000}}))
	cmpID := must[int64](t)(s.NewConversation(bg, KindCompare, "k"))
	must[int64](t)(s.AddMessage(bg, Message{ConversationID: cmpID, Role: RoleAssistant, Family: "alpha", Model: "alpha/x",
		Usage: Usage{OutputTokens: 100_000}}))
	must[int64](t)(s.AddMessage(bg, Message{ConversationID: cmpID, Lane: 1, Role: RoleAssistant, Family: "beta",
		Model: "beta/y", Usage: Usage{InputTokens: 10, OutputTokens: 10}}))

	at = time.Date(2026, 11, 21, 23, 50, 0, 0, time.UTC)
	job := must[int64](t)(s.AddImageJob(bg, ImageJobStart{Model: "gamma/image-2", Prompt: "p",
		SettingsJSON: json.RawMessage(`{"size":"1024x1024","quality":"high","n":2}`), RequestJSON: json.RawMessage(`{}`)}))
	for i := range 2 {
		rel, _, _ := s.SaveImage(bg, job, "png", []byte("x"))
		must[int64](t)(s.AddImageFile(bg, ImageFile{JobID: job, Index: i, Path: rel}))
	}
	check(t, s.FinishImageJob(bg, job, ImageJobEnd{}))
	must[int64](t)(s.AddImageJob(bg, ImageJobStart{Model: "gamma/image-2", Prompt: "running",
		SettingsJSON: json.RawMessage(`{"size":"1024x1024","quality":"high"}`), RequestJSON: json.RawMessage(`{}`)}))
	addTask(t, s, "rq-ok", "videoa/q1/text-to-video", `{"prompt":"w","duration":"5","resolution":"720p"}`)
	addTask(t, s, "rq-bad", "videoa/q1/text-to-video", `{"prompt":"w","duration":"5","resolution":"720p"}`)
	check(t, s.FailVideoTask(bg, "rq-bad", json.RawMessage(`{"detail":"no"}`)))
	return s
}

func check(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// table writes sums as "key cost count/unpriced" lines, costs rounded to
// four places.
func table(sums []CostSum) string {
	var b []string
	for _, s := range sums {
		b = append(b, fmt.Sprintf("%s %.4f %d/%d", s.Key, s.Cost, s.Count, s.Unpriced))
	}
	return strings.Join(b, "; ")
}

func TestCostSumsByDayModelAndKind(t *testing.T) {
	t.Parallel()
	s := sumsFixture(t)
	plusOne := time.FixedZone("+1", 3600)
	day2 := time.Date(2026, 11, 21, 0, 0, 0, 0, time.UTC)
	cases := []struct {
		name                string
		q                   CostQuery
		days, models, kinds string
		total               float64
	}{
		{name: "all", q: CostQuery{Loc: time.UTC},
			days:   "2026-11-21 0.9000 2/0; 2026-11-20 4.5000 2/1",
			models: "alpha/x 4.5000 2/0; videoa/q1/text-to-video 0.5000 1/0; gamma/image-2 0.4000 1/0; beta/y 0.0000 0/1",
			kinds:  "chat 3.0000 1/0; compare 1.5000 1/1; image 0.4000 1/0; video 0.5000 1/0", total: 5.4},
		{name: "the days where the person is", q: CostQuery{Loc: plusOne},
			days:   "2026-11-22 0.9000 2/0; 2026-11-20 4.5000 2/1",
			models: "alpha/x 4.5000 2/0; videoa/q1/text-to-video 0.5000 1/0; gamma/image-2 0.4000 1/0; beta/y 0.0000 0/1",
			kinds:  "chat 3.0000 1/0; compare 1.5000 1/1; image 0.4000 1/0; video 0.5000 1/0", total: 5.4},
		{name: "since day two", q: CostQuery{Since: day2, Loc: time.UTC},
			days:   "2026-11-21 0.9000 2/0",
			models: "videoa/q1/text-to-video 0.5000 1/0; gamma/image-2 0.4000 1/0",
			kinds:  "image 0.4000 1/0; video 0.5000 1/0", total: 0.9},
		{name: "until day two", q: CostQuery{Until: day2, Loc: time.UTC},
			days: "2026-11-20 4.5000 2/1", models: "alpha/x 4.5000 2/0; beta/y 0.0000 0/1",
			kinds: "chat 3.0000 1/0; compare 1.5000 1/1", total: 4.5},
		{name: "comparisons", q: CostQuery{Kind: KindCompare, Loc: time.UTC},
			days: "2026-11-20 1.5000 1/1", models: "alpha/x 1.5000 1/0; beta/y 0.0000 0/1",
			kinds: "compare 1.5000 1/1", total: 1.5},
		{name: "one model", q: CostQuery{Model: "alpha/x", Loc: time.UTC},
			days: "2026-11-20 4.5000 2/0", models: "alpha/x 4.5000 2/0",
			kinds: "chat 3.0000 1/0; compare 1.5000 1/0", total: 4.5},
		{name: "one family: gamma makes the images", q: CostQuery{Family: "gamma", Loc: time.UTC},
			days: "2026-11-21 0.4000 1/0", models: "gamma/image-2 0.4000 1/0",
			kinds: "image 0.4000 1/0", total: 0.4},
		{name: "a video endpoint's family", q: CostQuery{Family: "videob", Loc: time.UTC}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := must[CostSums](t)(s.CostSums(bg, c.q, costTable))
			if table(got.Days) != c.days {
				t.Errorf("by day:\n got %s\nwant %s", table(got.Days), c.days)
			}
			if table(got.Models) != c.models {
				t.Errorf("by model:\n got %s\nwant %s", table(got.Models), c.models)
			}
			if table(got.Kinds) != c.kinds {
				t.Errorf("by kind:\n got %s\nwant %s", table(got.Kinds), c.kinds)
			}
			if math.Abs(got.Total.Cost-c.total) > 1e-9 {
				t.Errorf("total %v, want %v", got.Total.Cost, c.total)
			}
		})
	}
	// The total agrees with the day's budget count over the same range.
	spent := must[float64](t)(s.SpentSince(bg, day2, costTable))
	if got := must[CostSums](t)(s.CostSums(bg, CostQuery{Since: day2}, costTable)); math.Abs(got.Total.Cost-spent) > 1e-9 {
		t.Errorf("sums since day two %v, SpentSince %v", got.Total.Cost, spent)
	}
	if got := must[CostSums](t)(s.CostSums(bg, CostQuery{}, nil)); got.Days != nil || got.Total != (CostSum{}) {
		t.Errorf("without prices: %+v", got)
	}
}

// A group of replies of a model priced for input only: the replies that
// used no output are costed, the others are not known.
func TestCostSumsKeepRepliesWithoutTheMissingCount(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	fakeClock(s)
	c := must[int64](t)(s.NewConversation(bg, KindChat, "c"))
	for _, u := range []Usage{{InputTokens: 1_000_000}, {InputTokens: 1_000_000, OutputTokens: 5}} {
		must[int64](t)(s.AddMessage(bg, Message{ConversationID: c, Role: RoleAssistant, Model: "in/only", Usage: u}))
	}
	got := must[CostSums](t)(s.CostSums(bg, CostQuery{}, price.Table{"in/only": {Input: fp(2)}}))
	if got.Total.Cost != 2 || got.Total.Count != 1 || got.Total.Unpriced != 1 {
		t.Errorf("total %+v, want 2 for one reply and one unknown", got.Total)
	}
}
