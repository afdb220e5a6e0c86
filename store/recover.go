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
// It is shown alone (the Chat tab's line under the reply); the export,
// which prints the status before it, does not repeat the word.
const interruptedByCrash = "interrupted: atelier stopped before the reply ended"

// recoverOrphans marks as interrupted the streaming messages (folding in
// their checkpointed chunks) and running image jobs whose writing process is
// gone. Another atelier may be streaming into the same database right now,
// so a row is only touched when its writer is not alive.
//
// It never keeps the store from opening: each row is mended in a
// transaction of its own, in bounded memory (see fold), and a row that
// cannot be mended is left as it is, with a warning.
func (s *Store) recoverOrphans(ctx context.Context) error {
	dead, err := s.deadWriters(ctx, "messages", StatusStreaming)
	if err != nil {
		return err
	}
	for _, id := range dead {
		err := s.tx(ctx, func(tx *txn) error {
			return fold(ctx, tx, id, [2]string{}, s.replyText,
				foldEnd{status: StatusInterrupted, errText: interruptedByCrash, now: s.nowMS()})
		})
		if err != nil {
			s.warn("message %d, whose writer died, could not be marked interrupted: %v", id, err)
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
			s.warn("image job %d, whose writer died, could not be marked interrupted: %v", id, err)
		}
	}
	return nil
}

// warn keeps a warning about the store for Warnings.
func (s *Store) warn(format string, args ...any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.warnings) < maxWarnings {
		s.warnings = append(s.warnings, fmt.Sprintf(format, args...))
	}
}

// maxWarnings bounds the warnings kept: a row that cannot be mended is
// tried again at every look of a watching view (watch_orphans.go), and
// says the same each time.
const maxWarnings = 32

// Warnings returns what Open found wrong and worked around: rows it could
// not mend, which are left as they were.
func (s *Store) Warnings() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.warnings...)
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
