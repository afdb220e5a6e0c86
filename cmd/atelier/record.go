package main

import (
	"context"
	"fmt"

	"atelier/client"
	"atelier/store/record"
)

// Every chat and image run is recorded in history, by package record as
// the TUI records them. Recording is best effort: a history that cannot be
// written costs a warning, not the reply.

// chatRecord is one chat run being recorded: the prompt, then the reply
// checkpointed as it streams, so a killed process leaves the partial reply.
type chatRecord struct {
	a     *app
	ctx   context.Context // the run's: cancelled, it means the person stopped the reply
	reply *record.Reply
}

// beginChat records the conversation, the prompt and the start of the
// reply; it returns nil when history is unavailable.
func (a *app) beginChat(ctx context.Context, s record.Send) *chatRecord {
	if _, _, err := client.NativeChatRequest(s.Target, s.Turns, s.Stream); err != nil {
		return nil // the request is invalid; the client says why when it refuses it
	}
	db, err := a.store()
	if err != nil {
		a.warn(err)
		return nil
	}
	b, err := record.BeginChat(ctx, db, s)
	if err != nil {
		a.warn(err)
	}
	if b.Reply == nil {
		return nil
	}
	return &chatRecord{a: a, ctx: ctx, reply: b.Reply}
}

// add checkpoints one delta.
func (r *chatRecord) add(d client.ChatDelta) {
	if r == nil {
		return
	}
	if err := r.reply.Add(d); err != nil {
		r.a.warn(err)
	}
}

// finish records how the reply ended.
func (r *chatRecord) finish(res *client.ChatResult, callErr error) {
	if r == nil {
		return
	}
	if err := r.reply.Finish(res, callErr, r.ctx.Err() != nil); err != nil {
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
	fmt.Fprintf(a.io.err, "atelier: warning: not recorded in history: %s\n", cleanLine(err.Error()))
}
