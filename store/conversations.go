package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"
)

// Kind is the kind of a history item.
type Kind string

// The kinds of history items. Chat and compare are both conversations.
const (
	KindChat    Kind = "chat"
	KindCompare Kind = "compare"
	KindImage   Kind = "image"
	KindVideo   Kind = "video"
)

// Message roles.
const (
	RoleUser      = "user"
	RoleAssistant = "assistant"
	RoleSystem    = "system"
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
	CreatedAt time.Time
	UpdatedAt time.Time

	Messages []Message // ordered by turn, lane, id
	Lanes    []Lane    // a comparison's targets and verdicts
}

// Cursor returns the position after c in a listing, for the next page.
func (c Conversation) Cursor() Cursor { return Cursor{At: c.UpdatedAt, ID: c.ID} }

// Message is one message of a conversation: a prompt or a reply.
type Message struct {
	ID             int64
	ConversationID int64
	Turn           int // the prompt it belongs to, from 0
	Lane           int // a comparison's column; 0 in a chat
	Role           string
	Family         string
	Model          string
	SettingsJSON   json.RawMessage
	Text           string
	Thinking       string
	Status         string // StatusComplete, StatusStreaming, StatusInterrupted, StatusError
	Error          string
	StopReason     string
	Usage          Usage
	TTFT           time.Duration // time to first token; 0 when unknown
	Total          time.Duration // time to the end of the reply; 0 when unknown
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

// Usage is the token count of a reply, in the protocol-neutral form shown to
// the person; the native usage object stays in the call's JSON.
type Usage struct {
	InputTokens  int64
	OutputTokens int64
}

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
}

// titleMax is the length a title drawn from a prompt is cut to.
const titleMax = 80

// NewConversation creates an empty conversation and returns its id.
func (s *Store) NewConversation(ctx context.Context, kind Kind, title string) (int64, error) {
	if kind != KindChat && kind != KindCompare {
		return 0, fmt.Errorf("new conversation: kind %q is not chat or compare", kind)
	}
	now := s.nowMS()
	res, err := s.w.ExecContext(ctx,
		`INSERT INTO conversations (kind, title, created_at, updated_at) VALUES (?, ?, ?, ?)`,
		kind, title, now, now)
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

// AddMessage stores a finished message (a prompt, a system message, or a
// reply that was not streamed) and returns its id. A conversation without a
// title takes the first line of its first user message.
func (s *Store) AddMessage(ctx context.Context, m Message) (int64, error) {
	if m.Role == "" {
		return 0, errors.New("add message: no role")
	}
	if m.Status == "" {
		m.Status = StatusComplete
	}
	now := s.nowMS()
	var id int64
	err := s.tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO messages
			(conversation_id, turn, lane, role, family, model, settings_json, text, thinking,
			 status, error, stop_reason, input_tokens, output_tokens, ttft_ms, total_ms, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			m.ConversationID, m.Turn, m.Lane, m.Role, m.Family, m.Model, jsonArg(m.SettingsJSON),
			m.Text, m.Thinking, m.Status, m.Error, m.StopReason,
			nullInt(m.Usage.InputTokens), nullInt(m.Usage.OutputTokens),
			nullDur(m.TTFT), nullDur(m.Total), now, now)
		if err != nil {
			return err
		}
		if id, err = res.LastInsertId(); err != nil {
			return err
		}
		if m.Role == RoleUser {
			_, err = tx.ExecContext(ctx, `UPDATE conversations SET title = ? WHERE id = ? AND title = ''`,
				titleFrom(m.Text), m.ConversationID)
		} else if m.Model != "" {
			_, err = tx.ExecContext(ctx, `UPDATE conversations SET family = ?, model = ? WHERE id = ?`,
				m.Family, m.Model, m.ConversationID)
		}
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("add message: %w", err)
	}
	return id, nil
}

// titleFrom makes a title of a prompt's first non-empty line.
func titleFrom(text string) string {
	for line := range strings.Lines(text) {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if utf8.RuneCountInString(line) > titleMax {
			r := []rune(line)
			line = string(r[:titleMax-1]) + "…"
		}
		return line
	}
	return ""
}

// NextTurn returns the turn number a new prompt in the conversation takes.
func (s *Store) NextTurn(ctx context.Context, conversationID int64) (int, error) {
	var n sql.NullInt64
	err := s.r.QueryRowContext(ctx,
		`SELECT max(turn) FROM messages WHERE conversation_id = ?`, conversationID).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("next turn: %w", err)
	}
	if !n.Valid {
		return 0, nil
	}
	return int(n.Int64) + 1, nil
}

const conversationColumns = `id, kind, title, family, model, archived, created_at, updated_at`

// scanConversation reads a row of conversationColumns.
func scanConversation(sc interface{ Scan(...any) error }) (Conversation, error) {
	var c Conversation
	var created, updated sql.NullInt64
	err := sc.Scan(&c.ID, &c.Kind, &c.Title, &c.Family, &c.Model, &c.Archived, &created, &updated)
	c.CreatedAt, c.UpdatedAt = fromMS(created), fromMS(updated)
	return c, err
}

// Conversations lists conversations, most recently active first.
func (s *Store) Conversations(ctx context.Context, q ConversationQuery) ([]Conversation, error) {
	if q.Limit <= 0 {
		q.Limit = 50
	}
	where := []string{"archived = ?"}
	args := []any{q.Archived}
	if q.Kind != "" {
		where = append(where, "kind = ?")
		args = append(args, q.Kind)
	}
	if q.Before != nil {
		where = append(where, "(updated_at, id) < (?, ?)")
		args = append(args, ms(q.Before.At), q.Before.ID)
	}
	args = append(args, q.Limit)
	rows, err := s.r.QueryContext(ctx, `SELECT `+conversationColumns+` FROM conversations
		WHERE `+strings.Join(where, " AND ")+` ORDER BY updated_at DESC, id DESC LIMIT ?`, args...)
	if err != nil {
		return nil, fmt.Errorf("list conversations: %w", err)
	}
	defer rows.Close()
	var out []Conversation
	for rows.Next() {
		c, err := scanConversation(rows)
		if err != nil {
			return nil, fmt.Errorf("list conversations: %w", err)
		}
		out = append(out, c)
	}
	return out, rows.Err()
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

// messageColumns reads a streaming message's text as what it holds plus the
// chunks checkpointed so far.
const messageColumns = `id, conversation_id, turn, lane, role, family, model, settings_json,
	CASE status WHEN 'streaming' THEN text || coalesce((SELECT group_concat(c.text, '' ORDER BY c.seq)
		FROM message_chunks c WHERE c.message_id = messages.id), '') ELSE text END,
	CASE status WHEN 'streaming' THEN thinking || coalesce((SELECT group_concat(c.thinking, '' ORDER BY c.seq)
		FROM message_chunks c WHERE c.message_id = messages.id), '') ELSE thinking END,
	status, error, stop_reason, input_tokens, output_tokens, ttft_ms, total_ms, created_at, updated_at`

// scanMessage reads a row of messageColumns.
func scanMessage(sc interface{ Scan(...any) error }) (Message, error) {
	var m Message
	var settings sql.NullString
	var in, out, ttft, total, created, updated sql.NullInt64
	err := sc.Scan(&m.ID, &m.ConversationID, &m.Turn, &m.Lane, &m.Role, &m.Family, &m.Model,
		&settings, &m.Text, &m.Thinking, &m.Status, &m.Error, &m.StopReason,
		&in, &out, &ttft, &total, &created, &updated)
	m.SettingsJSON = rawJSON(settings)
	m.Usage = Usage{InputTokens: in.Int64, OutputTokens: out.Int64}
	m.TTFT = time.Duration(ttft.Int64) * time.Millisecond
	m.Total = time.Duration(total.Int64) * time.Millisecond
	m.CreatedAt, m.UpdatedAt = fromMS(created), fromMS(updated)
	return m, err
}

// messagesOf reads a conversation's messages in order.
func messagesOf(ctx context.Context, q querier, conversationID int64) ([]Message, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+messageColumns+` FROM messages
		WHERE conversation_id = ? ORDER BY turn, lane, id`, conversationID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Message
	for rows.Next() {
		m, err := scanMessage(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

// Message returns one message.
func (s *Store) Message(ctx context.Context, id int64) (*Message, error) {
	m, err := scanMessage(s.r.QueryRowContext(ctx, `SELECT `+messageColumns+` FROM messages WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("message %d: %w", id, ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("message %d: %w", id, err)
	}
	return &m, nil
}

// DeleteConversation deletes a conversation with its messages, lanes and
// calls.
func (s *Store) DeleteConversation(ctx context.Context, id int64) error {
	return s.updateOne(ctx, "delete conversation", id, `DELETE FROM conversations WHERE id = ?`, id)
}
