package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// Status words of a batch.
const (
	BatchRunning = "running"
	BatchStopped = "stopped" // ended with cells left: resume runs them
	BatchDone    = "done"    // every cell done or failed
)

// Status words of a batch cell, besides StatusRunning and
// StatusInterrupted.
const (
	CellPending = "pending"
	CellDone    = "done"   // a reply, whatever its checks said
	CellFailed  = "failed" // no reply: the service refused or the stream broke
)

// ErrBatchBusy is returned when another living process runs the batch.
var ErrBatchBusy = errors.New("another atelier is running this batch")

// Batch is a batch run: its plan and how far it got.
type Batch struct {
	ID        int64
	Name      string
	File      string
	PlanJSON  json.RawMessage
	Status    string // BatchRunning, BatchStopped or BatchDone
	CreatedAt time.Time
	UpdatedAt time.Time

	// Counts of its cells, by status.
	Cells, Done, Failed, Passed int
}

// CellKey places a cell in its batch's plan.
type CellKey struct {
	Cell, Prompt, Case, Target, Repeat int
}

// NewBatch records a batch with its cells, all pending, run by this
// process.
func (s *Store) NewBatch(ctx context.Context, name, file string, plan json.RawMessage, cells []CellKey) (int64, error) {
	var id int64
	now := s.nowMS()
	err := s.tx(ctx, func(tx *txn) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO batches (name, file, plan_json, status, runner_pid, runner_start,
			created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
			name, file, string(plan), BatchRunning, s.self.pid, s.self.start, now, now)
		if err != nil {
			return err
		}
		if id, err = res.LastInsertId(); err != nil {
			return err
		}
		st, err := tx.PrepareContext(ctx, `INSERT INTO batch_cells (batch_id, cell, prompt, case_idx, target, repeat)
			VALUES (?, ?, ?, ?, ?, ?)`)
		if err != nil {
			return err
		}
		defer st.Close()
		for _, c := range cells {
			if _, err := st.ExecContext(ctx, id, c.Cell, c.Prompt, c.Case, c.Target, c.Repeat); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("new batch: %w", err)
	}
	return id, nil
}

const batchColumns = `b.id, b.name, b.file, b.plan_json, b.status, b.created_at, b.updated_at,
	(SELECT count(*) FROM batch_cells c WHERE c.batch_id = b.id),
	(SELECT count(*) FROM batch_cells c WHERE c.batch_id = b.id AND c.status = 'done'),
	(SELECT count(*) FROM batch_cells c WHERE c.batch_id = b.id AND c.status = 'failed'),
	(SELECT count(*) FROM batch_cells c WHERE c.batch_id = b.id AND c.passed = 1)`

func scanBatch(sc rowScanner) (Batch, error) {
	var b Batch
	var plan string
	var created, updated sql.NullInt64
	err := sc.Scan(&b.ID, &b.Name, &b.File, &plan, &b.Status, &created, &updated, &b.Cells, &b.Done, &b.Failed, &b.Passed)
	b.PlanJSON, b.CreatedAt, b.UpdatedAt = json.RawMessage(plan), fromMS(created), fromMS(updated)
	return b, err
}

// Batches lists batches, newest first; limit 0 means 50.
func (s *Store) Batches(ctx context.Context, limit int) ([]Batch, error) {
	if limit <= 0 {
		limit = 50
	}
	rows, err := s.r.QueryContext(ctx, `SELECT `+batchColumns+` FROM batches b ORDER BY b.created_at DESC, b.id DESC LIMIT ?`, limit)
	if err != nil {
		return nil, fmt.Errorf("batches: %w", err)
	}
	return collect(rows, scanBatch)
}

// Batch returns one batch with its counts.
func (s *Store) Batch(ctx context.Context, id int64) (*Batch, error) {
	b, err := scanBatch(s.r.QueryRowContext(ctx, `SELECT `+batchColumns+` FROM batches b WHERE b.id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("batch %d: %w", id, ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("batch %d: %w", id, err)
	}
	return &b, nil
}

// TakeBatch makes this process the batch's runner, for a resume: cells a
// dead runner left running become interrupted, to be run again. It fails
// with ErrBatchBusy while another living process runs the batch.
func (s *Store) TakeBatch(ctx context.Context, id int64) error {
	err := s.tx(ctx, func(tx *txn) error {
		if err := s.checkRunner(ctx, tx, id); err != nil {
			return err
		}
		now := s.nowMS()
		if _, err := tx.ExecContext(ctx, `UPDATE batches SET status = ?, runner_pid = ?, runner_start = ?, updated_at = ?
			WHERE id = ?`, BatchRunning, s.self.pid, s.self.start, now, id); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `UPDATE batch_cells SET status = ?, error = ?, finished_at = ?
			WHERE batch_id = ? AND status = ?`, StatusInterrupted, interruptedByCrash, now, id, StatusRunning)
		return err
	})
	if err != nil {
		return fmt.Errorf("batch %d: %w", id, err)
	}
	return nil
}

// ReleaseBatch ends this process's run of a batch: done when no cell is
// left to run, else stopped.
func (s *Store) ReleaseBatch(ctx context.Context, id int64) (string, error) {
	var status string
	err := s.tx(ctx, func(tx *txn) error {
		var left int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM batch_cells WHERE batch_id = ? AND status NOT IN (?, ?)`,
			id, CellDone, CellFailed).Scan(&left); err != nil {
			return err
		}
		status = BatchDone
		if left > 0 {
			status = BatchStopped
		}
		_, err := tx.ExecContext(ctx, `UPDATE batches SET status = ?, runner_pid = NULL, runner_start = NULL, updated_at = ?
			WHERE id = ?`, status, s.nowMS(), id)
		return err
	})
	if err != nil {
		return "", fmt.Errorf("batch %d: %w", id, err)
	}
	return status, nil
}

// DeleteBatch deletes a batch, its cells and the conversations its cells
// produced, earlier attempts' included. A batch another living process
// runs is refused. An image batch's jobs stay, with their files, as
// image jobs of their own.
func (s *Store) DeleteBatch(ctx context.Context, id int64) error {
	err := s.tx(ctx, func(tx *txn) error {
		if err := s.checkRunner(ctx, tx, id); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM conversations WHERE batch_id = ? OR id IN
			(SELECT conversation_id FROM batch_cells WHERE batch_id = ? AND conversation_id IS NOT NULL)`, id, id); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `DELETE FROM batches WHERE id = ?`, id)
		return err
	})
	if err != nil {
		return fmt.Errorf("delete batch %d: %w", id, err)
	}
	return nil
}

// checkRunner fails with ErrNotFound for no such batch, and with
// ErrBatchBusy while another living process runs it.
func (s *Store) checkRunner(ctx context.Context, tx *txn, id int64) error {
	var pid, start sql.NullInt64
	err := tx.QueryRowContext(ctx, `SELECT runner_pid, runner_start FROM batches WHERE id = ?`, id).Scan(&pid, &start)
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	if err != nil {
		return err
	}
	if runner := (processID{pid: int(pid.Int64), start: start.Int64}); runner.pid != s.self.pid && runner.alive(s.self) {
		return fmt.Errorf("%w (process %d)", ErrBatchBusy, runner.pid)
	}
	return nil
}
