package main

import (
	"context"
	"errors"

	"atelier/client"
	"atelier/store"
	"atelier/store/record"
)

// continuation is where `atelier chat --continue` goes on: a stored chat,
// after a message of it, with the turns of the path down to that message.
type continuation struct {
	conv   int64
	parent int64 // the message the prompt follows; 0: a first prompt (a branch of it)
	turn   int
	turns  []client.ChatTurn
	// family and model are the target of the path's last reply (of the
	// conversation's, beside a first prompt): the default.
	family, model string
}

// continuation reads what --continue ID [--branch-from MESSAGE] names:
// the end of the path kept, or the message given — after a reply, the
// prompt is a branch beside what followed it; at a prompt, a branch
// beside that prompt. Nil without --continue.
func (a *app) continuation(ctx context.Context, f *chatFlags) (*continuation, error) {
	switch {
	case f.branchFrom != 0 && f.cont == 0:
		return nil, usagef("--branch-from: needs --continue ID, the conversation the message is in")
	case f.cont == 0:
		return nil, nil
	case f.cont < 0:
		return nil, usagef("--continue: a conversation id is a number above 0 (got %d)", f.cont)
	case f.branchFrom < 0:
		return nil, usagef("--branch-from: a message id is a number above 0 (got %d)", f.branchFrom)
	}
	db, err := a.store()
	if err != nil {
		return nil, err
	}
	c := &continuation{conv: f.cont}
	after := f.branchFrom
	if after != 0 {
		m, err := db.Message(ctx, after)
		if err != nil || m.ConversationID != f.cont {
			return nil, usagef("--branch-from %d: not a message of conversation %d (atelier history show chat:%d lists them)",
				after, f.cont, f.cont)
		}
		if m.Role == store.RoleUser { // beside this prompt: after what it follows
			if after = m.ParentID; after == 0 { // beside the first prompt: no history
				conv, err := db.Conversation(ctx, f.cont)
				if err != nil {
					return nil, err
				}
				c.family, c.model = conv.Family, conv.Model
				return c, nil
			}
		}
	}
	path, turns, err := record.History(ctx, db, f.cont, after)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return nil, usagef("--continue %d: no such conversation (atelier history lists them)", f.cont)
	case err != nil:
		return nil, usagef("--continue %d: %v", f.cont, err)
	}
	c.turns = turns
	if n := len(path); n > 0 {
		c.parent, c.turn = path[n-1].ID, path[n-1].Turn+1
	}
	for i := len(path) - 1; i >= 0; i-- {
		if path[i].Role == store.RoleAssistant {
			c.family, c.model = path[i].Family, path[i].Model
			break
		}
	}
	return c, nil
}

// defaults fills the family and model the flags left out with those of
// the path's last reply, so a conversation goes on where it was.
func (c *continuation) defaults(f *chatFlags) {
	if c == nil {
		return
	}
	if f.family == "" {
		f.family = c.family
	}
	if f.model == "" && f.family == c.family {
		f.model = c.model
	}
}

// send is the record of the run's prompt: a new conversation, or after
// the continuation's message.
func (c *continuation) send(prompt string, t client.ChatTarget, turns []client.ChatTurn, stream bool) record.Send {
	s := record.Send{NewTurn: true, Prompt: prompt, WithPrompt: true, Target: t, Turns: turns, Stream: stream}
	if c != nil {
		s.ConversationID, s.NewTurn, s.Turn, s.ParentID = c.conv, false, c.turn, c.parent
	}
	return s
}

// history is the turns before the run's prompt.
func (c *continuation) history() []client.ChatTurn {
	if c == nil {
		return nil
	}
	return c.turns
}
