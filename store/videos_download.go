package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
)

// ErrNoFailedDownload is RetryVideoDownload's answer for a task whose
// download did not fail: running, saved, or failed at the service.
var ErrNoFailedDownload = errors.New("its download did not fail")

// FailVideoDownload records why the video of a completed task was not
// saved. The task is done polling (nothing is fetched again by itself)
// but listed as a failed download until RetryVideoDownload. An empty
// reason is recorded as "no reason given", so the mark is never lost.
func (s *Store) FailVideoDownload(ctx context.Context, requestID, reason string) error {
	reason = strings.TrimSpace(reason)
	if reason == "" {
		reason = "no reason given"
	}
	res, err := s.w.ExecContext(ctx, `UPDATE video_tasks SET download_error = ?, done = 1,
		completed_at = CASE completed_at WHEN 0 THEN ?2 ELSE completed_at END, updated_at = ?2
		WHERE request_id = ?3 AND failure_json IS NULL`, reason, s.nowMS(), requestID)
	if err == nil {
		if n, _ := res.RowsAffected(); n == 0 {
			err = ErrNotFound
		}
	}
	if err != nil {
		return fmt.Errorf("fail video download %s: %w", requestID, err)
	}
	return nil
}

// RetryVideoDownload clears a failed download and makes the task
// unfinished again, so that a poller fetches its result (a fresh media
// URL) and downloads the video, resuming any partial file. It returns the
// task as it now stands; a task whose download did not fail is left as it
// is, with ErrNoFailedDownload.
func (s *Store) RetryVideoDownload(ctx context.Context, requestID string) (*VideoTask, error) {
	err := s.tx(ctx, func(tx *txn) error {
		var failed bool
		err := tx.QueryRowContext(ctx, `SELECT download_error IS NOT NULL AND failure_json IS NULL
			FROM video_tasks WHERE request_id = ?`, requestID).Scan(&failed)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			return ErrNotFound
		case err != nil:
			return err
		case !failed:
			return ErrNoFailedDownload
		}
		_, err = tx.ExecContext(ctx, `UPDATE video_tasks SET download_error = NULL, done = 0, updated_at = ?
			WHERE request_id = ?`, s.nowMS(), requestID)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("retry the download of video %s: %w", requestID, err)
	}
	return s.VideoTask(ctx, requestID)
}
