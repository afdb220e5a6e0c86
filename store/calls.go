package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// Call is one exchange with the service: the native request and response
// JSON, the HTTP status, usage and timings. It belongs to at most one
// message, image job or video task.
type Call struct {
	ID           int64
	MessageID    int64 // 0 when not a message's call
	ImageJobID   int64
	VideoTaskID  int64
	Family       string
	Endpoint     string // the request path
	RequestJSON  json.RawMessage
	ResponseJSON json.RawMessage // base64 media replaced by markers (see ElidedFilePrefix)
	UsageJSON    json.RawMessage // the native usage object
	HTTPStatus   int
	Error        string
	StartedAt    time.Time
	TTFT         time.Duration
	Total        time.Duration
}

// CallFilter selects the calls of one owner; exactly one field is set.
type CallFilter struct {
	MessageID      int64
	ConversationID int64 // every call of the conversation's messages
	ImageJobID     int64
	VideoTaskID    int64
}

// AddCall records a call and returns its id. Base64 media in its JSON is
// replaced by markers.
func (s *Store) AddCall(ctx context.Context, c Call) (int64, error) {
	id, err := insertCall(ctx, s.w, c, s.nowMS())
	if err != nil {
		return 0, fmt.Errorf("add call: %w", err)
	}
	return id, nil
}

// execer is what writes need from *sql.DB and *txn alike.
type execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// insertCall inserts c; now stands in for an unset StartedAt.
func insertCall(ctx context.Context, e execer, c Call, now int64) (int64, error) {
	started := ms(c.StartedAt)
	if started == 0 {
		started = now
	}
	res, err := e.ExecContext(ctx, `INSERT INTO calls (message_id, image_job_id, video_task_id, family,
		endpoint, request_json, response_json, usage_json, http_status, error, started_at, ttft_ms, total_ms)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		nullInt(c.MessageID), nullInt(c.ImageJobID), nullInt(c.VideoTaskID), c.Family, c.Endpoint,
		jsonArg(elideBase64(c.RequestJSON, nil)), jsonArg(elideBase64(c.ResponseJSON, nil)),
		jsonArg(c.UsageJSON), c.HTTPStatus, c.Error, started, nullDur(c.TTFT), nullDur(c.Total))
	if err != nil {
		return 0, err
	}
	return res.LastInsertId()
}

// Calls lists the calls of one owner in the order they were made.
func (s *Store) Calls(ctx context.Context, f CallFilter) ([]Call, error) {
	calls, err := callsOf(ctx, s.r, f)
	if err != nil {
		return nil, fmt.Errorf("list calls: %w", err)
	}
	return calls, nil
}

// callsOf reads the calls f selects.
func callsOf(ctx context.Context, q querier, f CallFilter) ([]Call, error) {
	var where string
	var arg int64
	switch {
	case f.MessageID != 0:
		where, arg = "message_id = ?", f.MessageID
	case f.ConversationID != 0:
		where, arg = "message_id IN (SELECT id FROM messages WHERE conversation_id = ?)", f.ConversationID
	case f.ImageJobID != 0:
		where, arg = "image_job_id = ?", f.ImageJobID
	case f.VideoTaskID != 0:
		where, arg = "video_task_id = ?", f.VideoTaskID
	default:
		return nil, errors.New("no owner given")
	}
	return selectAll(ctx, q, scanCall, `SELECT id, message_id, image_job_id, video_task_id, family, endpoint,
		request_json, response_json, usage_json, http_status, error, started_at, ttft_ms, total_ms
		FROM calls WHERE `+where+` ORDER BY id`, arg)
}

// scanCall reads a row of calls.
func scanCall(sc rowScanner) (Call, error) {
	var c Call
	var msg, img, vid, started, ttft, total sql.NullInt64
	var req, resp, usage sql.NullString
	err := sc.Scan(&c.ID, &msg, &img, &vid, &c.Family, &c.Endpoint, &req, &resp, &usage,
		&c.HTTPStatus, &c.Error, &started, &ttft, &total)
	c.MessageID, c.ImageJobID, c.VideoTaskID = msg.Int64, img.Int64, vid.Int64
	c.RequestJSON, c.ResponseJSON, c.UsageJSON = rawJSON(req), rawJSON(resp), rawJSON(usage)
	c.StartedAt, c.TTFT, c.Total = fromMS(started), dur(ttft), dur(total)
	return c, err
}
