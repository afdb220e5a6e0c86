package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
)

const videoTaskColumns = `id, request_id, endpoint, family, mode, prompt, body_json, webhook, status,
	queue_position, status_url, response_url, cancel_url, status_json, logs_json, result_json, failure_json,
	video_path, downloaded_bytes, done, submitted_at, updated_at, completed_at, download_error, label`

// scanVideoTask reads a row of videoTaskColumns.
func scanVideoTask(sc rowScanner) (VideoTask, error) {
	var v VideoTask
	var body, status, logs, result, failure, dlErr sql.NullString
	var pos, submitted, updated, completed sql.NullInt64
	err := sc.Scan(&v.ID, &v.RequestID, &v.Endpoint, &v.Family, &v.Mode, &v.Prompt, &body, &v.Webhook,
		&v.Status, &pos, &v.StatusURL, &v.ResponseURL, &v.CancelURL, &status, &logs, &result, &failure,
		&v.VideoPath, &v.DownloadedBytes, &v.Done, &submitted, &updated, &completed, &dlErr, &v.Label)
	v.DownloadError = dlErr.String
	v.BodyJSON, v.StatusJSON, v.LogsJSON = rawJSON(body), rawJSON(status), rawJSON(logs)
	v.ResultJSON, v.FailureJSON = rawJSON(result), rawJSON(failure)
	v.QueuePosition = intPtr(pos)
	v.SubmittedAt, v.UpdatedAt, v.CompletedAt = fromMS(submitted), fromMS(updated), fromMS(completed)
	return v, err
}

// VideoTask returns one task, by request id, with its events.
func (s *Store) VideoTask(ctx context.Context, requestID string) (*VideoTask, error) {
	tx, err := s.r.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, fmt.Errorf("video task %s: %w", requestID, err)
	}
	defer tx.Rollback() // one snapshot for the task and its events
	v, err := scanVideoTask(tx.QueryRowContext(ctx,
		`SELECT `+videoTaskColumns+` FROM video_tasks WHERE request_id = ?`, requestID))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("video task %s: %w", requestID, ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("video task %s: %w", requestID, err)
	}
	rows, err := tx.QueryContext(ctx, `SELECT at, status, queue_position, logs_json FROM video_events
		WHERE task_id = ? ORDER BY id`, v.ID)
	if err != nil {
		return nil, fmt.Errorf("video task %s: %w", requestID, err)
	}
	defer rows.Close()
	for rows.Next() {
		var e VideoEvent
		var at, pos sql.NullInt64
		var logs sql.NullString
		if err := rows.Scan(&at, &e.Status, &pos, &logs); err != nil {
			return nil, fmt.Errorf("video task %s: %w", requestID, err)
		}
		e.At, e.QueuePosition, e.LogsJSON = fromMS(at), intPtr(pos), rawJSON(logs)
		v.Events = append(v.Events, e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("video task %s: %w", requestID, err)
	}
	if v.Inputs, err = videoInputs(ctx, tx, v.ID); err != nil {
		return nil, fmt.Errorf("video task %s: %w", requestID, err)
	}
	return &v, nil
}

// VideoTasks lists tasks newest first, without their events.
func (s *Store) VideoTasks(ctx context.Context, q VideoQuery) ([]VideoTask, error) {
	if q.Limit <= 0 {
		q.Limit = 50
	}
	where, args := []string{"1"}, []any{}
	if q.Family != "" {
		where, args = append(where, "family = ?"), append(args, q.Family)
	}
	switch q.Status {
	case "":
	case "failed":
		where = append(where, "failure_json IS NOT NULL")
	default:
		where, args = append(where, "status = ? AND failure_json IS NULL"), append(args, q.Status)
	}
	if q.Label != "" {
		where, args = append(where, strings.ReplaceAll(labelCond, "t.", "")), append(args, q.Label)
	}
	if q.Before != nil {
		where, args = append(where, "(submitted_at, id) < (?, ?)"), append(args, ms(q.Before.At), q.Before.ID)
	}
	tasks, err := s.videoTasksWhere(ctx, strings.Join(where, " AND ")+
		` ORDER BY submitted_at DESC, id DESC LIMIT ?`, append(args, q.Limit)...)
	if err != nil {
		return nil, fmt.Errorf("list video tasks: %w", err)
	}
	return tasks, nil
}

// UnfinishedVideoTasks lists, oldest first, the tasks with something left to
// do: still running, or completed with the video not yet saved. The poller
// resumes them at start-up.
func (s *Store) UnfinishedVideoTasks(ctx context.Context) ([]VideoTask, error) {
	tasks, err := s.videoTasksWhere(ctx, `done = 0 ORDER BY submitted_at, id`)
	if err != nil {
		return nil, fmt.Errorf("list unfinished video tasks: %w", err)
	}
	return tasks, nil
}

// videoTasksWhere reads the tasks matching a WHERE clause (and what follows).
func (s *Store) videoTasksWhere(ctx context.Context, where string, args ...any) ([]VideoTask, error) {
	return selectAll(ctx, s.r, scanVideoTask, `SELECT `+videoTaskColumns+` FROM video_tasks WHERE `+where, args...)
}

// DeleteVideoTask deletes a task, its events and calls, and its video file.
func (s *Store) DeleteVideoTask(ctx context.Context, requestID string) error {
	var path string
	err := s.tx(ctx, func(tx *txn) error {
		err := tx.QueryRowContext(ctx, `DELETE FROM video_tasks WHERE request_id = ? RETURNING video_path`,
			requestID).Scan(&path)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		return err
	})
	if err != nil {
		return fmt.Errorf("delete video task %s: %w", requestID, err)
	}
	if err := s.removeMedia([]string{path}); err != nil {
		return fmt.Errorf("delete video task %s: remove file: %w", requestID, err)
	}
	return nil
}

// VideoTasksStamp sums up the video tasks in a few numbers read in one
// pass: while it stays the same no task was added, deleted or changed
// (every change of a task moves its updated_at) and the queue was not
// paused or resumed, so a view that follows
// the store reads the tasks again only when it moved. Compare stamps only
// with each other.
func (s *Store) VideoTasksStamp(ctx context.Context) (string, error) {
	var stamp string
	// The queue's pause is part of it: a view of the tasks shows it.
	err := s.r.QueryRowContext(ctx, `SELECT count(*) || '.' || ifnull(max(id), 0) || '.' || total(updated_at)
		|| '.' || ifnull((SELECT value FROM app_state WHERE key = ?), '') FROM video_tasks`, StatePollerPaused).Scan(&stamp)
	if err != nil {
		return "", fmt.Errorf("video tasks: %w", err)
	}
	return stamp, nil
}
