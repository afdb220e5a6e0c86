package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"atelier/internal/limits"
)

// Default checkpoint bounds of a streaming reply: a crash loses at most this
// much time or text of it.
const (
	DefaultCheckpointInterval = 250 * time.Millisecond
	DefaultCheckpointBytes    = 4 << 10
)

// ReplyStart describes a reply about to stream.
type ReplyStart struct {
	ConversationID int64
	Turn           int
	Lane           int
	// ParentID is the message the reply answers (its prompt, or the paused
	// reply it continues); 0: the store finds it by the turn (ParentFor).
	ParentID     int64
	Family       string
	Model        string
	SettingsJSON json.RawMessage
	Endpoint     string          // the request path, for the call's record
	RequestJSON  json.RawMessage // the native request as sent
	StartedAt    time.Time       // when the request was sent; zero means now

	// CheckpointInterval and CheckpointBytes bound what a crash can lose;
	// zero means the defaults.
	CheckpointInterval time.Duration
	CheckpointBytes    int
}

// ReplyEnd is how a reply ended.
type ReplyEnd struct {
	ResponseJSON json.RawMessage // the native reply (for a stream: the accumulated message)
	UsageJSON    json.RawMessage // the native usage object
	StopReason   string
	Usage        Usage
	HTTPStatus   int
	TTFT         time.Duration
	Total        time.Duration
	// Err is why the reply ended early: context.Canceled (the person
	// stopped it) marks it interrupted, any other error marks it failed.
	Err error
	// Text and Thinking are the whole reply as the caller holds it (the
	// client's result), when it does. A reply whose checkpoints and tail add
	// up to them, byte for byte in length and ending in the tail, is
	// written from them rather than read back from its checkpoints, which
	// held 8 MiB of reply twice more in memory as it ended.
	Text, Thinking string
}

// Reply is a streaming reply being written. Append buffers the deltas and
// commits them as one small chunk row when CheckpointInterval has passed or
// CheckpointBytes have gathered; a timer commits a remainder that no later
// delta pushes out, so a crash loses at most one interval of text. Finish
// folds the chunks into the message. Methods are safe for concurrent use.
type Reply struct {
	s        *Store
	id       int64
	callID   int64
	convID   int64
	every    time.Duration
	maxBytes int

	mu       sync.Mutex
	text     strings.Builder // not yet checkpointed
	thinking strings.Builder
	last     time.Time // last checkpoint
	timer    interface{ Stop() bool }
	done     bool
	err      error // a failed timer checkpoint, reported by the next call
	seq      int   // chunks committed so far

	onCheckpoint func() // test hook: called after each checkpoint commits
	// afterFunc starts the timer that commits stalled text; nil is
	// time.AfterFunc. Tests fire it by hand.
	afterFunc func(d time.Duration, f func()) interface{ Stop() bool }
}

// BeginReply records a reply as streaming (with the request as its call)
// and returns the Reply to append its text to. The caller must end it with
// Finish; Close ends any left unfinished as interrupted.
func (s *Store) BeginReply(ctx context.Context, st ReplyStart) (*Reply, error) {
	r := &Reply{s: s, convID: st.ConversationID, every: st.CheckpointInterval, maxBytes: st.CheckpointBytes}
	if r.every <= 0 {
		r.every = DefaultCheckpointInterval
	}
	if r.maxBytes <= 0 {
		r.maxBytes = DefaultCheckpointBytes
	}
	now := s.nowMS()
	err := s.tx(ctx, func(tx *txn) error {
		parent, err := parentFor(ctx, tx, st.ConversationID, st.ParentID, st.Turn, st.Lane, RoleAssistant)
		if err != nil {
			return err
		}
		shown, err := shownStamp(ctx, tx, st.ConversationID, now)
		if err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO messages (conversation_id, turn, lane, role, family, model,
			settings_json, status, writer_pid, writer_start, created_at, updated_at, parent_id, shown_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			st.ConversationID, st.Turn, st.Lane, RoleAssistant, st.Family, st.Model, jsonArg(st.SettingsJSON),
			StatusStreaming, s.self.pid, s.self.start, now, now, nullInt(parent), shown)
		if err != nil {
			return err
		}
		if r.id, err = res.LastInsertId(); err != nil {
			return err
		}
		if err := markShown(ctx, tx, parent, shown); err != nil {
			return err
		}
		r.callID, err = insertCall(ctx, tx, Call{MessageID: r.id, Family: st.Family, Endpoint: st.Endpoint,
			RequestJSON: st.RequestJSON, StartedAt: st.StartedAt}, now)
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE conversations SET family = ?, model = ? WHERE id = ?`,
			st.Family, st.Model, st.ConversationID)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("begin reply: %w", err)
	}
	r.last = s.now()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil, errors.New("begin reply: store closed")
	}
	s.replies[r] = struct{}{}
	return r, nil
}

// ID returns the reply's message id.
func (r *Reply) ID() int64 { return r.id }

// CallID returns the id of the call record holding the native request and
// response.
func (r *Reply) CallID() int64 { return r.callID }

// Append adds streamed text and thinking, and checkpoints when a bound is
// reached.
func (r *Reply) Append(text, thinking string) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.done {
		return errors.New("append to reply: already finished")
	}
	if r.err != nil {
		return r.err
	}
	r.text.WriteString(text)
	r.thinking.WriteString(thinking)
	pending := r.text.Len() + r.thinking.Len()
	if pending == 0 {
		return nil
	}
	if pending >= r.maxBytes || r.s.now().Sub(r.last) >= r.every {
		return r.checkpointLocked()
	}
	if r.timer == nil {
		if r.afterFunc != nil {
			r.timer = r.afterFunc(r.every, r.onTimer)
		} else {
			r.timer = time.AfterFunc(r.every, r.onTimer)
		}
	}
	return nil
}

// onTimer commits text that has waited a whole interval with no further
// delta to push it out.
func (r *Reply) onTimer() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.timer = nil
	if r.done || r.err != nil || r.text.Len()+r.thinking.Len() == 0 {
		return
	}
	r.err = r.checkpointLocked()
}

// Flush commits what Append has buffered.
func (r *Reply) Flush() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.done {
		return nil
	}
	if r.err != nil {
		return r.err
	}
	if r.text.Len()+r.thinking.Len() == 0 {
		return nil
	}
	return r.checkpointLocked()
}

// checkpointLocked commits the buffered deltas as the reply's next chunk:
// one INSERT whose cost is the size of the delta, whatever the length of
// the reply so far.
func (r *Reply) checkpointLocked() error {
	if r.timer != nil {
		r.timer.Stop()
		r.timer = nil
	}
	_, err := r.s.w.ExecContext(context.Background(),
		`INSERT INTO message_chunks (message_id, seq, text, thinking) VALUES (?, ?, ?, ?)`,
		r.id, r.seq, r.text.String(), r.thinking.String())
	if err != nil {
		return fmt.Errorf("checkpoint reply %d: %w", r.id, err)
	}
	r.seq++
	r.text.Reset()
	r.thinking.Reset()
	r.last = r.s.now()
	if r.onCheckpoint != nil {
		r.onCheckpoint()
	}
	return nil
}

// Checkpoints returns how many checkpoints have been committed.
func (r *Reply) Checkpoints() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.seq
}

// Finish writes the rest of the text and how the reply ended, and records
// the native response on its call. The reply is then indexed for search.
func (r *Reply) Finish(end ReplyEnd) error {
	status, errText := StatusComplete, ""
	switch {
	case errors.Is(end.Err, context.Canceled):
		status, errText = StatusInterrupted, "stopped"
	case errors.Is(end.Err, limits.ErrLimit):
		// Cut at a limit: what arrived is kept, as for a stopped reply.
		status, errText = StatusInterrupted, end.Err.Error()
	case end.Err != nil:
		status, errText = StatusError, end.Err.Error()
	}
	return r.end(status, errText, end)
}

// abandon ends a reply its owner never finished (at Close).
//
// Neither Finish nor abandon takes a context: the request's context is
// often the very thing that was cancelled, and the partial reply must still
// be saved.
func (r *Reply) abandon() error {
	return r.end(StatusInterrupted, "interrupted: the reply was never finished", ReplyEnd{})
}

// end flushes the buffer and sets the final state in one transaction.
func (r *Reply) end(status, errText string, end ReplyEnd) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.done {
		return errors.New("finish reply: already finished")
	}
	r.done = true
	if r.timer != nil {
		r.timer.Stop()
		r.timer = nil
	}
	r.s.mu.Lock()
	delete(r.s.replies, r)
	r.s.mu.Unlock()
	ctx := context.Background()
	now := r.s.nowMS()
	err := r.s.tx(ctx, func(tx *txn) error {
		err := fold(ctx, tx, r.id, [2]string{r.text.String(), r.thinking.String()}, r.s.replyText,
			foldEnd{status: status, errText: errText, now: now, whole: [2]string{end.Text, end.Thinking}})
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE messages SET stop_reason = ?, input_tokens = ?, output_tokens = ?,
			ttft_ms = ?, total_ms = ? WHERE id = ?`,
			end.StopReason, nullInt(end.Usage.InputTokens), nullInt(end.Usage.OutputTokens),
			nullDur(end.TTFT), nullDur(end.Total), r.id)
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE calls SET response_json = ?, usage_json = ?, http_status = ?,
			error = ?, ttft_ms = ?, total_ms = ? WHERE id = ?`,
			jsonArg(elideBase64(end.ResponseJSON, nil)), jsonArg(end.UsageJSON), end.HTTPStatus, errText,
			nullDur(end.TTFT), nullDur(end.Total), r.callID)
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE conversations SET updated_at = max(updated_at, ?) WHERE id = ?`,
			now, r.convID)
		return err
	})
	if err != nil {
		return fmt.Errorf("finish reply %d: %w", r.id, err)
	}
	r.text.Reset()
	r.thinking.Reset()
	return nil
}
