package compare

import (
	"context"
	"errors"
	"time"

	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/store/record"
	"atelier/ui/internal/deltaq"
	"atelier/ui/internal/frameclock"
)

// Each column streams in its own chain of commands: one command waits for
// the renderer's next tick, takes what the column's stream brought
// meanwhile (read from the network at that pace, deltaq), records it, and
// returns it; Update applies it and returns the command for the next. A
// slow or failing column holds no other back, and the screen never waits
// on the network or the disk.

// laneStream is one column's stream. Only the chain of commands touches
// it, one command at a time, as deltaq asks.
type laneStream struct {
	seq, lane int
	q         *deltaq.Queue
	ctx       context.Context // cancelled: the person stopped the column; nil: never
	reply     *record.Reply   // nil when not recorded
	pace      frameclock.Pace // the takes land on the renderer's ticks
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

// batchMsg is the events of a column's stream taken at one frame, in
// order; the last may end it.
type batchMsg []laneMsg

// closedMsg says a stale stream was closed.
type closedMsg struct{}

// openStream starts the stream of t's reply to turns, read at the frames'
// pace of clock.
func openStream(ctx context.Context, c *client.Client, seq, lane int, t client.ChatTarget, turns []client.ChatTurn, reply *record.Reply, clock frameclock.Clock) *laneStream {
	q := deltaq.New(0)
	q.Read(c.StreamChat(client.WithReadGate(ctx, q.Gate), t, turns))
	pace := frameclock.NewPace()
	pace.Clock = clock
	return &laneStream{seq: seq, lane: lane, q: q, ctx: ctx, reply: reply, pace: pace}
}

// pull is the command that waits for the next frame, then for the
// stream's next events.
func (s *laneStream) pull() tea.Cmd {
	return s.pace.Next(func(time.Time) tea.Msg { return s.take() })
}

// take takes the events that came, records them, and returns them.
func (s *laneStream) take() tea.Msg {
	items, ok := s.q.Next()
	batch := make(batchMsg, 0, len(items)+1)
	for _, it := range items {
		msg := laneMsg{seq: s.seq, lane: s.lane, s: s, delta: it.D, err: it.Err, at: it.At}
		msg.recErr = s.reply.AddAt(it.D, it.At)
		if it.D.Kind == client.ChatDoneDelta {
			msg.end = true
			if rerr := s.finish(it.D.Result, it.Err); msg.recErr == nil {
				msg.recErr = rerr
			}
		}
		batch = append(batch, msg)
	}
	if !ok {
		msg := laneMsg{seq: s.seq, lane: s.lane, s: s, delta: client.ChatDelta{Kind: client.ChatDoneDelta}, end: true, at: time.Now()}
		msg.recErr = s.finish(nil, record.ErrNoEnd)
		batch = append(batch, msg)
	}
	return result(batch)
}

// close is the command that ends a stream nobody reads any more: its
// context is cancelled already; stop closes the body, and the reply is
// recorded as interrupted with what came.
func (s *laneStream) close() tea.Cmd {
	return func() tea.Msg {
		s.q.Stop()
		s.reply.Stop()
		return result(closedMsg{})
	}
}

// finish closes the stream and records how the reply ended: stopped when
// the person stopped the column, whatever error that gave.
func (s *laneStream) finish(res *client.ChatResult, callErr error) error {
	s.q.Stop()
	return s.reply.Finish(res, callErr, s.ctx != nil && s.ctx.Err() != nil)
}

// wasStopped reports whether err is the person stopping the reply.
func wasStopped(err error) bool { return errors.Is(err, context.Canceled) }
