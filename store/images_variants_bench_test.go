package store

import (
	"context"
	"database/sql"
	"fmt"
	"testing"
)

// BenchmarkImageVariants reads a lineage of 24 jobs (20 of one prompt, an
// edit chain of 4) among 10,000 image jobs: what the strip of variants
// costs each time it opens or follows a change.
func BenchmarkImageVariants(b *testing.B) {
	s := openTest(b)
	ctx := context.Background()
	conn, err := sql.Open("sqlite", s.Path())
	if err != nil {
		b.Fatal(err)
	}
	defer conn.Close()
	tx, err := conn.Begin()
	if err != nil {
		b.Fatal(err)
	}
	for i := range 10_000 {
		prompt := fmt.Sprintf("prompt %d", i%2000)
		if i%500 == 0 {
			prompt = "a lighthouse"
		}
		if _, err := tx.Exec(`INSERT INTO image_jobs (endpoint, model, prompt, status, created_at, updated_at)
			VALUES ('generations', 'm', ?, 'complete', ?, ?)`, prompt, i, i); err != nil {
			b.Fatal(err)
		}
		if _, err := tx.Exec(`INSERT INTO image_files (job_id, idx, path, bytes, created_at) VALUES (?, 0, ?, 1, ?)`,
			i+1, fmt.Sprintf("media/x/%d.png", i), i); err != nil {
			b.Fatal(err)
		}
	}
	for k := range 4 { // an edit chain from the first lighthouse
		id := 10_001 + k
		if _, err := tx.Exec(`INSERT INTO image_jobs (endpoint, model, prompt, status, created_at, updated_at)
			VALUES ('edits', 'm', ?, 'complete', ?, ?)`, fmt.Sprintf("edit %d", k), id, id); err != nil {
			b.Fatal(err)
		}
		from := 1
		if k > 0 {
			from = id - 1
		}
		if _, err := tx.Exec(`INSERT INTO image_inputs (job_id, idx, role, file_id) VALUES (?, 0, 'image', ?)`, id, from); err != nil {
			b.Fatal(err)
		}
		if _, err := tx.Exec(`INSERT INTO image_files (job_id, idx, path, bytes, created_at) VALUES (?, 0, ?, 1, ?)`,
			id, fmt.Sprintf("media/x/e%d.png", k), id); err != nil {
			b.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for b.Loop() {
		jobs, err := s.ImageVariants(ctx, 1)
		if err != nil || len(jobs) != 24 {
			b.Fatalf("%d jobs, %v", len(jobs), err)
		}
	}
}
