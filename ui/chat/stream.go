package chat

import (
	"context"
	"fmt"
	"iter"
	"time"

	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/recorder"
	"atelier/store"
)

// sendKind is what a send does to the conversation.
type sendKind int

const (
	sendPrompt     sendKind = iota // a new prompt, in a new turn
	sendEdit                       // the last prompt, changed: it replaces the old one
	sendRegenerate                 // the last prompt again: the reply replaces the old one
	sendContinue                   // the paused reply goes on
)

// request is everything a send needs, copied out of the model so that the
// command never reads it.
type request struct {
	id     int
	kind   sendKind
	db     *store.Store
	client *client.Client
	target client.ChatTarget
	turns  []client.ChatTurn
	convID int64  // 0: a new conversation
	turn   int    // the turn, except for a new prompt (the store says)
	prompt string // what is stored as the prompt (new and edited prompts)
	ctx    context.Context
}

// running is the reply arriving. Only the command that pulls the next
// delta calls next and stop, never two at once; Update only cancels.
type running struct {
	id      int
	ctx     context.Context
	cancel  context.CancelFunc
	next    func() (client.ChatDelta, error, bool)
	stop    func()
	rec     *recorder.Reply // nil without history
	started time.Time
}

// The messages of a reply's life.
type (
	beganMsg struct {
		id      int
		convID  int64
		created bool // the conversation was created for this send
		turn    int
		userID  int64 // the stored prompt, when one was stored
		rec     *recorder.Reply
		next    func() (client.ChatDelta, error, bool)
		stop    func()
		at      time.Time
		warn    error // history could not be written
	}
	deltaMsg struct {
		id   int
		d    client.ChatDelta
		at   time.Time
		warn error
	}
	finishedMsg struct {
		id      int
		res     *client.ChatResult
		err     error
		stopped bool // the person stopped it
		at      time.Time
		warn    error
	}
)

// begin records the prompt and the start of the reply, then opens the
// stream. History is best effort: a failure to write it is reported, and
// the reply still comes.
func begin(r request) tea.Cmd {
	return func() tea.Msg {
		b := beganMsg{id: r.id, convID: r.convID, turn: r.turn}
		if r.db != nil {
			b.warn = r.record(&b)
		}
		b.next, b.stop = iter.Pull2(r.client.StreamChat(r.ctx, r.target, r.turns))
		b.at = time.Now()
		return result(b)
	}
}

// record stores what a send adds before its reply, as the command line
// does: the conversation if it is new, the prompt if there is one, and the
// reply as streaming. The recorder does not take the send's context: a
// prompt stopped at once is still kept.
func (r request) record(b *beganMsg) error {
	began, err := recorder.BeginChat(r.ctx, r.db, recorder.Send{ConversationID: r.convID, NewTurn: r.kind == sendPrompt,
		Turn: r.turn, Prompt: r.prompt, WithPrompt: r.kind == sendPrompt || r.kind == sendEdit,
		Target: r.target, Turns: r.turns, Stream: true})
	b.convID, b.created, b.turn, b.userID, b.rec = began.ConversationID, began.Created, began.Turn, began.PromptID, began.Reply
	return err
}

// pull waits for the next delta and checkpoints it. At the end it closes the
// stream and records how the reply ended.
func (s *running) pull() tea.Cmd {
	id, ctx, next, stop, rec := s.id, s.ctx, s.next, s.stop, s.rec
	return func() tea.Msg {
		d, err, ok := next()
		if !ok { // the stream always ends with a done delta; be safe anyway
			d, err = client.ChatDelta{Kind: client.ChatDoneDelta, Result: &client.ChatResult{}}, fmt.Errorf("chat: %w", recorder.ErrNoEnd)
		}
		if d.Kind != client.ChatDoneDelta {
			return result(deltaMsg{id: id, d: d, at: time.Now(), warn: rec.Add(d)})
		}
		stop()
		res := d.Result
		if res == nil {
			res = &client.ChatResult{}
		}
		stopped := ctx.Err() != nil
		if err == nil && !res.Complete {
			err = client.ErrStreamIncomplete
		}
		return result(finishedMsg{id: id, res: res, err: err, stopped: stopped, at: time.Now(),
			warn: rec.Finish(res, err, stopped)})
	}
}

// drain ends a stream whose reply nobody waits for any more.
func drain(b beganMsg) tea.Cmd {
	return func() tea.Msg {
		b.stop()
		b.rec.Stop()
		return nil
	}
}
