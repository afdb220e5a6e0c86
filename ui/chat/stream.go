package chat

import (
	"context"
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/store"
	"atelier/store/record"
	"atelier/ui/internal/deltaq"
)

// sendKind is what a send does to the conversation.
type sendKind int

const (
	sendPrompt     sendKind = iota // a new prompt, in a new turn
	sendEdit                       // a prompt chosen (e), changed: a branch beside it
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
	parent int64  // the stored message the send follows; 0: the store finds it
	ctx    context.Context
	batch  int // the text a pull takes at most (0: deltaq's cap)
}

// running is the reply arriving. Only the command that pulls the next
// batch of deltas reads q, never two at once; Update only cancels.
type running struct {
	id      int
	ctx     context.Context
	cancel  context.CancelFunc
	q       *deltaq.Queue
	rec     *record.Reply // nil without history
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
		rec     *record.Reply
		q       *deltaq.Queue
		at      time.Time
		warn    error // history could not be written
	}
	// deltaMsg is one piece of the reply, as it came (at); it arrives in
	// a batchMsg.
	deltaMsg struct {
		id   int
		d    client.ChatDelta
		at   time.Time
		warn error
	}
	// batchMsg is the pieces that came since the last pull, in order
	// (never the done delta: that is finishedMsg), pulled at at.
	batchMsg struct {
		id     int
		pieces []deltaMsg
		at     time.Time
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
		b.q = deltaq.New(r.batch) // read from the network at the frames' pace
		b.q.Read(r.client.StreamChat(client.WithReadGate(r.ctx, b.q.Gate), r.target, r.turns))
		b.at = time.Now()
		return result(b)
	}
}

// record stores what a send adds before its reply, as the command line
// does: the conversation if it is new, the prompt if there is one, and the
// reply as streaming. The recorder does not take the send's context: a
// prompt stopped at once is still kept.
func (r request) record(b *beganMsg) error {
	// A prompt after a message shown takes the turn after it (the path's
	// depth, which a branch shares with its siblings); the first, the next.
	began, err := record.BeginChat(r.ctx, r.db, record.Send{ConversationID: r.convID,
		NewTurn: r.kind == sendPrompt && r.parent == 0, ParentID: r.parent,
		Turn: r.turn, Prompt: r.prompt, WithPrompt: r.kind == sendPrompt || r.kind == sendEdit,
		Target: r.target, Turns: r.turns, Stream: true})
	b.convID, b.created, b.turn, b.userID, b.rec = began.ConversationID, began.Created, began.Turn, began.PromptID, began.Reply
	return err
}

// pull is the command that takes the next batch at once (take).
func (s *running) pull() tea.Cmd {
	r := *s // read here, on the event loop: the command sees no later change
	return func() tea.Msg { return r.take() }
}

// take waits for the next delta, takes with it those that came meanwhile
// (one message, so the screen wakes once for them all) and checkpoints
// each, in order. At the end it closes the stream and records how the
// reply ended. It runs in a command, never in Update, on a copy of the
// running reply made when the command was (pull, frames.after).
func (s running) take() tea.Msg {
	id, ctx, q, rec := s.id, s.ctx, s.q, s.rec
	items, ok := q.Next()
	var d client.ChatDelta
	var err error
	if ok {
		d, err = items[0].D, items[0].Err
	} else { // the stream always ends with a done delta; be safe anyway
		d, err = client.ChatDelta{Kind: client.ChatDoneDelta, Result: &client.ChatResult{}}, fmt.Errorf("chat: %w", record.ErrNoEnd)
	}
	if d.Kind != client.ChatDoneDelta {
		b := batchMsg{id: id, pieces: make([]deltaMsg, len(items)), at: time.Now()}
		for i, it := range items {
			b.pieces[i] = deltaMsg{id: id, d: it.D, at: it.At, warn: rec.Add(it.D)}
		}
		return result(b)
	}
	q.Stop()
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

// drain ends a stream whose reply nobody waits for any more.
func drain(b beganMsg) tea.Cmd {
	return func() tea.Msg {
		b.q.Stop()
		b.rec.Stop()
		return nil
	}
}
