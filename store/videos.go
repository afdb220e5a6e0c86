package store

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
)

// VideoTask is a submitted video task, its latest state, and (from
// VideoTask) every status change it went through.
type VideoTask struct {
	ID              int64
	RequestID       string
	Endpoint        string // the path after /queue/qv/, e.g. videob/o3/pro/image-to-video
	Family          string // videoa, videob, videoc3.1
	Mode            string // videob's {mode} path parameter; empty for the others
	Prompt          string
	BodyJSON        json.RawMessage
	Webhook         string
	Status          string // the service's word: IN_QUEUE, COMPLETED, or any other it sends
	QueuePosition   *int   // nil when the service did not say
	StatusURL       string
	ResponseURL     string
	CancelURL       string
	StatusJSON      json.RawMessage // the last native status object
	LogsJSON        json.RawMessage // the last logs
	ResultJSON      json.RawMessage
	FailureJSON     json.RawMessage // the failure detail, when the task failed
	VideoPath       string          // relative to the data directory, once saved
	DownloadedBytes int64
	Done            bool // failed, or completed with its result saved: nothing left to poll or fetch
	// DownloadError is why the video of a completed task was not saved;
	// such a task is Done (nothing is polled) but not whole: see
	// DownloadFailed and RetryVideoDownload.
	DownloadError string
	Label         string // the idea it belongs to (labels.go); "" for none
	SubmittedAt   time.Time
	UpdatedAt     time.Time
	CompletedAt   time.Time

	Events []VideoEvent // filled by (*Store).VideoTask only
	Inputs []VideoInput // the images it was given (lineage); filled by (*Store).VideoTask only
}

// Failed reports whether the task ended in failure.
func (v VideoTask) Failed() bool { return len(v.FailureJSON) > 0 }

// DownloadFailed reports whether the service completed the task but its
// video could not be saved: the task is not "done" to anyone reading it.
func (v VideoTask) DownloadFailed() bool { return v.DownloadError != "" && !v.Failed() }

// Cursor returns the position after v in a listing.
func (v VideoTask) Cursor() Cursor { return Cursor{At: v.SubmittedAt, Kind: KindVideo, ID: v.ID} }

// VideoEvent is one change of a task's status, queue position or logs.
type VideoEvent struct {
	At            time.Time       `json:"at"`
	Status        string          `json:"status"`
	QueuePosition *int            `json:"queue_position,omitempty"`
	LogsJSON      json.RawMessage `json:"logs,omitempty"`
}

// VideoSubmission is a task the service has just accepted.
type VideoSubmission struct {
	RequestID     string
	Endpoint      string // the path after /queue/qv/
	Family        string // default: the endpoint's first segment
	Mode          string // default: videob's {mode} segment
	Prompt        string // default: the body's prompt (or its multi_prompt's)
	BodyJSON      json.RawMessage
	Webhook       string
	Status        string // default IN_QUEUE
	QueuePosition *int
	StatusURL     string
	ResponseURL   string
	CancelURL     string
	ResponseJSON  json.RawMessage // the task handle as returned
	HTTPStatus    int
	SubmittedAt   time.Time // zero means now
	Total         time.Duration
	Inputs        []VideoInputFile // the image files read into the body, for lineage
	Label         string           // the idea it belongs to, checked by NormalizeLabel; "" for none
}

// VideoStatus is one answer of the status URL.
type VideoStatus struct {
	Status        string
	QueuePosition *int
	LogsJSON      json.RawMessage
	RawJSON       json.RawMessage // the whole native status object
}

// VideoQuery selects video tasks for a listing.
type VideoQuery struct {
	Family string
	Status string // the service's status word, or "failed"
	Label  string // only the tasks with this label (without case)
	Limit  int    // default 50
	Before *Cursor
}

// AddVideoTask records a submitted task, its first event and the submission
// call, and returns the task's id.
func (s *Store) AddVideoTask(ctx context.Context, v VideoSubmission) (int64, error) {
	if v.RequestID == "" || v.Endpoint == "" {
		return 0, errors.New("add video task: request id and endpoint are required")
	}
	fam, mode := splitVideoEndpoint(v.Endpoint)
	v.Family, v.Mode = cmp.Or(v.Family, fam), cmp.Or(v.Mode, mode)
	v.Prompt = cmp.Or(v.Prompt, promptOf(v.BodyJSON))
	v.Status = cmp.Or(v.Status, "IN_QUEUE")
	if v.Label != "" {
		l, err := NormalizeLabel(v.Label)
		if err != nil {
			return 0, fmt.Errorf("add video task %s: %w", v.RequestID, err)
		}
		v.Label = l
	}
	at := ms(v.SubmittedAt)
	if at == 0 {
		at = s.nowMS()
	}
	var id int64
	err := s.tx(ctx, func(tx *txn) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO video_tasks (request_id, endpoint, family, mode, prompt,
			body_json, webhook, status, queue_position, status_url, response_url, cancel_url, status_json,
			label, submitted_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			v.RequestID, v.Endpoint, v.Family, v.Mode, v.Prompt, jsonArg(elideBase64(v.BodyJSON, nil)), v.Webhook,
			v.Status, intPtrArg(v.QueuePosition), v.StatusURL, v.ResponseURL, v.CancelURL,
			jsonArg(v.ResponseJSON), v.Label, at, at)
		if err != nil {
			return err
		}
		if id, err = res.LastInsertId(); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO video_events (task_id, at, status, queue_position)
			VALUES (?, ?, ?, ?)`, id, at, v.Status, intPtrArg(v.QueuePosition)); err != nil {
			return err
		}
		if err := s.insertVideoInputs(ctx, tx, id, v.Inputs); err != nil {
			return err
		}
		_, err = insertCall(ctx, tx, Call{VideoTaskID: id, Family: v.Family, Endpoint: "/queue/qv/" + v.Endpoint,
			RequestJSON: v.BodyJSON, ResponseJSON: v.ResponseJSON, HTTPStatus: v.HTTPStatus,
			StartedAt: time.UnixMilli(at), Total: v.Total}, at)
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("add video task %s: %w", v.RequestID, err)
	}
	return id, nil
}

// RecordVideoStatus stores a polled status. An event is appended, and the
// task updated, only when the status, queue position or logs changed, so a
// poller may call it on every poll; changed tells whether it did.
func (s *Store) RecordVideoStatus(ctx context.Context, requestID string, st VideoStatus) (changed bool, err error) {
	logs := compactJSON(st.LogsJSON)
	err = s.tx(ctx, func(tx *txn) error {
		var id int64
		var status string
		var pos sql.NullInt64
		var oldLogs sql.NullString
		var failed bool
		err := tx.QueryRowContext(ctx, `SELECT id, status, queue_position, logs_json, failure_json IS NOT NULL
			FROM video_tasks WHERE request_id = ?`, requestID).Scan(&id, &status, &pos, &oldLogs, &failed)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		if failed {
			st.Status = VideoFailed // the service may still say COMPLETED: the task failed
		}
		if status == st.Status && samePos(pos, st.QueuePosition) && oldLogs.String == string(logs) {
			return nil
		}
		changed = true
		now := s.nowMS()
		if _, err := tx.ExecContext(ctx, `UPDATE video_tasks SET status = ?, queue_position = ?, logs_json = ?,
			status_json = coalesce(?, status_json), updated_at = ? WHERE id = ?`,
			st.Status, intPtrArg(st.QueuePosition), jsonArg(logs), jsonArg(st.RawJSON), now, id); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO video_events (task_id, at, status, queue_position, logs_json)
			VALUES (?, ?, ?, ?, ?)`, id, now, st.Status, intPtrArg(st.QueuePosition), jsonArg(logs))
		return err
	})
	if err != nil {
		return false, fmt.Errorf("record video status %s: %w", requestID, err)
	}
	return changed, nil
}

// VideoFailed is the status word of a task that ended in failure. The
// service may say COMPLETED of it (a form C failure is a COMPLETED status
// with a detail); atelier records and shows FAILED.
const VideoFailed = "FAILED"

// CompleteVideoTask stores a completed task's result. With download set
// the task stays unfinished until SetVideoFile saves the video; without it
// the task is done.
func (s *Store) CompleteVideoTask(ctx context.Context, requestID string, resultJSON json.RawMessage, download bool) error {
	return s.endVideoTask(ctx, "complete video task", requestID, "COMPLETED",
		// done stays set once set: a result recorded again must not undo a
		// saved video and cause a second download.
		`result_json = ?, done = done OR ?`, jsonArg(elideBase64(resultJSON, nil)), !download)
}

// FailVideoTask stores why a task failed (the status object's detail, or a
// failure the client made of it) and marks it done.
func (s *Store) FailVideoTask(ctx context.Context, requestID string, failureJSON json.RawMessage) error {
	if len(failureJSON) == 0 {
		failureJSON = json.RawMessage(`{}`)
	}
	return s.endVideoTask(ctx, "fail video task", requestID, VideoFailed, `failure_json = ?, done = 1`, jsonArg(failureJSON))
}

// endVideoTask sets the given columns, the completion time and the final
// status word (COMPLETED or FAILED), recorded as an event when it changes.
func (s *Store) endVideoTask(ctx context.Context, op, requestID, status, set string, args ...any) error {
	now := s.nowMS()
	err := s.tx(ctx, func(tx *txn) error {
		res, err := tx.ExecContext(ctx, `UPDATE video_tasks SET `+set+`,
			completed_at = CASE completed_at WHEN 0 THEN ? ELSE completed_at END, updated_at = ?
			WHERE request_id = ?`, append(args, now, now, requestID)...)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrNotFound
		}
		// A failed task stays FAILED, whatever is recorded of it later.
		_, err = tx.ExecContext(ctx, `UPDATE video_tasks SET status = CASE WHEN failure_json IS NOT NULL THEN ?1 ELSE ?2 END
			WHERE request_id = ?3`, VideoFailed, status, requestID)
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO video_events (task_id, at, status, queue_position)
			SELECT t.id, ?, t.status, NULL FROM video_tasks t WHERE t.request_id = ? AND t.status <>
			coalesce((SELECT e.status FROM video_events e WHERE e.task_id = t.id ORDER BY e.id DESC LIMIT 1), '')`,
			now, requestID)
		return err
	})
	if err != nil {
		return fmt.Errorf("%s %s: %w", op, requestID, err)
	}
	return nil
}

// SetVideoFile records the download of a task's video: its path (relative
// to the data directory), the bytes fetched so far, and whether it is
// complete, which makes the task done.
func (s *Store) SetVideoFile(ctx context.Context, requestID, path string, downloaded int64, complete bool) error {
	// A whole file ends any failed download recorded before it.
	_, err := s.w.ExecContext(ctx, `UPDATE video_tasks SET video_path = ?, downloaded_bytes = ?,
		done = done OR ?3, download_error = CASE WHEN ?3 THEN NULL ELSE download_error END, updated_at = ?
		WHERE request_id = ?`, path, downloaded, complete, s.nowMS(), requestID)
	if err != nil {
		return fmt.Errorf("set video file %s: %w", requestID, err)
	}
	if path != "" {
		// The video is the task's now: its recipe goes beside it. Best
		// effort: the video is saved either way.
		if abs, err := s.MediaPath(path); err == nil {
			s.writeSidecar(ctx, requestID, abs)
		}
	}
	return nil
}

// splitVideoEndpoint draws the family and videob's mode from an endpoint.
func splitVideoEndpoint(endpoint string) (family, mode string) {
	parts := strings.Split(strings.Trim(endpoint, "/"), "/")
	family = parts[0]
	if family == "videob" && len(parts) > 2 {
		mode = parts[2]
	}
	return family, mode
}

// promptOf finds the prompt in a submission body: "prompt", else the
// prompts of "multi_prompt" joined.
func promptOf(body json.RawMessage) string {
	var b struct {
		Prompt      string `json:"prompt"`
		MultiPrompt []struct {
			Prompt string `json:"prompt"`
		} `json:"multi_prompt"`
	}
	if json.Unmarshal(body, &b) != nil {
		return ""
	}
	if b.Prompt != "" {
		return b.Prompt
	}
	var ps []string
	for _, p := range b.MultiPrompt {
		ps = append(ps, p.Prompt)
	}
	return strings.Join(ps, "\n")
}
