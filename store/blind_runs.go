package store

import (
	"context"
	"fmt"
)

// MarkBlind records that a comparison's prompt (its turn) was run blind,
// so that it opens blind, votable, until a vote reveals it. Marking twice
// is marking once.
func (s *Store) MarkBlind(ctx context.Context, conversationID int64, turn int) error {
	_, err := s.w.ExecContext(ctx, `INSERT OR IGNORE INTO blind_runs (conversation_id, turn) VALUES (?, ?)`,
		conversationID, turn)
	if err != nil {
		return fmt.Errorf("mark comparison %d blind: %w", conversationID, err)
	}
	return nil
}

// RanBlind reports whether a comparison's prompt (its turn) was run blind.
func (s *Store) RanBlind(ctx context.Context, conversationID int64, turn int) (bool, error) {
	var n int
	err := s.r.QueryRowContext(ctx, `SELECT count(*) FROM blind_runs WHERE conversation_id = ? AND turn = ?`,
		conversationID, turn).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("comparison %d run blind: %w", conversationID, err)
	}
	return n > 0, nil
}
