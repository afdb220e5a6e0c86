package store

import (
	"context"
	"database/sql"
	"fmt"
)

// Status words of messages and image jobs.
const (
	StatusComplete    = "complete"
	StatusStreaming   = "streaming"   // a message being written
	StatusRunning     = "running"     // an image job under way
	StatusInterrupted = "interrupted" // its writer stopped or died midway
	StatusError       = "error"
)

// interruptedByCrash is the error text left on a row whose writer died.
// The status says "interrupted" already, so the text does not.
const interruptedByCrash = "atelier stopped before the reply ended"

// recoverOrphans marks as interrupted the streaming messages (folding in
// their checkpointed chunks) and running image jobs whose writing process is
// gone. Another atelier may be streaming into the same database right now,
// so a row is only touched when its writer is not alive.
func (s *Store) recoverOrphans(ctx context.Context) error {
	dead, err := s.deadWriters(ctx, "messages", StatusStreaming)
	if err != nil {
		return err
	}
	for _, id := range dead {
		err := s.tx(ctx, func(tx *sql.Tx) error {
			return foldChunks(ctx, tx, id, "", "", StatusInterrupted, interruptedByCrash, s.nowMS())
		})
		if err != nil {
			return fmt.Errorf("mark message %d interrupted: %w", id, err)
		}
	}
	if dead, err = s.deadWriters(ctx, "image_jobs", StatusRunning); err != nil {
		return err
	}
	for _, id := range dead {
		_, err := s.w.ExecContext(ctx, `UPDATE image_jobs SET status = ?, error = ?, writer_pid = NULL,
			writer_start = NULL, updated_at = ? WHERE id = ? AND status = ?`,
			StatusInterrupted, interruptedByCrash, s.nowMS(), id, StatusRunning)
		if err != nil {
			return fmt.Errorf("mark image job %d interrupted: %w", id, err)
		}
	}
	return nil
}

// deadWriters lists the rows of table in the running status whose writer has
// died. The partial index on status keeps this cheap on any size of database.
func (s *Store) deadWriters(ctx context.Context, table, running string) ([]int64, error) {
	rows, err := s.w.QueryContext(ctx, fmt.Sprintf(
		`SELECT id, writer_pid, writer_start FROM %s WHERE status = ?`, table), running)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var dead []int64
	for rows.Next() {
		var id int64
		var pid, start sql.NullInt64
		if err := rows.Scan(&id, &pid, &start); err != nil {
			return nil, err
		}
		if !(processID{pid: int(pid.Int64), start: start.Int64}).alive(s.self) {
			dead = append(dead, id)
		}
	}
	return dead, rows.Err()
}
