package store

import (
	"context"
	"fmt"
)

// Lineage is where an image job's pictures came from and went: the jobs
// whose results it edited (recursively), and the jobs that edited its
// results (recursively), each oldest first and without their files.
type Lineage struct {
	Ancestors   []ImageJob
	Descendants []ImageJob
	Videos      []VideoTask // the video tasks given one of the job's images, oldest first
}

// ImageLineage follows the edits into and out of a job.
func (s *Store) ImageLineage(ctx context.Context, jobID int64) (*Lineage, error) {
	var l Lineage
	var err error
	// UNION, not UNION ALL: a cycle (which the app never makes) still ends.
	l.Ancestors, err = s.imageJobsWhere(ctx, `id IN (WITH RECURSIVE up(job_id) AS (
			SELECT f.job_id FROM image_inputs i JOIN image_files f ON f.id = i.file_id WHERE i.job_id = ?
			UNION
			SELECT f.job_id FROM up JOIN image_inputs i ON i.job_id = up.job_id JOIN image_files f ON f.id = i.file_id
		) SELECT job_id FROM up) AND id <> ? ORDER BY created_at, id`, jobID, jobID)
	if err != nil {
		return nil, fmt.Errorf("image lineage %d: %w", jobID, err)
	}
	l.Descendants, err = s.imageJobsWhere(ctx, `id IN (WITH RECURSIVE down(job_id) AS (
			SELECT i.job_id FROM image_files f JOIN image_inputs i ON i.file_id = f.id WHERE f.job_id = ?
			UNION
			SELECT i.job_id FROM down JOIN image_files f ON f.job_id = down.job_id JOIN image_inputs i ON i.file_id = f.id
		) SELECT job_id FROM down) AND id <> ? ORDER BY created_at, id`, jobID, jobID)
	if err != nil {
		return nil, fmt.Errorf("image lineage %d: %w", jobID, err)
	}
	if l.Videos, err = s.VideosFromImage(ctx, jobID); err != nil {
		return nil, err
	}
	return &l, nil
}

// DeleteImageJob deletes a job, its files on disk, and the copies of outside
// inputs no other job uses. Edits made from its results keep their own
// files but lose the link to it.
func (s *Store) DeleteImageJob(ctx context.Context, id int64) error {
	var files []string
	err := s.tx(ctx, func(tx *txn) error {
		rows, err := tx.QueryContext(ctx, `SELECT path FROM image_files WHERE job_id = ?
			UNION ALL
			SELECT path FROM image_inputs i WHERE job_id = ? AND file_id IS NULL AND path <> ''
			  AND NOT EXISTS (SELECT 1 FROM image_inputs o WHERE o.path = i.path AND o.job_id <> i.job_id)`, id, id)
		if err != nil {
			return err
		}
		if files, err = collect(rows, scanValue[string]); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `DELETE FROM image_jobs WHERE id = ?`, id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrNotFound
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("delete image job %d: %w", id, err)
	}
	// The rows are gone; a file that cannot be removed is only litter.
	if err := s.removeMedia(files); err != nil {
		return fmt.Errorf("delete image job %d: remove files: %w", id, err)
	}
	return nil
}
