package compare

import (
	"context"
	"errors"
	"iter"
	"time"

	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/recorder"
)

// Each column streams in its own chain of commands: one command pulls one
// event of its stream, records it, and returns it; Update applies it and
// returns the command for the next. A slow or failing column holds no other
// back, and the screen never waits on the network or the disk.

// laneStream is one column's stream. Only the chain of commands touches
// it, one command at a time, which is what iter.Pull2 asks.
type laneStream struct {
	seq, lane int
	next      func() (client.ChatDelta, error, bool)
	stop      func()
	ctx       context.Context // cancelled: the person stopped the column; nil: never
	reply     *recorder.Reply // nil when not recorded
}

// laneMsg is one event of a column's stream.
type laneMsg struct {
	seq, lane int
	s         *laneStream
	delta     client.ChatDelta
	err       error     // with the last event: why the reply ended early
	end       bool      // the stream is over and closed
	at        time.Time // when the event came
	recErr    error     // history could not record it
}

// closedMsg says a stale stream was closed.
type closedMsg struct{}

// openStream starts (lazily: nothing is sent before the first pull) the
// stream of t's reply to turns.
func openStream(ctx context.Context, c *client.Client, seq, lane int, t client.ChatTarget, turns []client.ChatTurn, reply *recorder.Reply) *laneStream {
	next, stop := iter.Pull2(c.StreamChat(ctx, t, turns))
	return &laneStream{seq: seq, lane: lane, next: next, stop: stop, ctx: ctx, reply: reply}
}

// pull is the command that waits for the stream's next event.
func (s *laneStream) pull() tea.Cmd {
	return func() tea.Msg {
		d, err, ok := s.next()
		msg := laneMsg{seq: s.seq, lane: s.lane, s: s, delta: d, err: err, at: time.Now()}
		if !ok {
			msg.delta, msg.end = client.ChatDelta{Kind: client.ChatDoneDelta}, true
			msg.recErr = s.finish(nil, recorder.ErrNoEnd)
			return result(msg)
		}
		msg.recErr = s.reply.Add(d)
		if d.Kind == client.ChatDoneDelta {
			msg.end = true
			if rerr := s.finish(d.Result, err); msg.recErr == nil {
				msg.recErr = rerr
			}
		}
		return result(msg)
	}
}

// close is the command that ends a stream nobody reads any more: its
// context is cancelled already; stop closes the body, and the reply is
// recorded as interrupted with what came.
func (s *laneStream) close() tea.Cmd {
	return func() tea.Msg {
		s.stop()
		s.reply.Stop()
		return result(closedMsg{})
	}
}

// finish closes the stream and records how the reply ended: stopped when
// the person stopped the column, whatever error that gave.
func (s *laneStream) finish(res *client.ChatResult, callErr error) error {
	s.stop()
	return s.reply.Finish(res, callErr, s.ctx != nil && s.ctx.Err() != nil)
}

// wasStopped reports whether err is the person stopping the reply.
func wasStopped(err error) bool { return errors.Is(err, context.Canceled) }
