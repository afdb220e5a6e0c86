package chat

import (
	"context"
	"encoding/json"

	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/store"
	"atelier/ui/tab"
)

// continueFrom takes up one column of a comparison as a normal chat: a new
// chat conversation holding its prompt and reply is recorded, then opened
// like any other, so the next prompt goes on from that reply (its native
// blocks sent back) to the column's target.
func (m Model) continueFrom(msg tab.ContinueChatMsg) (Model, tea.Cmd) {
	switch {
	case m.conv.run != nil:
		return m, m.conv.busy()
	case m.db == nil:
		return m, tab.Warn("continue in chat: no history to keep the conversation in")
	case len(msg.Turns) == 0:
		return m, nil
	}
	m, _ = m.newChat()
	m.target = msg.Target
	m.conv = m.conv.load()
	m.list.seq++
	db, seq, listSeq, sp, target, turns := m.db, m.conv.seq, m.list.seq, m.tr.drawSpec(), msg.Target, msg.Turns
	record := func() tea.Msg {
		id, err := recordTurns(context.Background(), db, target, turns)
		if err != nil {
			return result(openedMsg{seq: seq, err: err})
		}
		// Once recorded: open it, and list it.
		return tea.BatchMsg{open(db, seq, id, sp), loadPage(db, listSeq, nil)}
	}
	return m, tea.Batch(record, tab.Info("continuing the column as a chat: your next prompt follows its reply"))
}

// recordTurns stores turns as a new chat conversation: prompts, and replies
// with their target and native response (which later turns send back).
func recordTurns(ctx context.Context, db *store.Store, t client.ChatTarget, turns []client.ChatTurn) (int64, error) {
	id, err := db.NewConversation(ctx, store.KindChat, "")
	if err != nil {
		return 0, err
	}
	settings, _ := json.Marshal(t.Settings)
	turn := -1
	for _, ct := range turns {
		m := store.Message{ConversationID: id, Role: store.RoleUser, Text: ct.Text}
		if ct.Role == "assistant" {
			m.Role, m.Family, m.Model, m.SettingsJSON = store.RoleAssistant, string(t.Family), t.Model, settings
		} else {
			turn++
		}
		m.Turn = max(turn, 0)
		mid, err := db.AddMessage(ctx, m)
		if err != nil {
			return id, err
		}
		if ct.Role == "assistant" && len(ct.Native) > 0 {
			if _, err := db.AddCall(ctx, store.Call{MessageID: mid, Family: string(ct.Family), ResponseJSON: ct.Native}); err != nil {
				return id, err
			}
		}
	}
	return id, nil
}
