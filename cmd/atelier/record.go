package main

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"atelier/client"
	"atelier/store"
)

// Every chat and image run is recorded in history. Recording is best
// effort: a history that cannot be written costs a warning, not the reply.

// chatRecord is one chat run being recorded: the prompt, then the reply
// checkpointed as it streams, so a killed process leaves the partial reply.
type chatRecord struct {
	a     *app
	reply *store.Reply
}

// beginChat records the conversation, the prompt and the start of the
// reply; it returns nil when history is unavailable.
func (a *app) beginChat(ctx context.Context, t client.ChatTarget, turns []client.ChatTurn, stream bool) *chatRecord {
	if _, _, err := client.NativeChatRequest(t, turns, stream); err != nil {
		return nil // the request is invalid; the client says why when it refuses it
	}
	db, convID, ok := a.newConversation(ctx, store.KindChat, t, turns[len(turns)-1].Text)
	if !ok {
		return nil
	}
	return a.beginReply(ctx, db, convID, 0, t, turns, stream)
}

// newConversation records a conversation and its first prompt.
func (a *app) newConversation(ctx context.Context, kind store.Kind, t client.ChatTarget, prompt string) (*store.Store, int64, bool) {
	db, err := a.store()
	if err != nil {
		a.warn(err)
		return nil, 0, false
	}
	convID, err := db.NewConversation(ctx, kind, "")
	if err == nil {
		_, err = db.AddMessage(ctx, store.Message{ConversationID: convID, Role: store.RoleUser, Text: prompt,
			Family: string(t.Family), Model: t.Model})
	}
	if err != nil {
		a.warn(err)
		return nil, 0, false
	}
	return db, convID, true
}

// beginReply records the start of the reply of lane to turns.
func (a *app) beginReply(ctx context.Context, db *store.Store, convID int64, lane int, t client.ChatTarget, turns []client.ChatTurn, stream bool) *chatRecord {
	path, body, err := client.NativeChatRequest(t, turns, stream)
	if err != nil {
		return nil
	}
	settings, _ := json.Marshal(t.Settings)
	reply, err := db.BeginReply(ctx, store.ReplyStart{ConversationID: convID, Lane: lane, Family: string(t.Family),
		Model: t.Model, SettingsJSON: settings, Endpoint: path, RequestJSON: body, StartedAt: time.Now()})
	if err != nil {
		a.warn(err)
		return nil
	}
	return &chatRecord{a: a, reply: reply}
}

// add checkpoints one delta.
func (r *chatRecord) add(d client.ChatDelta) {
	if r == nil {
		return
	}
	var err error
	switch d.Kind {
	case client.ChatTextDelta:
		err = r.reply.Append(d.Text, "")
	case client.ChatThinkingDelta:
		err = r.reply.Append("", d.Text)
	}
	if err != nil {
		r.a.warn(err)
	}
}

// finish records how the reply ended.
func (r *chatRecord) finish(res *client.ChatResult, callErr error) {
	if r == nil {
		return
	}
	end := store.ReplyEnd{Err: callErr}
	if res != nil {
		end.ResponseJSON, end.StopReason = res.Response, res.StopReason
		end.Usage = store.Usage{InputTokens: int64(res.Usage.Input), OutputTokens: int64(res.Usage.Output)}
		end.TTFT, end.Total = res.FirstToken, res.Total
		if callErr == nil && !res.Complete {
			end.Err = client.ErrStreamIncomplete
		}
	}
	if err := r.reply.Finish(end); err != nil {
		r.a.warn(err)
	}
}

// warn tells stderr that history could not be written.
func (a *app) warn(err error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.warned {
		return
	}
	a.warned = true
	fmt.Fprintf(a.io.err, "atelier: warning: not recorded in history: %v\n", err)
}
