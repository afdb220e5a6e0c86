package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Image job endpoints.
const (
	ImageGenerate = "generations"
	ImageEdit     = "edits"
)

// ImageJob is one image generation or edit: its request, response (base64
// replaced by file references), status and files.
type ImageJob struct {
	ID           int64
	Endpoint     string // ImageGenerate or ImageEdit
	Model        string
	Prompt       string
	SettingsJSON json.RawMessage
	RequestJSON  json.RawMessage
	ResponseJSON json.RawMessage
	UsageJSON    json.RawMessage
	Status       string // StatusRunning, StatusComplete, StatusError, StatusInterrupted
	Error        string
	Total        time.Duration
	BatchID      int64  // the batch this job is a cell of; 0: none
	Label        string // the idea it belongs to (labels.go); "" for none
	CreatedAt    time.Time
	UpdatedAt    time.Time

	Files  []ImageFile  // results and partial previews, by index
	Inputs []ImageInput // what an edit started from
}

// Cursor returns the position after j in a listing.
func (j ImageJob) Cursor() Cursor { return Cursor{At: j.CreatedAt, Kind: KindImage, ID: j.ID} }

// ImageFile is an image saved under the media folder.
type ImageFile struct {
	ID        int64     `json:"id"`
	JobID     int64     `json:"job_id"`
	Index     int       `json:"index"` // the image's place in the response (data[i])
	Path      string    `json:"path"`  // relative to the data directory
	MIME      string    `json:"mime,omitempty"`
	Width     int       `json:"width,omitempty"`
	Height    int       `json:"height,omitempty"`
	Bytes     int64     `json:"bytes"`
	Partial   bool      `json:"partial,omitempty"` // a partial image of a stream, not a result
	CreatedAt time.Time `json:"created_at"`
}

// ImageInput is an image an edit was given: an earlier result (FileID set,
// which is the lineage) or a copy of an outside file (Path set).
type ImageInput struct {
	Index  int    `json:"index"`
	Role   string `json:"role"` // "image" or "mask"
	FileID int64  `json:"file_id,omitempty"`
	Path   string `json:"path,omitempty"`
}

// ImageJobStart describes an image request about to be sent.
type ImageJobStart struct {
	Endpoint     string // ImageGenerate (default) or ImageEdit
	Model        string
	Prompt       string
	SettingsJSON json.RawMessage
	RequestJSON  json.RawMessage
	Inputs       []ImageInput
	// Parent is the id of the recipe this job varies (atelier image --from
	// FILE --vary), recorded in the recipe its images carry.
	Parent string
	// BatchID is the batch this job is a cell of (0: none): named from
	// the start, so no listing shows it outside its batch.
	BatchID int64
	// Label is the idea the job belongs to (labels.go), checked by
	// NormalizeLabel; "" for none.
	Label string
}

// ImageJobEnd is how an image request ended.
type ImageJobEnd struct {
	ResponseJSON json.RawMessage
	UsageJSON    json.RawMessage
	Total        time.Duration
	Err          error // context.Canceled marks it interrupted
}

// ImageQuery selects image jobs for a listing.
type ImageQuery struct {
	Model  string
	Status string
	Limit  int // default 50
	Before *Cursor
	// Batch lists the cells of this image batch; 0 lists the jobs that
	// are no batch's cells (batch cells stay with their batch).
	Batch int64
}

// AddImageJob records an image request as running and returns its id.
func (s *Store) AddImageJob(ctx context.Context, st ImageJobStart) (int64, error) {
	if st.Endpoint == "" {
		st.Endpoint = ImageGenerate
	}
	if st.Label != "" {
		l, err := NormalizeLabel(st.Label)
		if err != nil {
			return 0, fmt.Errorf("add image job: %w", err)
		}
		st.Label = l
	}
	now := s.nowMS()
	var id int64
	err := s.tx(ctx, func(tx *txn) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO image_jobs (endpoint, model, prompt, settings_json,
			request_json, status, writer_pid, writer_start, batch_id, label, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			st.Endpoint, st.Model, st.Prompt, jsonArg(st.SettingsJSON), jsonArg(elideBase64(st.RequestJSON, nil)),
			StatusRunning, s.self.pid, s.self.start, nullInt(st.BatchID), st.Label, now, now)
		if err != nil {
			return err
		}
		if id, err = res.LastInsertId(); err != nil {
			return err
		}
		for i, in := range st.Inputs {
			if in.Role == "" {
				in.Role = "image"
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO image_inputs (job_id, idx, role, file_id, path)
				VALUES (?, ?, ?, ?, ?)`, id, i, in.Role, nullInt(in.FileID), in.Path); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("add image job: %w", err)
	}
	s.rememberRecipe(id, st)
	return id, nil
}

// AddImageFile records an image saved for a job (see SaveMedia).
func (s *Store) AddImageFile(ctx context.Context, f ImageFile) (int64, error) {
	res, err := s.w.ExecContext(ctx, `INSERT INTO image_files (job_id, idx, path, mime, width, height, bytes,
		partial, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		f.JobID, f.Index, f.Path, f.MIME, f.Width, f.Height, f.Bytes, f.Partial, s.nowMS())
	if err != nil {
		return 0, fmt.Errorf("add image file: %w", err)
	}
	return res.LastInsertId()
}

// FinishImageJob stores the response and final status. The base64 images in
// the response are replaced by references to the job's result files, in
// index order, so add the files first.
func (s *Store) FinishImageJob(ctx context.Context, id int64, end ImageJobEnd) error {
	status, errText := StatusComplete, ""
	switch {
	case errors.Is(end.Err, context.Canceled):
		status, errText = StatusInterrupted, "stopped"
	case end.Err != nil:
		status, errText = StatusError, end.Err.Error()
	}
	rows, err := s.w.QueryContext(ctx, `SELECT path FROM image_files WHERE job_id = ? AND partial = 0
		ORDER BY idx, id`, id)
	if err != nil {
		return fmt.Errorf("finish image job %d: %w", id, err)
	}
	files, err := collect(rows, scanValue[string])
	if err != nil {
		return fmt.Errorf("finish image job %d: %w", id, err)
	}
	s.forgetRecipe(id)
	return s.updateOne(ctx, "finish image job", id, `UPDATE image_jobs SET response_json = ?, usage_json = ?,
		status = ?, error = ?, total_ms = ?, writer_pid = NULL, writer_start = NULL, updated_at = ? WHERE id = ?`,
		jsonArg(elideBase64(end.ResponseJSON, files)), jsonArg(end.UsageJSON), status, errText,
		nullDur(end.Total), s.nowMS(), id)
}

const imageJobColumns = `id, endpoint, model, prompt, settings_json, request_json, response_json, usage_json,
	status, error, total_ms, batch_id, created_at, updated_at, label`

// scanImageJob reads a row of imageJobColumns.
func scanImageJob(sc rowScanner) (ImageJob, error) {
	var j ImageJob
	var settings, req, resp, usage sql.NullString
	var total, batch, created, updated sql.NullInt64
	err := sc.Scan(&j.ID, &j.Endpoint, &j.Model, &j.Prompt, &settings, &req, &resp, &usage,
		&j.Status, &j.Error, &total, &batch, &created, &updated, &j.Label)
	j.SettingsJSON, j.RequestJSON, j.ResponseJSON, j.UsageJSON = rawJSON(settings), rawJSON(req), rawJSON(resp), rawJSON(usage)
	j.Total, j.BatchID, j.CreatedAt, j.UpdatedAt = dur(total), batch.Int64, fromMS(created), fromMS(updated)
	return j, err
}

// ImageJob returns one job with its files and inputs.
func (s *Store) ImageJob(ctx context.Context, id int64) (*ImageJob, error) {
	j, err := scanImageJob(s.r.QueryRowContext(ctx, `SELECT `+imageJobColumns+` FROM image_jobs WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("image job %d: %w", id, ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("image job %d: %w", id, err)
	}
	jobs := []ImageJob{j}
	if err := s.attachImageFiles(ctx, jobs); err != nil {
		return nil, fmt.Errorf("image job %d: %w", id, err)
	}
	if err := s.attachImageInputs(ctx, jobs); err != nil {
		return nil, fmt.Errorf("image job %d: %w", id, err)
	}
	return &jobs[0], nil
}

// ImageJobs lists image jobs newest first, each with its files.
func (s *Store) ImageJobs(ctx context.Context, q ImageQuery) ([]ImageJob, error) {
	if q.Limit <= 0 {
		q.Limit = 50
	}
	where, args := []string{"batch_id IS NULL"}, []any{}
	if q.Batch != 0 {
		where[0], args = "batch_id = ?", append(args, q.Batch)
	}
	if q.Model != "" {
		where, args = append(where, "model = ?"), append(args, q.Model)
	}
	if q.Status != "" {
		where, args = append(where, "status = ?"), append(args, q.Status)
	}
	if q.Before != nil {
		where, args = append(where, "(created_at, id) < (?, ?)"), append(args, ms(q.Before.At), q.Before.ID)
	}
	jobs, err := s.imageJobsWhere(ctx, strings.Join(where, " AND ")+` ORDER BY created_at DESC, id DESC LIMIT ?`,
		append(args, q.Limit)...)
	if err != nil {
		return nil, fmt.Errorf("list image jobs: %w", err)
	}
	if err := s.attachImageFiles(ctx, jobs); err != nil {
		return nil, fmt.Errorf("list image jobs: %w", err)
	}
	return jobs, nil
}

// imageJobsWhere reads the jobs matching a WHERE clause (and what follows it).
func (s *Store) imageJobsWhere(ctx context.Context, where string, args ...any) ([]ImageJob, error) {
	return selectAll(ctx, s.r, scanImageJob, `SELECT `+imageJobColumns+` FROM image_jobs WHERE `+where, args...)
}

// attachImageFiles fills the Files of jobs with one query.
func (s *Store) attachImageFiles(ctx context.Context, jobs []ImageJob) error {
	if len(jobs) == 0 {
		return nil
	}
	byID, ids := jobIndex(jobs)
	rows, err := s.r.QueryContext(ctx, `SELECT id, job_id, idx, path, mime, width, height, bytes, partial, created_at
		FROM image_files WHERE job_id IN (`+ids+`) ORDER BY job_id, partial, idx, id`)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var f ImageFile
		var created sql.NullInt64
		if err := rows.Scan(&f.ID, &f.JobID, &f.Index, &f.Path, &f.MIME, &f.Width, &f.Height, &f.Bytes,
			&f.Partial, &created); err != nil {
			return err
		}
		f.CreatedAt = fromMS(created)
		j := byID[f.JobID]
		j.Files = append(j.Files, f)
	}
	return rows.Err()
}
