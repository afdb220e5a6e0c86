package store

import (
	"context"
	"fmt"
)

// HasItem reports whether ref names an item in the history: a chat or a
// comparison (either kind names a conversation), an image job or a video
// task by its row id.
func (s *Store) HasItem(ctx context.Context, ref ItemRef) (bool, error) {
	var table string
	switch ref.Kind {
	case KindChat, KindCompare:
		table = "conversations"
	case KindImage:
		table = "image_jobs"
	case KindVideo:
		table = "video_tasks"
	default:
		return false, fmt.Errorf("item %s:%d: unknown kind", ref.Kind, ref.ID)
	}
	var n int
	err := s.r.QueryRowContext(ctx, "SELECT COUNT(*) FROM "+table+" WHERE id = ?", ref.ID).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("item %s:%d: %w", ref.Kind, ref.ID, err)
	}
	return n > 0, nil
}
