package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// Keys of app_state: facts kept between runs that no one edits by hand.
const (
	StateImageToVideo = "video.image_endpoint" // the image-to-video endpoint last chosen, mode included
	StatePollerPaused = "video.poller_paused"  // "1" while the video poller is paused
)

// State is the value kept under key, "" when none is.
func (s *Store) State(ctx context.Context, key string) (string, error) {
	var v string
	err := s.r.QueryRowContext(ctx, `SELECT value FROM app_state WHERE key = ?`, key).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("state %s: %w", key, err)
	}
	return v, nil
}

// SetState keeps value under key; "" removes it.
func (s *Store) SetState(ctx context.Context, key, value string) error {
	err := s.tx(ctx, func(tx *txn) error {
		if value == "" {
			_, err := tx.ExecContext(ctx, `DELETE FROM app_state WHERE key = ?`, key)
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO app_state (key, value, updated_at) VALUES (?, ?, ?)
			ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`, key, value, s.nowMS())
		return err
	})
	if err != nil {
		return fmt.Errorf("set state %s: %w", key, err)
	}
	return nil
}
