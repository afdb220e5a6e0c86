package store

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
)

// A chat is a tree of messages (migration 0014): each message names its
// parent, the message it follows. Replies with one parent are
// alternatives, prompts with one parent branches; among siblings the one
// shown last (shown_at, then the newest) is kept, and the kept path, from
// the kept first prompt down through each kept child, is what the Chat
// tab opens on, what the next prompt continues and what exports name.

// parentFor is the parent a new message of conversation conv takes:
// explicit when the writer named one (which must be of the same
// conversation), else found as the conversations kept before 0014 were
// read: a prompt follows the last message of the turns before it, a reply
// answers its turn's last prompt, or continues the reply before it when
// that one paused. A comparison's messages and a lane's have none.
func parentFor(ctx context.Context, tx *txn, conv, explicit int64, turn, lane int, role string) (int64, error) {
	if explicit != 0 {
		var n int
		err := tx.QueryRowContext(ctx, `SELECT count(*) FROM messages WHERE id = ? AND conversation_id = ?`,
			explicit, conv).Scan(&n)
		if err != nil {
			return 0, err
		}
		if n == 0 {
			return 0, fmt.Errorf("parent: message %d is not in conversation %d", explicit, conv)
		}
		return explicit, nil
	}
	var kind string
	err := tx.QueryRowContext(ctx, `SELECT kind FROM conversations WHERE id = ?`, conv).Scan(&kind)
	if errors.Is(err, sql.ErrNoRows) || kind != string(KindChat) || lane != 0 {
		return 0, nil // the insert says what is wrong with a missing conversation
	}
	if err != nil {
		return 0, err
	}
	var parent sql.NullInt64
	switch role {
	case RoleUser:
		err = tx.QueryRowContext(ctx, `SELECT max(id) FROM messages WHERE conversation_id = ? AND turn < ?
			AND role IN ('user', 'assistant')`, conv, turn).Scan(&parent)
	case RoleAssistant:
		err = tx.QueryRowContext(ctx, `SELECT CASE WHEN q.role = 'user' THEN q.id
				WHEN q.stop_reason = 'pause_turn' AND q.status = 'complete' THEN q.id
				ELSE (SELECT max(u.id) FROM messages u WHERE u.conversation_id = q.conversation_id
					AND u.turn = q.turn AND u.role = 'user') END
			FROM messages q WHERE q.conversation_id = ? AND q.turn = ? AND q.lane = 0
				AND q.role IN ('user', 'assistant')
			ORDER BY q.id DESC LIMIT 1`, conv, turn).Scan(&parent)
	default:
		return 0, nil
	}
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	return parent.Int64, err
}

// markShown puts message id and its ancestors on the path shown, as of
// shown (from shownStamp): each is then the one kept among its siblings.
func markShown(ctx context.Context, tx *txn, id, shown int64) error {
	if id == 0 {
		return nil
	}
	_, err := tx.ExecContext(ctx, `WITH RECURSIVE up(id) AS (
			SELECT ? UNION SELECT m.parent_id FROM messages m JOIN up ON m.id = up.id WHERE m.parent_id IS NOT NULL)
		UPDATE messages SET shown_at = ? WHERE id IN (SELECT id FROM up)`, id, shown)
	return err
}

// shownStamp is the shown_at a message shown now takes in conversation
// conv: now, or later than every message of it shown so far. The clock
// counts milliseconds and may go back, and the path shown must win every
// tie: a branch shown, then an alternative begun within the same
// millisecond, would otherwise lose to the branch it left.
func shownStamp(ctx context.Context, tx *txn, conv, now int64) (int64, error) {
	var latest sql.NullInt64
	if err := tx.QueryRowContext(ctx, `SELECT max(shown_at) FROM messages WHERE conversation_id = ?`,
		conv).Scan(&latest); err != nil {
		return 0, err
	}
	return max(now, latest.Int64+1), nil
}

// ShowMessage makes message id the one kept among its siblings, with its
// ancestors: the conversation opens on the path through it from now on,
// in every process.
func (s *Store) ShowMessage(ctx context.Context, id int64) error {
	now := s.nowMS()
	err := s.tx(ctx, func(tx *txn) error {
		var conv int64
		if err := tx.QueryRowContext(ctx, `SELECT conversation_id FROM messages WHERE id = ?`, id).Scan(&conv); err != nil {
			return err
		}
		var err error
		if now, err = shownStamp(ctx, tx, conv, now); err != nil {
			return err
		}
		if err := markShown(ctx, tx, id, now); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE conversations SET updated_at = max(updated_at, ?) WHERE id = ?`, now, conv)
		return err
	})
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("show message %d: %w", id, ErrNotFound)
	}
	if err != nil {
		return fmt.Errorf("show message %d: %w", id, err)
	}
	return nil
}

// Step is one message of a conversation's kept path, with its siblings:
// the alternatives of a reply, the branches of a prompt.
type Step struct {
	Message
	Siblings []int64 // the ids of the message and its siblings, oldest first
	At       int     // the message's place in Siblings
}

// Forks reports whether the message has siblings.
func (s Step) Forks() bool { return len(s.Siblings) > 1 }

// KeptPath is the path of msgs (a conversation's messages) kept: from the
// kept first prompt down through each message's kept child. Messages
// neither prompts nor replies, and a comparison's lanes, are not on it.
func KeptPath(msgs []Message) []Step {
	children := map[int64][]Message{}
	for _, m := range linked(msgs) {
		children[m.ParentID] = append(children[m.ParentID], m)
	}
	var path []Step
	for parent, seen := int64(0), map[int64]bool{}; !seen[parent]; {
		seen[parent] = true
		kids := children[parent]
		if len(kids) == 0 {
			break
		}
		at := keptOf(kids)
		st := Step{Message: kids[at], At: at, Siblings: make([]int64, len(kids))}
		for i, k := range kids {
			st.Siblings[i] = k.ID
		}
		path = append(path, st)
		parent = kids[at].ID
	}
	return path
}

// keptOf is the place of the one kept among siblings in the order they
// were written (linked's): the one shown last, the newest of a tie.
func keptOf(kids []Message) int {
	at := 0
	for i, k := range kids {
		if !k.ShownAt.Before(kids[at].ShownAt) {
			at = i
		}
	}
	return at
}

// Forked reports whether any message of msgs has a sibling: the
// conversation has alternatives or branches.
func Forked(msgs []Message) bool {
	seen := map[int64]bool{}
	for _, m := range linked(msgs) {
		if seen[m.ParentID] {
			return true
		}
		seen[m.ParentID] = true
	}
	return false
}

// linked are the prompts and replies of msgs (a chat's, lane 0) in the
// order they were written, each with its parent: a message read with none
// that is not a first prompt (one built by hand rather than read from the
// store, which gives every message its parent) gets the one the turns
// say, as parentFor would have found it.
func linked(msgs []Message) []Message {
	var out []Message
	for _, m := range msgs {
		if (m.Role == RoleUser || m.Role == RoleAssistant) && m.Lane == 0 {
			out = append(out, m)
		}
	}
	slices.SortStableFunc(out, func(a, b Message) int { return cmp.Compare(a.ID, b.ID) })
	for i, m := range out {
		if m.ParentID != 0 {
			continue
		}
		before := out[:i]
		switch m.Role {
		case RoleUser:
			for j := len(before) - 1; j >= 0; j-- {
				if before[j].Turn < m.Turn {
					out[i].ParentID = before[j].ID
					break
				}
			}
		case RoleAssistant:
			out[i].ParentID = answered(before, m.Turn)
		}
	}
	return out
}

// answered is what a reply of turn written after msgs follows: the
// turn's last message when it is a prompt or a reply that paused, else the
// turn's last prompt.
func answered(msgs []Message, turn int) int64 {
	for j := len(msgs) - 1; j >= 0; j-- {
		q := msgs[j]
		if q.Turn != turn {
			continue
		}
		if q.Role == RoleUser || (q.StopReason == "pause_turn" && q.Status == StatusComplete) {
			return q.ID
		}
		for k := j - 1; k >= 0; k-- {
			if msgs[k].Turn == turn && msgs[k].Role == RoleUser {
				return msgs[k].ID
			}
		}
		return 0
	}
	return 0
}

// ConversationStamp is where a conversation's messages stand: two
// readings are equal when no message was added, checkpointed, ended or
// shown between them. A view that follows the store reads it before
// reading the whole conversation again.
type ConversationStamp struct{ Messages, Updated, Shown, Chunks int64 }

// Stamp reads conversation id's stamp.
func (s *Store) Stamp(ctx context.Context, id int64) (ConversationStamp, error) {
	var st ConversationStamp
	err := s.r.QueryRowContext(ctx, `SELECT count(*), coalesce(max(updated_at), 0), coalesce(max(shown_at), 0),
			(SELECT count(*) FROM message_chunks c JOIN messages x ON x.id = c.message_id WHERE x.conversation_id = ?)
		FROM messages WHERE conversation_id = ?`, id, id).Scan(&st.Messages, &st.Updated, &st.Shown, &st.Chunks)
	if err != nil {
		return st, fmt.Errorf("conversation %d: %w", id, err)
	}
	return st, nil
}

// PathTo is the path of msgs from a first prompt down to message id,
// through its parents; nil when id is not one of msgs' prompts or replies.
func PathTo(msgs []Message, id int64) []Message {
	byID := map[int64]Message{}
	for _, m := range linked(msgs) {
		byID[m.ID] = m
	}
	var path []Message
	for m, ok := byID[id]; ok && len(path) <= len(byID); m, ok = byID[m.ParentID] {
		path = append(path, m)
	}
	slices.Reverse(path)
	return path
}

// Fork is a place a chat forks: the children of one message (or the
// first prompts), the one kept and the others.
type Fork struct {
	Parent int64   `json:"parent,omitempty"` // 0: the first prompts
	Kind   string  `json:"kind"`             // "alternatives" (replies) or "branches" (prompts)
	Kept   int64   `json:"kept"`             // the one shown last
	Others []int64 `json:"others"`           // oldest first
}

// Forks are every place msgs fork, in the order their parents were
// written.
func Forks(msgs []Message) []Fork {
	children := map[int64][]Message{}
	var parents []int64
	for _, m := range linked(msgs) {
		if _, ok := children[m.ParentID]; !ok {
			parents = append(parents, m.ParentID)
		}
		children[m.ParentID] = append(children[m.ParentID], m)
	}
	var out []Fork
	for _, p := range parents {
		kids := children[p]
		if len(kids) < 2 {
			continue
		}
		kept := keptOf(kids)
		f := Fork{Parent: p, Kind: "alternatives", Kept: kids[kept].ID}
		if kids[kept].Role == RoleUser {
			f.Kind = "branches"
		}
		for i, k := range kids {
			if i != kept {
				f.Others = append(f.Others, k.ID)
			}
		}
		out = append(out, f)
	}
	return out
}

// CompareAlternatives are the comparisons run beside comparison id, with
// it, oldest first: what Compare's ctrl+r adds beside the run on screen
// (LinkAlternative, the alternatives migration), read by the group's index.
func (s *Store) CompareAlternatives(ctx context.Context, id int64) ([]int64, error) {
	return s.Alternatives(ctx, AltComparison, id)
}
