package batch

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"atelier/client"
	"atelier/store"
)

// All of the batch's writes of replies into history are in this file, the
// way the chat command writes them (cmd/atelier/record.go): a conversation
// per cell with the prompt, and the reply checkpointed as it streams. When
// the shared recorder package lands, this file is what moves to it.

// newCellConversation records a cell's conversation and its prompt.
func newCellConversation(ctx context.Context, db *store.Store, title string, t client.ChatTarget, prompt string) (int64, error) {
	id, err := db.NewConversation(ctx, store.KindChat, title)
	if err != nil {
		return 0, err
	}
	_, err = db.AddMessage(ctx, store.Message{ConversationID: id, Role: store.RoleUser, Text: prompt,
		Family: string(t.Family), Model: t.Model})
	return id, err
}

// cellReply is one attempt's reply being recorded. It begins with the first
// delta, so an attempt the service refused outright (a 429 retried) leaves
// nothing in history.
type cellReply struct {
	ctx     context.Context
	db      *store.Store
	convID  int64
	t       client.ChatTarget
	turns   []client.ChatTurn
	started time.Time
	reply   *store.Reply
	err     error // the first failure to record
}

// begin records the start of the reply, once.
func (r *cellReply) begin() {
	if r.reply != nil || r.err != nil {
		return
	}
	path, body, err := client.NativeChatRequest(r.t, r.turns, true)
	if err != nil {
		r.err = err
		return
	}
	settings, _ := json.Marshal(r.t.Settings)
	r.reply, r.err = r.db.BeginReply(r.ctx, store.ReplyStart{ConversationID: r.convID, Family: string(r.t.Family),
		Model: r.t.Model, SettingsJSON: settings, Endpoint: path, RequestJSON: body, StartedAt: r.started})
}

// add checkpoints one delta.
func (r *cellReply) add(d client.ChatDelta) {
	if d.Kind != client.ChatTextDelta && d.Kind != client.ChatThinkingDelta {
		return
	}
	if r.begin(); r.reply == nil {
		return
	}
	var err error
	if d.Kind == client.ChatTextDelta {
		err = r.reply.Append(d.Text, "")
	} else {
		err = r.reply.Append("", d.Text)
	}
	if err != nil && r.err == nil {
		r.err = err
	}
}

// finish records how the reply ended and returns its message id.
func (r *cellReply) finish(res *client.ChatResult, callErr error) (int64, error) {
	if r.begin(); r.reply == nil {
		return 0, fmt.Errorf("record reply: %w", r.err)
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
		return r.reply.ID(), err
	}
	return r.reply.ID(), r.err
}
