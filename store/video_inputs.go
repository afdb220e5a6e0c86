package store

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
)

// VideoInput is an image a video task was given (video_inputs): an image of
// the history, named by its row (the lineage from image to video), or an
// outside file, named by the path it was read from.
type VideoInput struct {
	Field  string `json:"field"`                  // the body's field, e.g. image_url
	FileID int64  `json:"file_id,omitempty"`      // the image_files row; 0 for an outside file
	JobID  int64  `json:"image_job_id,omitempty"` // that file's image job
	Path   string `json:"path"`                   // a history image: relative to the data directory; else as given
}

// VideoInputFile is an image file a submission read into its body.
type VideoInputFile struct {
	Field string // the body's field
	File  string // the file read, absolute
}

// mediaRel is file's path relative to the data directory, slash-separated,
// when it lies in the media folder; "" otherwise.
func (s *Store) mediaRel(file string) string {
	abs, err := filepath.Abs(file)
	if err != nil {
		return ""
	}
	rel, err := filepath.Rel(s.dir, abs)
	if err != nil {
		return ""
	}
	rel = filepath.ToSlash(rel)
	if _, err := s.MediaPath(rel); err != nil {
		return ""
	}
	return rel
}

// ImageFileAt is the history's image saved at file (an absolute path, or
// relative to the working directory), ErrNotFound when file is not one.
func (s *Store) ImageFileAt(ctx context.Context, file string) (ImageFile, error) {
	var f ImageFile
	rel := s.mediaRel(file)
	if rel == "" {
		return f, fmt.Errorf("image file %s: %w", file, ErrNotFound)
	}
	var created sql.NullInt64
	err := s.r.QueryRowContext(ctx, `SELECT id, job_id, idx, path, mime, width, height, bytes, partial, created_at
		FROM image_files WHERE path = ? ORDER BY id LIMIT 1`, rel).Scan(&f.ID, &f.JobID, &f.Index, &f.Path, &f.MIME,
		&f.Width, &f.Height, &f.Bytes, &f.Partial, &created)
	if err == sql.ErrNoRows {
		return f, fmt.Errorf("image file %s: %w", file, ErrNotFound)
	}
	f.CreatedAt = fromMS(created)
	return f, err
}

// insertVideoInputs records the images task taskID was given, inside the
// transaction that adds it: a file of the history's media folder is named
// by its row, any other by its path.
func (s *Store) insertVideoInputs(ctx context.Context, tx *txn, taskID int64, in []VideoInputFile) error {
	for _, f := range in {
		var fileID sql.NullInt64
		path := f.File
		if rel := s.mediaRel(f.File); rel != "" {
			err := tx.QueryRowContext(ctx, `SELECT id FROM image_files WHERE path = ? ORDER BY id LIMIT 1`, rel).Scan(&fileID)
			if err != nil && err != sql.ErrNoRows {
				return err
			}
			if fileID.Valid {
				path = ""
			}
		}
		if _, err := tx.ExecContext(ctx, `INSERT OR REPLACE INTO video_inputs (task_id, field, file_id, path)
			VALUES (?, ?, ?, ?)`, taskID, f.Field, fileID, path); err != nil {
			return err
		}
	}
	return nil
}

// VideoInputs are the images a task was given, by field.
func (s *Store) VideoInputs(ctx context.Context, taskID int64) ([]VideoInput, error) {
	return videoInputs(ctx, s.r, taskID)
}

// videoInputs reads them through q: the store, or the snapshot a task is
// read in.
func videoInputs(ctx context.Context, q querier, taskID int64) ([]VideoInput, error) {
	rows, err := q.QueryContext(ctx, `SELECT i.field, i.file_id, f.job_id, COALESCE(f.path, i.path)
		FROM video_inputs i LEFT JOIN image_files f ON f.id = i.file_id WHERE i.task_id = ? ORDER BY i.field`, taskID)
	if err != nil {
		return nil, fmt.Errorf("video inputs of %d: %w", taskID, err)
	}
	out, err := collect(rows, func(sc rowScanner) (VideoInput, error) {
		var in VideoInput
		var file, job sql.NullInt64
		err := sc.Scan(&in.Field, &file, &job, &in.Path)
		in.FileID, in.JobID = file.Int64, job.Int64
		return in, err
	})
	if err != nil {
		return nil, fmt.Errorf("video inputs of %d: %w", taskID, err)
	}
	return out, nil
}

// VideosFromImage are the tasks given an image of job jobID, oldest first,
// without their events.
func (s *Store) VideosFromImage(ctx context.Context, jobID int64) ([]VideoTask, error) {
	tasks, err := s.videoTasksWhere(ctx, `id IN (SELECT i.task_id FROM video_inputs i JOIN image_files f ON f.id = i.file_id
		WHERE f.job_id = ?) ORDER BY submitted_at, id`, jobID)
	if err != nil {
		return nil, fmt.Errorf("videos from image job %d: %w", jobID, err)
	}
	return tasks, nil
}
