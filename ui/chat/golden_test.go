package chat

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/golden"

	"atelier/client"
	"atelier/store"
	"atelier/ui/tab/tabtest"
)

// TestGolden compares the tab's views with testdata/TestGolden/*.golden,
// drawn in 256 colours at the sizes the shell gives it in 80×24, 120×40
// and 200×50 terminals. Run `go test ./ui/chat -run TestGolden -update` after a
// deliberate change, and look at the files (cat shows them in colour).
func TestGolden(t *testing.T) {
	cases := []struct {
		name string
		set  func(*harness)
	}{
		{"conversation", func(*harness) {}},
		{"thinking_shown", func(h *harness) { h.Keys("tab", "tab", "t", "home") }},
		{"streaming", streamSome},
		{"picker", func(h *harness) {
			h.Keys("ctrl+t", "down", "down", "down", "down", "down", "down", "down", "enter", "ctrl+u").Type("100").Keys("enter")
		}},
		{"list_delete", func(h *harness) { h.Keys("tab", "down", "d") }},
		{"list_filter", func(h *harness) { h.Keys("tab", "/").Type("tea") }},
		{"new", func(h *harness) { h.Keys("ctrl+n") }},
	}
	for _, size := range [][2]int{{80, 24}, {120, 40}, {200, 50}} {
		for _, c := range cases {
			t.Run(fmt.Sprintf("%s_%dx%d", c.name, size[0], size[1]), func(t *testing.T) {
				h := goldenHarness(t, size[0]-4, size[1]-4) // the shell's frame takes 4
				c.set(h)
				golden.RequireEqual(t, tabtest.In256Colours(h.m.View()))
			})
		}
	}
}

// goldenHarness is a tab with no store and no service, fixed in time,
// showing a conversation built here: every figure is fixed.
func goldenHarness(t *testing.T, w, h int) *harness {
	hs := (&harness{t: t, m: newTestModel(Options{Models: store.Models{Alpha: "model-x"}})}).bind()
	hs.m.SetSize(w, h)
	hs.Send(listLoadedMsg{seq: 0, replace: true, now: testNow, page: []store.Conversation{
		{ID: 7, Title: "Tea haiku", UpdatedAt: testNow.Add(-2 * time.Minute)},
		{ID: 6, Title: "Go iterators and the range-over-func proposal", UpdatedAt: testNow.Add(-time.Hour)},
		{ID: 5, Title: "Trip plan", UpdatedAt: testNow.Add(-72 * time.Hour)},
	}})
	hs.m.conv.loading, hs.m.conv.seq = 1, 1
	conv := goldenConversation()
	hs.Send(openedMsg{seq: 1, id: conv.ID, entries: entriesOf(conv.Messages, nil)})
	return hs
}

func goldenConversation() *store.Conversation {
	at := testNow.Add(-2 * time.Minute)
	settings, _ := json.Marshal(client.ChatSettings{ThinkingBudget: 2048, WebSearch: true})
	return &store.Conversation{ID: 7, Kind: store.KindChat, Title: "Tea haiku", Messages: []store.Message{
		{ID: 1, Turn: 0, Role: store.RoleUser, Text: "write a haiku about tea", CreatedAt: at},
		{ID: 2, Turn: 0, Role: store.RoleAssistant, Family: "alpha", Model: "model-x", SettingsJSON: settings,
			Text: "Steam curls from the cup —\n*a leaf unfolds its summer*\nin the winter light.\n\n" +
				"```text\nsteam · leaf · light\n```\n",
			Thinking:   "Five, seven, five syllables. Tea evokes steam, leaves, warmth against cold; end on light.",
			Status:     store.StatusComplete,
			StopReason: "end_turn", Usage: store.Usage{InputTokens: 20, OutputTokens: 212},
			TTFT: 400 * time.Millisecond, Total: 3100 * time.Millisecond, CreatedAt: at},
		{ID: 3, Turn: 1, Role: store.RoleUser, Text: "now one about coffee", CreatedAt: at.Add(time.Minute)},
		{ID: 4, Turn: 1, Role: store.RoleAssistant, Family: "alpha", Model: "model-x", SettingsJSON: settings,
			Text: "Dark pour at dawn,", Status: store.StatusInterrupted, Error: "stopped",
			TTFT: 300 * time.Millisecond, Total: 900 * time.Millisecond, CreatedAt: at.Add(time.Minute)},
	}}
}

// streamSome shows a reply part way: a prompt sent, a few deltas arrived at
// fixed times. No service is called: the stream's plumbing is stubbed.
func streamSome(h *harness) {
	h.m.client = &client.Client{}
	h.Type("and one about green tea")
	next, _ := h.m.Update(tabtest.Press("enter")) // its command would reach the service: not run
	h.m = next
	start := testNow
	h.m, _ = h.m.Update(beganMsg{id: h.m.conv.run.id, convID: 7, turn: 2, at: start}) // its pull is not run
	b := batchMsg{id: h.m.conv.run.id, at: start.Add(time.Second)}
	for i, piece := range []string{"## Green", " tea\n\nGrass", "-sweet steam rises", " —\n", "jade leaves ", "drift"} {
		b.pieces = append(b.pieces, deltaMsg{id: b.id, at: start.Add(time.Duration(300+100*i) * time.Millisecond),
			d: client.ChatDelta{Kind: client.ChatTextDelta, Text: piece}})
	}
	h.m, _ = h.m.Update(b)
}
