package ui

import (
	"context"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"atelier/store"
	"atelier/store/storetest"
	"atelier/ui/tab"
	"atelier/ui/tab/tabtest"
)

// TestArenaTab: alt+7 shows the leaderboard of the store's blind votes;
// 1–3 pick its boards there instead of switching tabs; enter on a pair
// that needs votes takes it to Compare, blind, on a prompt from history.
func TestArenaTab(t *testing.T) {
	ctx := context.Background()
	db := storetest.Open(t, "")
	conv, err := db.NewConversation(ctx, store.KindCompare, "")
	if err == nil {
		_, err = db.AddMessage(ctx, store.Message{ConversationID: conv, Role: store.RoleUser, Text: "name three rivers"})
	}
	if err != nil {
		t.Fatal(err)
	}
	for _, verdict := range []string{"AB", "BA", "AB"} {
		if _, err := db.RecordVote(ctx, store.Vote{Kind: store.VoteChat, ConversationID: conv, Verdict: verdict, Blind: true,
			Targets: []store.VoteTarget{{Letter: "A", Family: "alpha", Model: "a1", Target: "alpha:a1"},
				{Letter: "B", Lane: 1, Family: "beta", Model: "b1", Target: "beta:b1"}}}); err != nil {
			t.Fatal(err)
		}
	}
	deps := testDeps(t)
	deps.Store = db
	m := start(t, send(t, New(deps), tea.WindowSizeMsg{Width: 80, Height: 24}))
	m = send(t, m, tabtest.Press("alt+7"))
	if m.active != tab.Arena || !strings.Contains(lines(m)[0], " Arena ") {
		t.Fatalf("alt+7: active %d, tab bar %q", m.active, lines(m)[0])
	}
	if s := screenText(m); !strings.Contains(s, "Chat arena · 3 blind votes") || !strings.Contains(s, "alpha:a1") {
		t.Fatalf("the board is not shown:\n%s", s)
	}
	m = send(t, m, tabtest.Press("2"))
	if s := screenText(m); m.active != tab.Arena || !strings.Contains(s, "No blind image votes yet") {
		t.Errorf("2 in Arena: active %d\n%s", m.active, s)
	}
	m = send(t, m, tabtest.Press("1"))
	m = send(t, m, tabtest.Press("enter"))
	if m.active != tab.Compare {
		t.Fatalf("enter on the pair: active %d, want Compare\n%s", m.active, screenText(m))
	}
	if s := screenText(m); !strings.Contains(s, "name three rivers") {
		t.Errorf("Compare does not hold the prompt from history:\n%s", s)
	}
}
