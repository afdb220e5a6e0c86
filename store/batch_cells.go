package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// BatchCell is one cell of a batch: what the matrix shows of it.
type BatchCell struct {
	BatchID int64
	CellKey
	Status         string // CellPending, StatusRunning, CellDone, CellFailed, StatusInterrupted
	Attempts       int
	ConversationID int64  // 0: never started
	MessageID      int64  // the reply of the last attempt; 0: none
	ImageJobID     int64  // an image batch's cell: its image job; 0: none
	Media          string // an image batch's cell: the image file (absolute); "" none
	Error          string
	ChecksJSON     json.RawMessage
	Passed         *bool // nil: no checks, or not run
	TTFT, Total    time.Duration
	Usage          Usage
	FirstLine      string
	StartedAt      time.Time
	FinishedAt     time.Time
}

// CellEnd is how an attempt at a cell ended.
type CellEnd struct {
	Status      string // CellDone, CellFailed or StatusInterrupted
	MessageID   int64
	ImageJobID  int64  // an image cell's job
	Media       string // an image cell's file
	Error       string
	ChecksJSON  json.RawMessage
	Passed      *bool
	TTFT, Total time.Duration
	Usage       Usage
	FirstLine   string
}

// ErrCellTaken is returned when a cell is not in the state a step needs:
// started when it is done or running, finished when it is not running.
var ErrCellTaken = errors.New("cell is not in the expected state")

// StartCell claims a cell that is pending, interrupted or failed for an
// attempt, recording the conversation its reply goes to. A done or running
// cell is refused with ErrCellTaken: a finished cell is never run twice.
func (s *Store) StartCell(ctx context.Context, batchID int64, cell int, conversationID int64) error {
	res, err := s.w.ExecContext(ctx, `UPDATE batch_cells SET status = ?, attempts = attempts + 1, conversation_id = ?,
		error = '', started_at = ? WHERE batch_id = ? AND cell = ? AND status IN (?, ?, ?)`,
		StatusRunning, nullInt(conversationID), s.nowMS(), batchID, cell, CellPending, StatusInterrupted, CellFailed)
	return oneCell("start", batchID, cell, res, err)
}

// FinishCell records how the running cell's attempt ended.
func (s *Store) FinishCell(ctx context.Context, batchID int64, cell int, end CellEnd) error {
	var passed any
	if end.Passed != nil {
		passed = *end.Passed
	}
	res, err := s.w.ExecContext(ctx, `UPDATE batch_cells SET status = ?, message_id = ?, image_job_id = ?, media = ?, error = ?,
		checks_json = ?, passed = ?, ttft_ms = ?, total_ms = ?, input_tokens = ?, output_tokens = ?, first_line = ?, finished_at = ?
		WHERE batch_id = ? AND cell = ? AND status = ?`,
		end.Status, nullInt(end.MessageID), nullInt(end.ImageJobID), end.Media, end.Error, jsonArg(end.ChecksJSON), passed, nullDur(end.TTFT), nullDur(end.Total),
		nullInt(end.Usage.InputTokens), nullInt(end.Usage.OutputTokens), end.FirstLine, s.nowMS(),
		batchID, cell, StatusRunning)
	return oneCell("finish", batchID, cell, res, err)
}

func oneCell(op string, batchID int64, cell int, res sql.Result, err error) error {
	if err == nil {
		var n int64
		if n, err = res.RowsAffected(); err == nil && n != 1 {
			err = ErrCellTaken
		}
	}
	if err != nil {
		return fmt.Errorf("%s cell %d of batch %d: %w", op, cell, batchID, err)
	}
	return nil
}

// BatchCells returns every cell of a batch in plan order: all the matrix
// needs, without the replies' text.
func (s *Store) BatchCells(ctx context.Context, batchID int64) ([]BatchCell, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT batch_id, cell, prompt, case_idx, target, repeat, status, attempts,
		conversation_id, message_id, image_job_id, media, error, checks_json, passed, ttft_ms, total_ms, input_tokens, output_tokens,
		first_line, started_at, finished_at FROM batch_cells WHERE batch_id = ? ORDER BY cell`, batchID)
	if err != nil {
		return nil, fmt.Errorf("cells of batch %d: %w", batchID, err)
	}
	return collect(rows, scanCell)
}

func scanCell(sc rowScanner) (BatchCell, error) {
	var c BatchCell
	var conv, msg, job, passed, ttft, total, in, out, started, finished sql.NullInt64
	var checks sql.NullString
	err := sc.Scan(&c.BatchID, &c.Cell, &c.Prompt, &c.Case, &c.Target, &c.Repeat, &c.Status, &c.Attempts,
		&conv, &msg, &job, &c.Media, &c.Error, &checks, &passed, &ttft, &total, &in, &out, &c.FirstLine, &started, &finished)
	c.ConversationID, c.MessageID, c.ImageJobID, c.ChecksJSON = conv.Int64, msg.Int64, job.Int64, rawJSON(checks)
	if passed.Valid {
		p := passed.Int64 != 0
		c.Passed = &p
	}
	c.TTFT, c.Total = time.Duration(ttft.Int64)*time.Millisecond, time.Duration(total.Int64)*time.Millisecond
	c.Usage = Usage{InputTokens: in.Int64, OutputTokens: out.Int64}
	c.StartedAt, c.FinishedAt = fromMS(started), fromMS(finished)
	return c, err
}

// BatchReplies returns the text of each cell's last reply, by cell: what
// stability across repeats and the exports read.
func (s *Store) BatchReplies(ctx context.Context, batchID int64) (map[int]string, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT c.cell, m.text FROM batch_cells c JOIN messages m ON m.id = c.message_id
		WHERE c.batch_id = ?`, batchID)
	if err != nil {
		return nil, fmt.Errorf("replies of batch %d: %w", batchID, err)
	}
	defer rows.Close()
	out := map[int]string{}
	for rows.Next() {
		var cell int
		var text string
		if err := rows.Scan(&cell, &text); err != nil {
			return nil, err
		}
		out[cell] = text
	}
	return out, rows.Err()
}
