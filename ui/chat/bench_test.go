package chat

import (
	"fmt"
	"testing"
	"time"

	"atelier/client/sim"
	"atelier/store"
)

// longConversation is 20 exchanges with replies of about 30 KB each.
func longConversation() *store.Conversation {
	c := &store.Conversation{ID: 1, Kind: store.KindChat}
	for i := range 20 {
		p := fmt.Sprintf("question %d [[long]]", i)
		c.Messages = append(c.Messages,
			store.Message{ID: int64(2 * i), Turn: i, Role: store.RoleUser, Text: p, CreatedAt: testNow},
			store.Message{ID: int64(2*i + 1), Turn: i, Role: store.RoleAssistant, Family: "alpha", Model: "m",
				Text: sim.ReplyText(p), Status: store.StatusComplete, StopReason: "end_turn",
				Usage: store.Usage{OutputTokens: 7000}, Total: 9 * time.Second, CreatedAt: testNow})
	}
	return c
}

// BenchmarkOpenLongConversation: opening 20 long replies (600 KB of
// markdown) at 116 columns. The command renders the last replies, enough to
// fill the window twice, off the event loop; the event loop lays them out.
func BenchmarkOpenLongConversation(b *testing.B) {
	conv := longConversation()
	entries := entriesOf(conv.Messages, nil)
	m := newTestModel(Options{})
	m.SetSize(116, 36)
	sp := m.drawSpec()
	var bodies map[int]body
	b.Run("command", func(b *testing.B) {
		for b.Loop() {
			bodies = sp.renderTail(entries)
		}
	})
	b.Run("update", func(b *testing.B) {
		for b.Loop() {
			m := m
			m.conv.loading = 1
			m, _ = m.Update(openedMsg{seq: 1, id: 1, entries: entries, bodies: bodies})
		}
	})
}

// BenchmarkFrameLongConversation: a frame of a reply streaming under 20
// long replies: the cost of each of the at most 60 redraws a second.
func BenchmarkFrameLongConversation(b *testing.B) {
	conv := longConversation()
	m := newTestModel(Options{})
	m.SetSize(116, 36)
	m.conv.loading = 1
	m, _ = m.Update(openedMsg{seq: 1, id: 1, entries: entriesOf(conv.Messages, nil)})
	m.tr = m.tr.startLive()
	m.conv.entries = append(m.conv.entries, entry{role: store.RoleAssistant, status: store.StatusStreaming})
	text := sim.ReplyText("streaming")
	i := 0
	for b.Loop() {
		m.tr.live.Append(text[i%len(text) : i%len(text)+1])
		m.touch(len(m.conv.entries) - 1)
		m.layout()
		i++
	}
}
