package record

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"runtime/debug"
	"sync"
	"time"

	"atelier/client"
	"atelier/store"
)

// ErrNoEnd is how a reply ends whose stream stopped without its last
// event (the client always sends one; this is the guard for when it does
// not).
var ErrNoEnd = errors.New("the stream ended without its last event")

// Send is what a chat send stores before its reply comes.
type Send struct {
	// ConversationID is the conversation the send goes on; 0 opens a new
	// one of Kind (store.KindChat when empty).
	ConversationID int64
	Kind           store.Kind
	// NewTurn says the prompt opens the conversation's next turn; else the
	// reply answers Turn (an edited prompt, a regenerated or continued
	// reply).
	NewTurn bool
	Turn    int
	// ParentID is the message the send follows on the path shown: the
	// last message for a new prompt, the one before an edited prompt (a
	// branch), the prompt of a regenerated reply (an alternative), the
	// paused reply continued. 0: the store finds it by the turn.
	ParentID int64
	// Prompt is stored as the person's message when WithPrompt is set (a
	// new or an edited prompt; a regenerated reply stores none).
	Prompt     string
	WithPrompt bool
	Target     client.ChatTarget
	Turns      []client.ChatTurn // the request's turns, for the call's record
	Stream     bool              // the request streams
}

// Began is what BeginChat wrote: the fields stay set as far as it got when
// it returns an error.
type Began struct {
	ConversationID int64
	Created        bool  // the conversation was created for this send
	Turn           int   // the turn the reply answers
	PromptID       int64 // the stored prompt; 0 when none was stored
	Reply          *Reply
}

// BeginChat stores what a send adds before its reply: the conversation if
// it is new, the prompt if there is one, and the reply as streaming, with
// the native request as its call.
func BeginChat(ctx context.Context, db *store.Store, s Send) (Began, error) {
	ctx = context.WithoutCancel(ctx)
	b := Began{ConversationID: s.ConversationID, Turn: s.Turn}
	if b.ConversationID == 0 {
		kind := s.Kind
		if kind == "" {
			kind = store.KindChat
		}
		id, err := db.NewConversation(ctx, kind, "")
		if err != nil {
			return b, err
		}
		b.ConversationID, b.Created = id, true
	}
	if s.NewTurn {
		turn, err := db.NextTurn(ctx, b.ConversationID)
		if err != nil {
			return b, err
		}
		b.Turn = turn
	}
	if s.WithPrompt {
		id, err := addPrompt(ctx, db, b.ConversationID, b.Turn, s.ParentID, s.Target, s.Prompt)
		if err != nil {
			return b, err
		}
		b.PromptID = id
	}
	var err error
	place := Place{ConversationID: b.ConversationID, Turn: b.Turn, ParentID: cmp.Or(b.PromptID, s.ParentID)}
	b.Reply, err = BeginReply(ctx, db, place, s.Target, s.Turns, s.Stream)
	return b, err
}

// addPrompt stores the person's prompt, asked of t.
func addPrompt(ctx context.Context, db *store.Store, conv int64, turn int, parent int64, t client.ChatTarget, prompt string) (int64, error) {
	return db.AddMessage(ctx, store.Message{ConversationID: conv, Turn: turn, ParentID: parent, Role: store.RoleUser, Text: prompt,
		Family: string(t.Family), Model: t.Model})
}

// Place is where a reply goes in its conversation.
type Place struct {
	ConversationID int64
	Turn, Lane     int
	ParentID       int64 // the message it answers; 0: found by the turn
}

// BeginReply stores the start of t's reply to turns at p, with the native
// request (as client.NativeChatRequest builds it) as its call.
func BeginReply(ctx context.Context, db *store.Store, p Place, t client.ChatTarget, turns []client.ChatTurn, stream bool) (*Reply, error) {
	path, body, err := client.NativeChatRequest(t, turns, stream)
	if err != nil {
		return nil, err
	}
	settings, _ := json.Marshal(t.Settings)
	started := time.Now()
	r, err := db.BeginReply(context.WithoutCancel(ctx), store.ReplyStart{ConversationID: p.ConversationID,
		Turn: p.Turn, Lane: p.Lane, ParentID: p.ParentID, Family: string(t.Family), Model: t.Model, SettingsJSON: settings,
		Endpoint: path, RequestJSON: body, StartedAt: started})
	if err != nil {
		return nil, err
	}
	return &Reply{r: r, started: started}, nil
}

// Reply is one reply being recorded: each delta checkpointed as it comes,
// so a killed process leaves the partial reply, then how it ended. A nil
// *Reply records nothing, so a caller without history needs no branch.
type Reply struct {
	r       *store.Reply
	started time.Time // when the request was sent

	mu    sync.Mutex
	done  bool
	first time.Time // when the first text or thinking came; zero before
}

// ID is the reply's message id; 0 for a nil Reply.
func (r *Reply) ID() int64 {
	if r == nil {
		return 0
	}
	return r.r.ID()
}

// Add checkpoints a delta's text or thinking; other deltas store nothing.
func (r *Reply) Add(d client.ChatDelta) error { return r.AddAt(d, time.Now()) }

// AddAt is Add of a delta that arrived at at: the first text or thinking
// times the first token when the client's result does not (a reply
// stopped or cut before its end has none), as the screen showed it.
func (r *Reply) AddAt(d client.ChatDelta, at time.Time) error {
	if r == nil {
		return nil
	}
	if (d.Kind == client.ChatTextDelta || d.Kind == client.ChatThinkingDelta) && d.Text != "" {
		r.mu.Lock()
		if r.first.IsZero() {
			r.first = at
		}
		r.mu.Unlock()
	}
	switch d.Kind {
	case client.ChatTextDelta:
		return r.r.Append(d.Text, "")
	case client.ChatThinkingDelta:
		return r.r.Append("", d.Text)
	}
	return nil
}

// Finish records how the reply ended (see End) with the figures of res,
// which may be nil when the call failed before replying. Only the first
// Finish or Stop counts: a later one does nothing.
func (r *Reply) Finish(res *client.ChatResult, err error, stopped bool) error {
	if r == nil {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.done {
		return nil
	}
	r.done = true
	end := End(res, err, stopped)
	if end.TTFT <= 0 && !r.first.IsZero() {
		end.TTFT = r.first.Sub(r.started)
	}
	if len(end.Text)+len(end.Thinking) >= bigReply {
		// What streaming a long reply left behind (each event decoded, the
		// text grown by doubling) goes back to the system before SQLite,
		// whose memory is outside Go's heap, writes and indexes the reply:
		// else its megabytes come on top of Go's (8 MiB of reply
		// peaked at 130-140 MB resident, most of it at this moment).
		debug.FreeOSMemory()
	}
	return r.r.Finish(end)
}

// bigReply is the reply size from which Finish first gives the garbage of
// its stream back to the system.
const bigReply = 1 << 20

// Stop records the reply as stopped, with what came: for a stream nobody
// reads any more.
func (r *Reply) Stop() error { return r.Finish(nil, nil, true) }

// End is how a reply ended, by the one rule of every screen and command:
//
//   - stopped (the person stopped it, or nobody reads it any more):
//     interrupted, with the partial reply kept, whatever error the
//     cancelled stream gave;
//   - an error: failed, with the error as its reason (the store keeps a
//     reply cut at a budget limit as interrupted);
//   - a result that did not come whole, with no error: failed with
//     client.ErrStreamIncomplete;
//   - else complete.
//
// The figures (stop reason, usage, times, the native response) are res's,
// whichever way it ended.
func End(res *client.ChatResult, err error, stopped bool) store.ReplyEnd {
	end := store.ReplyEnd{Err: err}
	if res != nil {
		end.ResponseJSON, end.StopReason = res.Response, res.StopReason
		end.Usage = store.Usage{InputTokens: int64(res.Usage.Input), OutputTokens: int64(res.Usage.Output)}
		end.TTFT, end.Total = res.FirstToken, res.Total
		end.Text, end.Thinking = res.Text, res.Thinking
		if err == nil && !res.Complete {
			end.Err = client.ErrStreamIncomplete
		}
	}
	if stopped {
		end.Err = context.Canceled
	}
	return end
}
