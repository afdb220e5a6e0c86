package store

import (
	"errors"
	"strings"
	"testing"
)

func TestConversationWithComparisonLanes(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	conv, _ := newConversation(t, s, KindCompare, "", "\n  explain CRDTs to a new engineer\nin simple words")
	targets := []struct{ family, model string }{{"alpha", "model-x"}, {"beta", "model-y"}, {"gamma", "model-z"}}
	for lane, tg := range targets {
		if err := s.SetLane(bg, Lane{ConversationID: conv, Lane: lane, Family: tg.family, Model: tg.model}); err != nil {
			t.Fatal(err)
		}
		r := must[*Reply](t)(s.BeginReply(bg, ReplyStart{ConversationID: conv, Lane: lane, Family: tg.family, Model: tg.model}))
		r.Append("reply of "+tg.model, "")
		r.Finish(ReplyEnd{})
	}
	s.SetLane(bg, Lane{ConversationID: conv, Lane: 1, Family: "beta", Model: "model-y", Rating: 4, Winner: true})
	s.SetLane(bg, Lane{ConversationID: conv, Lane: 2, Family: "gamma", Model: "model-z", Rating: 2, Note: "too long", Winner: true})
	if err := s.SetLane(bg, Lane{ConversationID: conv, Lane: 0, Rating: 6}); err == nil {
		t.Fatal("rating 6 accepted")
	}
	c := must[*Conversation](t)(s.Conversation(bg, conv))
	if c.Title != "explain CRDTs to a new engineer" || c.Kind != KindCompare || len(c.Messages) != 4 {
		t.Fatalf("%+v", c)
	}
	for i, m := range c.Messages[1:] {
		if m.Lane != i || m.Model != targets[i].model || m.Role != RoleAssistant {
			t.Fatalf("message %d: %+v", i, m)
		}
	}
	winners := 0
	for _, l := range c.Lanes {
		if l.Winner {
			winners++
		}
	}
	if len(c.Lanes) != 3 || winners != 1 || !c.Lanes[2].Winner || c.Lanes[2].Note != "too long" || c.Lanes[1].Rating != 4 {
		t.Fatalf("lanes %+v", c.Lanes)
	}
	if n := must[int](t)(s.NextTurn(bg, conv)); n != 1 {
		t.Fatalf("next turn %d", n)
	}
}

func TestConversationListingPagesWithoutGapsOrRepeats(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	fakeClock(s)
	for i := range 7 {
		newChat(t, s, "prompt "+strings.Repeat("x", i))
	}
	archived := newChat(t, s, "old")
	if err := s.ArchiveConversation(bg, archived, true); err != nil {
		t.Fatal(err)
	}
	if err := s.RenameConversation(bg, 1, "renamed"); err != nil {
		t.Fatal(err)
	}
	var seen []int64
	var cur *Cursor
	for {
		page := must[[]Conversation](t)(s.Conversations(bg, ConversationQuery{Limit: 3, Before: cur}))
		if len(page) == 0 {
			break
		}
		for _, c := range page {
			seen = append(seen, c.ID)
		}
		c := page[len(page)-1].Cursor()
		cur = &c
	}
	if len(seen) != 7 || seen[0] != 7 || seen[6] != 1 {
		t.Fatalf("pages %v", seen)
	}
	if a := must[[]Conversation](t)(s.Conversations(bg, ConversationQuery{Archived: true})); len(a) != 1 || a[0].ID != archived {
		t.Fatalf("archived %+v", a)
	}
	if c := must[*Conversation](t)(s.Conversation(bg, 1)); c.Title != "renamed" {
		t.Fatalf("title %q", c.Title)
	}
	if err := s.RenameConversation(bg, 999, "x"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("err = %v", err)
	}
}

func TestDeleteConversationRemovesEverything(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	conv := newChat(t, s, "find the walrus")
	r := must[*Reply](t)(s.BeginReply(bg, ReplyStart{ConversationID: conv, RequestJSON: []byte(`{}`)}))
	r.Append("the walrus is here", "")
	r.Finish(ReplyEnd{})
	streaming := must[*Reply](t)(s.BeginReply(bg, ReplyStart{ConversationID: conv, CheckpointBytes: 1}))
	streaming.Append("walrus chunk", "")
	s.SetLane(bg, Lane{ConversationID: conv, Lane: 0, Rating: 3})
	if err := s.Delete(bg, ItemRef{Kind: KindChat, ID: conv}); err != nil {
		t.Fatal(err)
	}
	for _, table := range []string{"messages", "message_chunks", "calls", "compare_lanes"} {
		var n int
		s.r.QueryRow(`SELECT count(*) FROM ` + table).Scan(&n)
		if n != 0 {
			t.Errorf("%d rows left in %s", n, table)
		}
	}
	if hits := must[[]Hit](t)(s.Search(bg, SearchQuery{Text: "walrus"})); len(hits) != 0 {
		t.Fatalf("deleted messages still found: %+v", hits)
	}
	if err := s.DeleteConversation(bg, conv); !errors.Is(err, ErrNotFound) {
		t.Fatalf("err = %v", err)
	}
	// The FTS index stays consistent with its content table.
	if _, err := s.w.Exec(`INSERT INTO messages_fts (messages_fts, rank) VALUES ('integrity-check', 1)`); err != nil {
		t.Fatal(err)
	}
}

func TestTitleFromPrompt(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"hello":                      "hello",
		"\n\n  first line  \nsecond": "first line",
		strings.Repeat("é", 100):     strings.Repeat("é", 79) + "…",
		"   ":                        "",
	} {
		if got := titleFrom(in); got != want {
			t.Errorf("titleFrom(%q) = %q, want %q", in, got, want)
		}
	}
}
