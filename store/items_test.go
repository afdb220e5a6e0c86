package store

import (
	"fmt"
	"testing"
	"time"
)

// seedHistory makes two chats, a comparison, two image jobs and two video
// tasks, one second apart in that order of creation.
func seedHistory(t *testing.T, s *Store) {
	t.Helper()
	fakeClock(s)
	c1 := newChat(t, s, "first chat")
	r := must[*Reply](t)(s.BeginReply(bg, ReplyStart{ConversationID: c1, Family: "alpha", Model: "model-x"}))
	r.Finish(ReplyEnd{Err: fmt.Errorf("boom")})
	addImage(t, s, "a lighthouse", 1)
	cmp := must[int64](t)(s.NewConversation(bg, KindCompare, "a comparison"))
	r = must[*Reply](t)(s.BeginReply(bg, ReplyStart{ConversationID: cmp, Family: "beta", Model: "model-y"}))
	r.Finish(ReplyEnd{})
	addTask(t, s, "rq-a", "videoa/q1/text-to-video", `{"prompt":"waves"}`)
	addImage(t, s, "a harbour", 1)
	newChat(t, s, "second chat")
	addTask(t, s, "rq-b", "videob/o3/pro/text-to-video", `{"prompt":"gulls"}`)
	s.FailVideoTask(bg, "rq-b", nil)
}

func kindsOf(items []Item) string {
	out := ""
	for i, it := range items {
		if i > 0 {
			out += ","
		}
		out += fmt.Sprintf("%s%d", it.Kind, it.ID)
	}
	return out
}

func TestItemsAcrossKinds(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	seedHistory(t, s)
	all := must[[]Item](t)(s.Items(bg, ItemFilter{}))
	if got := kindsOf(all); got != "video2,chat3,image2,video1,compare2,image1,chat1" {
		t.Fatalf("history %s", got)
	}
	if all[0].Status != "failed" || all[0].RequestID != "rq-b" || all[0].Title != "gulls" {
		t.Fatalf("video item %+v", all[0])
	}
	for _, tc := range []struct {
		f    ItemFilter
		want string
	}{
		{ItemFilter{Kind: KindChat}, "chat3,chat1"},
		{ItemFilter{Kind: KindCompare}, "compare2"},
		{ItemFilter{Kind: KindImage, Limit: 1}, "image2"},
		{ItemFilter{Family: "alpha"}, "chat1"},
		{ItemFilter{Family: "gamma"}, "image2,image1"},
		{ItemFilter{Family: "videoa"}, "video1"},
		{ItemFilter{Model: "model-y"}, "compare2"},
		{ItemFilter{Status: "error"}, "chat1"},
		{ItemFilter{Status: "failed"}, "video2"},
		{ItemFilter{Status: "IN_QUEUE"}, "video1"},
		{ItemFilter{Since: all[3].At, Until: all[1].At}, "image2,video1"},
	} {
		if got := kindsOf(must[[]Item](t)(s.Items(bg, tc.f))); got != tc.want {
			t.Errorf("%+v: %s, want %s", tc.f, got, tc.want)
		}
	}
	if _, err := s.Items(bg, ItemFilter{Kind: "bogus"}); err == nil {
		t.Error("unknown kind accepted")
	}
}

func TestItemsPagesWithTies(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	seedHistory(t, s)
	// Every item at the same instant: the cursor must still page exactly.
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC).UnixMilli()
	for _, q := range []string{`UPDATE conversations SET updated_at = ?`, `UPDATE image_jobs SET created_at = ?`,
		`UPDATE video_tasks SET submitted_at = ?`} {
		s.w.Exec(q, at)
	}
	for limit := 1; limit <= 4; limit++ {
		var got []Item
		var cur *Cursor
		for range 20 {
			page := must[[]Item](t)(s.Items(bg, ItemFilter{Limit: limit, Before: cur}))
			if len(page) == 0 {
				break
			}
			got = append(got, page...)
			c := page[len(page)-1].Cursor()
			cur = &c
		}
		if k := kindsOf(got); k != "chat3,compare2,chat1,image2,image1,video2,video1" {
			t.Fatalf("limit %d: %s", limit, k)
		}
	}
}

func TestDeleteByRef(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	seedHistory(t, s)
	for _, it := range must[[]Item](t)(s.Items(bg, ItemFilter{})) {
		if err := s.Delete(bg, it.Ref()); err != nil {
			t.Fatalf("delete %s %d: %v", it.Kind, it.ID, err)
		}
	}
	if left := must[[]Item](t)(s.Items(bg, ItemFilter{})); len(left) != 0 {
		t.Fatalf("left: %s", kindsOf(left))
	}
	if err := s.Delete(bg, ItemRef{Kind: KindVideo, ID: 42}); err == nil {
		t.Fatal("deleting a missing task succeeded")
	}
}

// TestItemsPageBack pages back from the oldest item with After, the way
// the History tab refills its window above the rows it keeps.
func TestItemsPageBack(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	seedHistory(t, s)
	all := must[[]Item](t)(s.Items(bg, ItemFilter{}))
	for limit := 1; limit <= 4; limit++ {
		var got []Item
		cur := all[len(all)-1].Cursor()
		for range 20 {
			page := must[[]Item](t)(s.Items(bg, ItemFilter{Limit: limit, After: &cur}))
			if len(page) == 0 {
				break
			}
			got = append(page, got...)
			cur = page[0].Cursor()
		}
		if k, want := kindsOf(got), kindsOf(all[:len(all)-1]); k != want {
			t.Fatalf("limit %d: %s, want %s", limit, k, want)
		}
	}
	c := all[3].Cursor()
	if k := kindsOf(must[[]Item](t)(s.Items(bg, ItemFilter{Limit: 2, After: &c}))); k != kindsOf(all[1:3]) {
		t.Fatalf("the two before %s: %s", kindsOf(all[3:4]), k)
	}
}

// TestItemsRareFilter: a filter value few conversations have is read from
// its index first; the answer is the same as the per-conversation check's.
func TestItemsRareFilter(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	fakeClock(s)
	for i := range 6 {
		c := newChat(t, s, fmt.Sprintf("chat %d", i))
		model := "model-common"
		if i == 2 {
			model = "model-rare"
		}
		r := must[*Reply](t)(s.BeginReply(bg, ReplyStart{ConversationID: c, Family: "alpha", Model: model}))
		var err error
		if i%3 == 0 {
			err = fmt.Errorf("boom")
		}
		r.Finish(ReplyEnd{Err: err})
	}
	addImage(t, s, "a picture", 1)
	filters := []ItemFilter{{Model: "model-rare"}, {Model: "model-common"}, {Model: "none"}, {Status: "error"},
		{Family: "alpha", Status: "error"}, {Model: "model-rare", Status: "error"}, {Model: "model-common", Limit: 2},
		{Kind: KindChat, Model: "model-rare"}, {Kind: KindImage, Model: "model-rare"}}
	want := make([]string, len(filters))
	defer func(n int) { rareLimit = n }(rareLimit)
	// -1: never rare, every conversation checked (the reference); 1000:
	// always rare; 2 and 0: some of each.
	for _, limit := range []int{-1, 1000, 2, 0} {
		rareLimit = limit
		for i, f := range filters {
			got := kindsOf(must[[]Item](t)(s.Items(bg, f)))
			if limit == -1 {
				want[i] = got
			} else if got != want[i] {
				t.Errorf("rare under %d, %+v: %s, want %s", limit, f, got, want[i])
			}
		}
	}
	if want[0] != "chat3" || want[2] != "" || want[3] != "chat4,chat1" || want[6] != "chat6,chat5" {
		t.Errorf("filters gave %q", want)
	}
}
