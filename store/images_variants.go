package store

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// MaxVariants caps the jobs ImageVariants returns: the newest are kept.
const MaxVariants = 200

// ImageVariants lists the image jobs of job id's recipe lineage (the
// strip of variants), oldest first, each with its files and inputs:
// the jobs that share a prompt with one of them (variants, re-runs), the
// jobs whose results one of them edited and the edits made from theirs
// (migration 0012's links), followed until nothing new joins. A batch's
// cells join only through an edit, as they stay with their batch
// elsewhere. Past MaxVariants the newest are kept.
func (s *Store) ImageVariants(ctx context.Context, id int64) ([]ImageJob, error) {
	ids, err := s.lineageIDs(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("image variants of %d: %w", id, err)
	}
	jobs, err := s.imageJobsWhere(ctx, `id IN (`+ids+`) ORDER BY created_at DESC, id DESC LIMIT ?`, MaxVariants)
	if err != nil {
		return nil, fmt.Errorf("image variants of %d: %w", id, err)
	}
	if len(jobs) == 0 {
		return nil, fmt.Errorf("image variants of %d: %w", id, ErrNotFound)
	}
	slices.Reverse(jobs)
	if err := s.attachImageFiles(ctx, jobs); err != nil {
		return nil, fmt.Errorf("image variants of %d: %w", id, err)
	}
	if err := s.attachImageInputs(ctx, jobs); err != nil {
		return nil, fmt.Errorf("image variants of %d: %w", id, err)
	}
	return jobs, nil
}

// maxLineage bounds the jobs a lineage is followed through, whatever its
// size (the newest MaxVariants of them are shown).
const maxLineage = 10_000

// lineageIDs are the ids of job id's lineage, for an IN (…) clause: in
// rounds, the jobs of the prompts found so far (one pass over the jobs,
// which have no index on their prompt), then the edits either way from
// those (by the indexes of the inputs and files), until a round adds
// nothing.
func (s *Store) lineageIDs(ctx context.Context, id int64) (string, error) {
	found := strconv.FormatInt(id, 10)
	for n := 1; ; {
		rows, err := s.r.QueryContext(ctx, `WITH RECURSIVE seed(id) AS (
				SELECT id FROM image_jobs WHERE id IN (`+found+`)
				UNION
				SELECT id FROM image_jobs WHERE batch_id IS NULL
				  AND prompt IN (SELECT prompt FROM image_jobs WHERE id IN (`+found+`))
			), fam(id) AS (
				SELECT id FROM seed
				UNION
				SELECT f.job_id FROM fam JOIN image_inputs i ON i.job_id = fam.id JOIN image_files f ON f.id = i.file_id
				UNION
				SELECT i.job_id FROM fam JOIN image_files f ON f.job_id = fam.id JOIN image_inputs i ON i.file_id = f.id
				LIMIT ?
			) SELECT id FROM fam ORDER BY id`, maxLineage)
		if err != nil {
			return "", err
		}
		ids, err := collect(rows, func(sc rowScanner) (string, error) {
			var id int64
			err := sc.Scan(&id)
			return strconv.FormatInt(id, 10), err
		})
		if err != nil {
			return "", err
		}
		// UNION, not UNION ALL, so each job joins once; a lineage that
		// stops growing, or reaches the bound, is whole.
		if len(ids) == n || len(ids) >= maxLineage || len(ids) == 0 {
			if len(ids) == 0 {
				return found, nil
			}
			return strings.Join(ids, ","), nil
		}
		found, n = strings.Join(ids, ","), len(ids)
	}
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
