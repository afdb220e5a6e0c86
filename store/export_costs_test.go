package store

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"atelier/store/price"
)

// The exports carry each finished reply's, image job's and video task's
// cost when prices are set, and say nothing of costs when none are.
func TestExportsCarryCosts(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	conv, _ := newConversation(t, s, KindChat, "priced", "q")
	must[int64](t)(s.AddMessage(bg, Message{ConversationID: conv, Role: RoleAssistant, Model: "alpha/x",
		Status: StatusComplete, Usage: Usage{InputTokens: 1_000_000, OutputTokens: 100_000}}))
	must[int64](t)(s.AddMessage(bg, Message{ConversationID: conv, Turn: 1, Role: RoleAssistant, Model: "alpha/x",
		Status: StatusInterrupted, Usage: Usage{InputTokens: 5}}))
	img, _ := addImage(t, s, "fog", 2)
	addTask(t, s, "rq-c", "videoa/q1/text-to-video", `{"prompt":"w","duration":"5","resolution":"720p"}`)
	vid := must[[]VideoTask](t)(s.VideoTasks(bg, VideoQuery{}))[0].ID
	prices := price.Table{
		"alpha/*":               {Input: fp(3), Output: fp(15)},
		"gamma/image-2.5-flare": {Image: map[string]float64{"*": 0.05}},
		"videoa/*":              {Second: map[string]float64{"720p": 0.1}},
	}
	cases := []struct {
		ref  ItemRef
		json func(doc exportDoc) []*float64 // the costs the JSON carries
		md   []string                       // what the Markdown says of them
	}{
		{ItemRef{KindChat, conv}, func(d exportDoc) []*float64 {
			return []*float64{d.Conversation.Messages[0].Cost, d.Conversation.Messages[1].Cost, d.Conversation.Messages[2].Cost}
		}, []string{"1000000 → 100000 tokens · cost 4.50"}},
		{ItemRef{KindImage, img}, func(d exportDoc) []*float64 { return []*float64{d.ImageJob.Cost} },
			[]string{"gamma/image-2.5-flare · generations · complete · ", " · cost 0.1\n"}},
		{ItemRef{KindVideo, vid}, func(d exportDoc) []*float64 { return []*float64{d.VideoTask.Cost} },
			[]string{"videoa/q1/text-to-video · IN_QUEUE · submitted ", " · cost 0.5\n"}},
	}
	want := map[ItemRef][]float64{{KindChat, conv}: {-1, 4.5, -1}, {KindImage, img}: {0.1}, {KindVideo, vid}: {0.5}}
	for _, priced := range []bool{true, false} {
		s.PriceExports(nil)
		if priced {
			s.PriceExports(prices)
		}
		for _, c := range cases {
			var buf bytes.Buffer
			check(t, s.ExportJSON(bg, c.ref, &buf))
			var doc exportDoc
			check(t, json.Unmarshal(buf.Bytes(), &doc))
			for i, got := range c.json(doc) {
				w := want[c.ref][i]
				switch {
				case !priced || w < 0:
					if got != nil {
						t.Errorf("%v part %d (priced %v): cost %v, want none", c.ref, i, priced, *got)
					}
				case !near(got, w):
					t.Errorf("%v part %d: cost %v, want %v", c.ref, i, got, w)
				}
			}
			if !priced && strings.Contains(buf.String(), `"cost"`) {
				t.Errorf("%v: a cost in the JSON with no prices", c.ref)
			}
			md, _ := os.ReadFile(must[string](t)(s.ExportMarkdown(bg, c.ref, t.TempDir())))
			for _, w := range c.md {
				if strings.Contains(string(md), w) != priced && (priced || strings.Contains(w, "cost")) {
					t.Errorf("%v (priced %v): %q in the Markdown: %v\n%s", c.ref, priced, w, !priced, md)
				}
			}
			if !priced && strings.Contains(string(md), "cost ") {
				t.Errorf("%v: a cost in the Markdown with no prices:\n%s", c.ref, md)
			}
		}
	}
}
