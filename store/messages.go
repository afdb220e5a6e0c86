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

// Message roles.
const (
	RoleUser      = "user"
	RoleAssistant = "assistant"
	RoleSystem    = "system"
)

// Message is one message of a conversation: a prompt or a reply.
type Message struct {
	ID             int64
	ConversationID int64
	Turn           int // the prompt it belongs to, from 0
	// ParentID is the message this one follows (tree.go); 0 for a first
	// prompt. Written as 0, the store finds it by the turn (ParentFor).
	ParentID     int64
	ShownAt      time.Time // when it was last on the path shown (tree.go)
	Lane         int       // a comparison's column; 0 in a chat
	Role         string
	Family       string
	Model        string
	SettingsJSON json.RawMessage
	Text         string
	Thinking     string
	Status       string // StatusComplete, StatusStreaming, StatusInterrupted, StatusError
	Error        string
	StopReason   string
	Usage        Usage
	TTFT         time.Duration // time to first token; 0 when unknown
	Total        time.Duration // time to the end of the reply; 0 when unknown
	CreatedAt    time.Time
	UpdatedAt    time.Time
}

// Usage is the token count of a reply, in the protocol-neutral form shown to
// the person; the native usage object stays in the call's JSON.
type Usage struct {
	InputTokens  int64
	OutputTokens int64
}

// titleMax is the length a title drawn from a prompt is cut to.
const titleMax = 80

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
	err := s.tx(ctx, func(tx *txn) error {
		parent, err := parentFor(ctx, tx, m.ConversationID, m.ParentID, m.Turn, m.Lane, m.Role)
		if err != nil {
			return err
		}
		shown, err := shownStamp(ctx, tx, m.ConversationID, now)
		if err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO messages
			(conversation_id, turn, lane, role, family, model, settings_json, text, thinking,
			 status, error, stop_reason, input_tokens, output_tokens, ttft_ms, total_ms, created_at, updated_at,
			 parent_id, shown_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			m.ConversationID, m.Turn, m.Lane, m.Role, m.Family, m.Model, jsonArg(m.SettingsJSON),
			m.Text, m.Thinking, m.Status, m.Error, m.StopReason,
			nullInt(m.Usage.InputTokens), nullInt(m.Usage.OutputTokens),
			nullDur(m.TTFT), nullDur(m.Total), now, now, nullInt(parent), shown)
		if err != nil {
			return err
		}
		if id, err = res.LastInsertId(); err != nil {
			return err
		}
		if err := markShown(ctx, tx, parent, shown); err != nil {
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

// messageColumns reads a streaming message's text as what it holds plus the
// chunks checkpointed so far.
const messageColumns = `id, conversation_id, turn, lane, role, family, model, settings_json,
	CASE status WHEN 'streaming' THEN text || coalesce((SELECT group_concat(c.text, '' ORDER BY c.seq)
		FROM message_chunks c WHERE c.message_id = messages.id), '') ELSE text END,
	CASE status WHEN 'streaming' THEN thinking || coalesce((SELECT group_concat(c.thinking, '' ORDER BY c.seq)
		FROM message_chunks c WHERE c.message_id = messages.id), '') ELSE thinking END,
	status, error, stop_reason, input_tokens, output_tokens, ttft_ms, total_ms, created_at, updated_at,
	parent_id, shown_at`

// scanMessage reads a row of messageColumns.
func scanMessage(sc rowScanner) (Message, error) {
	var m Message
	var settings sql.NullString
	var in, out, ttft, total, created, updated, parent, shown sql.NullInt64
	err := sc.Scan(&m.ID, &m.ConversationID, &m.Turn, &m.Lane, &m.Role, &m.Family, &m.Model,
		&settings, &m.Text, &m.Thinking, &m.Status, &m.Error, &m.StopReason,
		&in, &out, &ttft, &total, &created, &updated, &parent, &shown)
	m.ParentID, m.ShownAt = parent.Int64, fromMS(shown)
	m.SettingsJSON = rawJSON(settings)
	m.Usage = Usage{InputTokens: in.Int64, OutputTokens: out.Int64}
	m.TTFT = time.Duration(ttft.Int64) * time.Millisecond
	m.Total = time.Duration(total.Int64) * time.Millisecond
	m.CreatedAt, m.UpdatedAt = fromMS(created), fromMS(updated)
	return m, err
}

// messagesOf reads a conversation's messages in order.
func messagesOf(ctx context.Context, q querier, conversationID int64) ([]Message, error) {
	return selectAll(ctx, q, scanMessage, `SELECT `+messageColumns+` FROM messages
		WHERE conversation_id = ? ORDER BY turn, lane, id`, conversationID)
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

// Problem is the status of a message that did not complete, with its
// reason: "interrupted: atelier stopped before the reply ended". A reason
// may begin with the status, to read well alone (the Chat tab shows it so):
// it is not said twice.
func (m Message) Problem() string {
	return strings.Join(nonEmpty(m.Status, strings.TrimPrefix(m.Error, m.Status+": ")), ": ")
}
