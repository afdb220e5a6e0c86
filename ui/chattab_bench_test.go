package ui

import (
	"context"
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"atelier/internal/benchdata"
	"atelier/store"
)

// chatBenchConversations is how many chats the startup benchmark's store
// holds.
const chatBenchConversations = 10_000

// BenchmarkStartupFirstFrame is atelier's start with 10,000 stored
// conversations: opening the store (as cmd/atelier does), ui.New, Init's
// commands run and their results delivered, to the first View that shows
// the conversation list. Target: under 150 ms.
func BenchmarkStartupFirstFrame(b *testing.B) {
	dir := chatBenchDir(b)
	newest := fmt.Sprintf("conversation %d", chatBenchConversations-1)
	for b.Loop() {
		db, err := store.Open(dir)
		if err != nil {
			b.Fatal(err)
		}
		deps := Deps{Store: db, Keys: nil, Settings: store.DefaultSettings(), Demo: true, Tick: noTick} // the looks at the store wait for no timer
		deps.Keys, _ = memKeys()
		m := New(deps)
		next, _ := m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
		m = deliverAll(b, next.(Model), m.Init())
		if v := ansi.Strip(m.View().Content); !strings.Contains(v, newest) {
			b.Fatalf("the first frame lacks the list:\n%s", v)
		}
		b.StopTimer()
		db.Close()
		b.StartTimer()
	}
}

// deliverAll runs cmd and the commands that follow, delivering every
// message, as Bubble Tea would, until none is left.
func deliverAll(b *testing.B, m Model, cmd tea.Cmd) Model {
	queue := run(cmd)
	for len(queue) > 0 {
		msg := queue[0]
		queue = queue[1:]
		next, cmd := m.Update(msg)
		m = next.(Model)
		queue = append(queue, run(cmd)...)
	}
	return m
}

// chatBenchDir returns a data folder holding chatBenchConversations chats
// (a prompt and a reply each), generated once into a cache folder
// (benchdata.Dir) and reused.
func chatBenchDir(b *testing.B) string {
	b.Helper()
	return benchdata.Dir(b, fmt.Sprintf("atelier-bench-chat-v%d-%d", store.SchemaVersion, chatBenchConversations),
		func(dir string) error { return generateChats(dir, chatBenchConversations) })
}

// generateChats stores n conversations, "conversation 0" the oldest.
func generateChats(dir string, n int) error {
	db, err := store.Open(dir)
	if err != nil {
		return err
	}
	defer db.Close()
	ctx := context.Background()
	for i := range n {
		id, err := db.NewConversation(ctx, store.KindChat, "")
		if err != nil {
			return err
		}
		prompt := fmt.Sprintf("conversation %d: what is worth knowing about topic %d?", i, i)
		if _, err := db.AddMessage(ctx, store.Message{ConversationID: id, Role: store.RoleUser, Text: prompt}); err != nil {
			return err
		}
		reply := store.Message{ConversationID: id, Role: store.RoleAssistant, Family: "alpha", Model: "model-x",
			Text: "## Notes\n\nA reply of a few lines, with **markdown** in it.\n", StopReason: "end_turn"}
		if _, err := db.AddMessage(ctx, reply); err != nil {
			return err
		}
	}
	return nil
}
