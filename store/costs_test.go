package store

import (
	"encoding/json"
	"math"
	"testing"
	"time"

	"atelier/store/price"
)

func fp(v float64) *float64 { return &v }

var costTable = price.Table{
	"alpha/*":       {Input: fp(3), Output: fp(15)},
	"gamma/image-2": {Image: map[string]float64{"1024x1024/high": 0.2, "*": 0.05}},
	"videoa/*":      {Second: map[string]float64{"720p": 0.1}},
}

func near(p *float64, want float64) bool { return p != nil && math.Abs(*p-want) < 1e-9 }

func TestItemCostsAndTheDaysSpend(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	fakeClock(s)
	conv := must[int64](t)(s.NewConversation(bg, KindChat, "c"))
	for _, u := range []Usage{{1_000_000, 0}, {0, 100_000}} {
		must[int64](t)(s.AddMessage(bg, Message{ConversationID: conv, Role: "assistant", Family: "alpha", Model: "alpha/x",
			Status: StatusComplete, Usage: u}))
	}
	job := must[int64](t)(s.AddImageJob(bg, ImageJobStart{Model: "gamma/image-2", Prompt: "p",
		SettingsJSON: json.RawMessage(`{"size":"1024x1024","quality":"high","n":2}`), RequestJSON: json.RawMessage(`{}`)}))
	for i := range 2 {
		rel, _, _ := s.SaveImage(bg, job, "png", []byte("x"))
		must[int64](t)(s.AddImageFile(bg, ImageFile{JobID: job, Index: i, Path: rel}))
	}
	s.FinishImageJob(bg, job, ImageJobEnd{})
	addTask(t, s, "rq-c", "videoa/q1/text-to-video", `{"prompt":"w","duration":"5","resolution":"720p"}`)
	vid := must[[]VideoTask](t)(s.VideoTasks(bg, VideoQuery{}))[0].ID

	for ref, want := range map[ItemRef]float64{{KindChat, conv}: 3 + 1.5, {KindImage, job}: 0.4, {KindVideo, vid}: 0.5} {
		if got := must[*float64](t)(s.ItemCost(bg, ref, costTable)); !near(got, want) {
			t.Errorf("%v: %v, want %v", ref, got, want)
		}
		if got := must[*float64](t)(s.ItemCost(bg, ref, nil)); got != nil {
			t.Errorf("%v without prices: %v, want nil", ref, *got)
		}
	}
	if got := must[float64](t)(s.SpentSince(bg, s.now().Add(-time.Hour), costTable)); math.Abs(got-5.4) > 1e-9 {
		t.Fatalf("spent today %v, want 5.4", got)
	}
	if got := must[float64](t)(s.SpentSince(bg, s.now().Add(time.Hour), costTable)); got != 0 {
		t.Fatalf("spent since later %v", got)
	}
	// The day's budget weighs an estimate with what today spent (5.4);
	// a run's budget weighs it alone; nothing priced weighs nothing.
	day := price.Budget{Day: fp(6)}
	if over := must[*price.Over](t)(s.WeighBudget(bg, day, costTable, fp(0.5), s.now())); over != nil {
		t.Errorf("0.5 with 5.4 spent passes a day of 6: %+v", over)
	}
	if over := must[*price.Over](t)(s.WeighBudget(bg, day, costTable, fp(1), s.now())); over == nil || over.Per != "day" || !near(&over.Spent, 5.4) {
		t.Errorf("1 with 5.4 spent: %+v, want over the day's budget", over)
	}
	if over := must[*price.Over](t)(s.WeighBudget(bg, day, costTable, nil, s.now())); over != nil {
		t.Errorf("no estimate, yet %+v", over)
	}
	var none *Store // no history: nothing spent
	if over := must[*price.Over](t)(none.WeighBudget(bg, day, costTable, fp(1), s.now())); over != nil {
		t.Errorf("no history: %+v", over)
	}
	// A reply of a model without rates makes the conversation's cost unknown.
	must[int64](t)(s.AddMessage(bg, Message{ConversationID: conv, Role: "assistant", Model: "beta/y", Usage: Usage{1, 1}}))
	if got := must[*float64](t)(s.ItemCost(bg, ItemRef{KindChat, conv}, costTable)); got != nil {
		t.Fatalf("partly priced conversation: %v", *got)
	}
}
