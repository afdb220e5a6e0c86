package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Kind is the kind of a history item.
type Kind string

// The kinds of history items. Chat and compare are both conversations.
const (
	KindChat    Kind = "chat"
	KindCompare Kind = "compare"
	KindImage   Kind = "image"
	KindVideo   Kind = "video"
	KindBatch   Kind = "batch" // a batch run: its cells are conversations or image jobs of its own
)

// Conversation is a chat or a comparison. Messages and Lanes are filled only
// by (*Store).Conversation, not by listings.
type Conversation struct {
	ID        int64
	Kind      Kind // KindChat or KindCompare
	Title     string
	Family    string // family of the last reply, for listings
	Model     string // model of the last reply, for listings
	Archived  bool
	BatchID   int64 // the batch this is a cell of; 0: none
	Forks     bool  // a chat with alternatives or branches (tree.go)
	CreatedAt time.Time
	UpdatedAt time.Time

	Messages []Message // ordered by turn, lane, id
	Lanes    []Lane    // a comparison's targets and verdicts
}

// Cursor returns the position after c in a listing, for the next page.
func (c Conversation) Cursor() Cursor { return Cursor{At: c.UpdatedAt, ID: c.ID} }

// Cursor is a position in a listing ordered newest first: pass the last
// item's Cursor() as Before to get the page after it.
type Cursor struct {
	At   time.Time
	Kind Kind // for Items: the kind of the last item
	ID   int64
}

// ConversationQuery selects conversations for a listing.
type ConversationQuery struct {
	Kind     Kind // KindChat or KindCompare; empty for both
	Archived bool // list the archived ones instead of the others
	Limit    int  // default 50
	Before   *Cursor
	// Batch lists the cells of this batch; 0 lists the conversations
	// that are no batch's cells, as every listing does (batch cells stay
	// with their batch).
	Batch int64
}

// NewConversation creates an empty conversation and returns its id.
func (s *Store) NewConversation(ctx context.Context, kind Kind, title string) (int64, error) {
	if kind != KindChat && kind != KindCompare {
		return 0, fmt.Errorf("new conversation: kind %q is not chat or compare", kind)
	}
	return s.newConversation(ctx, kind, title, 0)
}

// NewBatchConversation creates the conversation of a cell of batch
// batchID (a chat), named the batch's from the start: no listing shows it
// outside its batch, even for a moment.
func (s *Store) NewBatchConversation(ctx context.Context, batchID int64, title string) (int64, error) {
	if batchID == 0 {
		return 0, errors.New("new batch conversation: no batch")
	}
	return s.newConversation(ctx, KindChat, title, batchID)
}

func (s *Store) newConversation(ctx context.Context, kind Kind, title string, batchID int64) (int64, error) {
	now := s.nowMS()
	res, err := s.w.ExecContext(ctx,
		`INSERT INTO conversations (kind, title, batch_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?)`,
		kind, title, nullInt(batchID), now, now)
	if err != nil {
		return 0, fmt.Errorf("new conversation: %w", err)
	}
	return res.LastInsertId()
}

// RenameConversation sets a conversation's title.
func (s *Store) RenameConversation(ctx context.Context, id int64, title string) error {
	return s.updateOne(ctx, "rename conversation", id,
		`UPDATE conversations SET title = ? WHERE id = ?`, title, id)
}

// ArchiveConversation moves a conversation out of (or back into) the
// default listing.
func (s *Store) ArchiveConversation(ctx context.Context, id int64, archived bool) error {
	return s.updateOne(ctx, "archive conversation", id,
		`UPDATE conversations SET archived = ? WHERE id = ?`, archived, id)
}

// updateOne runs an UPDATE that must touch exactly one row.
func (s *Store) updateOne(ctx context.Context, op string, id int64, query string, args ...any) error {
	res, err := s.w.ExecContext(ctx, query, args...)
	if err != nil {
		return fmt.Errorf("%s %d: %w", op, id, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("%s %d: %w", op, id, ErrNotFound)
	}
	return nil
}

// conversationColumns end with whether a chat forks; the subquery's terms
// are those of the partial index messages_siblings (the alternatives
// migration), which answers it without reading the messages: keep them
// the same.
const conversationColumns = `id, kind, title, family, model, archived, batch_id, created_at, updated_at,
	kind = 'chat' AND EXISTS (SELECT 1 FROM messages x WHERE x.conversation_id = conversations.id AND x.lane = 0
		AND x.role IN ('user', 'assistant') GROUP BY x.parent_id HAVING count(*) > 1)`

// scanConversation reads a row of conversationColumns.
func scanConversation(sc rowScanner) (Conversation, error) {
	var c Conversation
	var batch, created, updated sql.NullInt64
	err := sc.Scan(&c.ID, &c.Kind, &c.Title, &c.Family, &c.Model, &c.Archived, &batch, &created, &updated, &c.Forks)
	c.BatchID, c.CreatedAt, c.UpdatedAt = batch.Int64, fromMS(created), fromMS(updated)
	return c, err
}

// Conversations lists conversations, most recently active first.
func (s *Store) Conversations(ctx context.Context, q ConversationQuery) ([]Conversation, error) {
	if q.Limit <= 0 {
		q.Limit = 50
	}
	where := []string{"archived = ?", "batch_id IS NULL"}
	args := []any{q.Archived}
	if q.Batch != 0 {
		where[1], args = "batch_id = ?", append(args, q.Batch)
	}
	if q.Kind != "" {
		where = append(where, "kind = ?")
		args = append(args, q.Kind)
	}
	if q.Before != nil {
		where = append(where, "(updated_at, id) < (?, ?)")
		args = append(args, ms(q.Before.At), q.Before.ID)
	}
	args = append(args, q.Limit)
	out, err := selectAll(ctx, s.r, scanConversation, `SELECT `+conversationColumns+` FROM conversations
		WHERE `+strings.Join(where, " AND ")+` ORDER BY updated_at DESC, id DESC LIMIT ?`, args...)
	if err != nil {
		return nil, fmt.Errorf("list conversations: %w", err)
	}
	return out, nil
}

// Conversation returns one conversation with its messages and lanes.
func (s *Store) Conversation(ctx context.Context, id int64) (*Conversation, error) {
	tx, err := s.r.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, fmt.Errorf("conversation %d: %w", id, err)
	}
	defer tx.Rollback() // one snapshot for the three reads
	c, err := scanConversation(tx.QueryRowContext(ctx,
		`SELECT `+conversationColumns+` FROM conversations WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("conversation %d: %w", id, ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("conversation %d: %w", id, err)
	}
	if c.Messages, err = messagesOf(ctx, tx, id); err != nil {
		return nil, fmt.Errorf("conversation %d: %w", id, err)
	}
	if c.Lanes, err = lanesOf(ctx, tx, id); err != nil {
		return nil, fmt.Errorf("conversation %d: %w", id, err)
	}
	return &c, nil
}

// DeleteConversation deletes a conversation with its messages, lanes and
// calls.
func (s *Store) DeleteConversation(ctx context.Context, id int64) error {
	return s.updateOne(ctx, "delete conversation", id, `DELETE FROM conversations WHERE id = ?`, id)
}
