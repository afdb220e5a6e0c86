package batch

import (
	"context"
	"fmt"

	"atelier/client"
	"atelier/store"
	"atelier/store/record"
)

// A cell is a conversation with its prompt, titled after the cell and
// named its batch's, so that it stays with its batch rather than joining
// Chat's list and History's; its reply is written by package record, as
// every chat reply is, checkpointed as it streams.

// newCellConversation records a cell's conversation in batch batchID, and
// its prompt.
func newCellConversation(ctx context.Context, db *store.Store, batchID int64, title string, t client.ChatTarget, prompt string) (int64, error) {
	id, err := db.NewBatchConversation(ctx, batchID, title)
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
	ctx    context.Context
	db     *store.Store
	convID int64
	t      client.ChatTarget
	turns  []client.ChatTurn
	reply  *record.Reply
	err    error // the first failure to record
}

// begin records the start of the reply, once.
func (r *cellReply) begin() {
	if r.reply != nil || r.err != nil {
		return
	}
	r.reply, r.err = record.BeginReply(r.ctx, r.db, record.Place{ConversationID: r.convID}, r.t, r.turns, true)
}

// add checkpoints one delta.
func (r *cellReply) add(d client.ChatDelta) {
	if d.Kind != client.ChatTextDelta && d.Kind != client.ChatThinkingDelta {
		return
	}
	if r.begin(); r.reply == nil {
		return
	}
	if err := r.reply.Add(d); err != nil && r.err == nil {
		r.err = err
	}
}

// finish records how the reply ended (stopped: the batch was stopped while
// it streamed) and returns its message id.
func (r *cellReply) finish(res *client.ChatResult, callErr error, stopped bool) (int64, error) {
	if r.begin(); r.reply == nil {
		return 0, fmt.Errorf("record reply: %w", r.err)
	}
	if err := r.reply.Finish(res, callErr, stopped); err != nil {
		return r.reply.ID(), err
	}
	return r.reply.ID(), r.err
}
