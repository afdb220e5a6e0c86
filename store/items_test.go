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
