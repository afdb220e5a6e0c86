package batch

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"time"

	"atelier/store"
)

// Report is what a batch's summary and exports read of it: the batch, its
// plan, its cells, their replies' text and the summary per target.
type Report struct {
	Batch   *store.Batch
	Plan    *Plan
	Cells   []store.BatchCell
	Replies map[int]string // by cell
	Summary []TargetSummary
	// Repeats are each case's repeats per target, [case][target].
	Repeats [][]Repeats
}

// LoadReport reads batch id's report from the store.
func LoadReport(ctx context.Context, db *store.Store, id int64) (*Report, error) {
	b, err := db.Batch(ctx, id)
	if err != nil {
		return nil, err
	}
	d := &Report{Batch: b}
	if d.Plan, err = LoadPlan(b); err != nil {
		return nil, err
	}
	if d.Cells, err = db.BatchCells(ctx, id); err != nil {
		return nil, err
	}
	if d.Replies, err = db.BatchReplies(ctx, id); err != nil {
		return nil, err
	}
	d.Summary = Summarize(d.Plan, d.Cells, d.Replies)
	d.Repeats = RepeatsOf(d.Plan, d.Cells, d.Replies)
	return d, nil
}

// Shape is the batch's size as `batch show` and the report write it: "72
// cells (8 cases × 3 targets × 3 repeats)".
func (d *Report) Shape() string {
	p := d.Plan
	return fmt.Sprintf("%s (%s × %s × %s)", counted(d.Batch.Cells, "cell"), counted(len(p.Cases), "case"),
		counted(len(p.Targets), "target"), counted(p.Repeats, "repeat"))
}

// counted is n and the noun, plural unless n is 1.
func counted(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// Secs writes a duration as the summaries do: "1.25s", "-" for none.
func Secs(d time.Duration) string {
	if d <= 0 {
		return "-"
	}
	return fmt.Sprintf("%.2fs", d.Seconds())
}

// ExportFiles writes the Markdown report and the CSV into dir, as
// batch-ID.md and batch-ID.csv (each whole or not at all), and returns
// their paths: the Batch tab's export, the files `batch export --md` and
// `--csv` write.
func (d *Report) ExportFiles(dir string) (md, csv string, err error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", "", fmt.Errorf("export batch %d: %w", d.Batch.ID, err)
	}
	base := filepath.Join(abs, fmt.Sprintf("batch-%d", d.Batch.ID))
	for _, f := range []struct {
		path  string
		write func(io.Writer) error
	}{{base + ".md", d.WriteMarkdown}, {base + ".csv", d.WriteCSV}} {
		var b bytes.Buffer
		if err := f.write(&b); err != nil {
			return "", "", fmt.Errorf("export batch %d: %w", d.Batch.ID, err)
		}
		if err := store.WriteExport(f.path, b.Bytes()); err != nil {
			return "", "", fmt.Errorf("export batch %d: %w", d.Batch.ID, err)
		}
	}
	return base + ".md", base + ".csv", nil
}
