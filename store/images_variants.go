package store

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"
)

// MaxVariants caps the jobs ImageVariants returns: the newest are kept.
const MaxVariants = 200

// ImageVariants lists the image jobs of job id's recipe lineage (issue 33,
// the strip of variants), oldest first, each with its files and inputs:
// the jobs that share a prompt with one of them (variants, re-runs), the
// jobs whose results one of them edited and the edits made from theirs
// (migration 0012's links), followed until nothing new joins. A batch's
// cells join only through an edit, as they stay with their batch
// elsewhere. Past MaxVariants the newest are kept.
func (s *Store) ImageVariants(ctx context.Context, id int64) ([]ImageJob, error) {
	// UNION, not UNION ALL: each job joins once, and a cycle (which the app
	// never makes) still ends; the LIMIT bounds a lineage of any size.
	jobs, err := s.imageJobsWhere(ctx, `id IN (WITH RECURSIVE fam(id) AS (
			SELECT id FROM image_jobs WHERE id = ?
			UNION
			SELECT j.id FROM fam JOIN image_jobs p ON p.id = fam.id
			  JOIN image_jobs j ON j.prompt = p.prompt AND j.batch_id IS NULL
			UNION
			SELECT f.job_id FROM fam JOIN image_inputs i ON i.job_id = fam.id JOIN image_files f ON f.id = i.file_id
			UNION
			SELECT i.job_id FROM fam JOIN image_files f ON f.job_id = fam.id JOIN image_inputs i ON i.file_id = f.id
			LIMIT 10000
		) SELECT id FROM fam) ORDER BY created_at DESC, id DESC LIMIT ?`, id, MaxVariants)
	if err != nil {
		return nil, fmt.Errorf("image variants of %d: %w", id, err)
	}
	if len(jobs) == 0 {
		return nil, fmt.Errorf("image variants of %d: %w", id, ErrNotFound)
	}
	for i, j := 0, len(jobs)-1; i < j; i, j = i+1, j-1 {
		jobs[i], jobs[j] = jobs[j], jobs[i]
	}
	if err := s.attachImageFiles(ctx, jobs); err != nil {
		return nil, fmt.Errorf("image variants of %d: %w", id, err)
	}
	if err := s.attachImageInputs(ctx, jobs); err != nil {
		return nil, fmt.Errorf("image variants of %d: %w", id, err)
	}
	return jobs, nil
}

// attachImageInputs fills the Inputs of jobs with one query.
func (s *Store) attachImageInputs(ctx context.Context, jobs []ImageJob) error {
	if len(jobs) == 0 {
		return nil
	}
	byID, ids := jobIndex(jobs)
	rows, err := s.r.QueryContext(ctx, `SELECT job_id, idx, role, file_id, path FROM image_inputs
		WHERE job_id IN (`+ids+`) ORDER BY job_id, idx`)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var job int64
		var in ImageInput
		var file sql.NullInt64
		if err := rows.Scan(&job, &in.Index, &in.Role, &file, &in.Path); err != nil {
			return err
		}
		in.FileID = file.Int64
		j := byID[job]
		j.Inputs = append(j.Inputs, in)
	}
	return rows.Err()
}

// jobIndex maps jobs by id, and lists their ids for an IN (…) clause.
func jobIndex(jobs []ImageJob) (map[int64]*ImageJob, string) {
	byID := map[int64]*ImageJob{}
	ids := make([]string, len(jobs))
	for i := range jobs {
		byID[jobs[i].ID] = &jobs[i]
		ids[i] = strconv.FormatInt(jobs[i].ID, 10)
	}
	return byID, strings.Join(ids, ",")
}
