package share

import (
	"context"
	"fmt"
	"html/template"

	"atelier/batch"
	"atelier/store"
)

// batchView is a batch: its summary per target, its matrix (a case a
// row, a target a column, each repeat's outcome in the cell), then each
// case's replies. The batch file's path is never shown.
type batchView struct {
	ID      int64
	Name    string
	Line    string
	System  string
	Summary []batch.TargetSummary
	Targets []string
	Rows    []batchRow
}

type batchRow struct {
	Name   string
	Prompt string
	Cells  [][]cellView // by target, then repeat
}

type cellView struct {
	Target  string
	Repeat  int
	Status  string
	Mark    string // ✓ checks passed, ✗ failed, "" none
	Figures string
	Error   string
	Failed  []string
	Image   *mediaView
	Reply   template.HTML
}

func batchSection(ctx context.Context, db *store.Store, id int64, m *media) (section, error) {
	d, err := batch.LoadReport(ctx, db, id)
	if err != nil {
		return section{}, err
	}
	p := d.Plan
	v := &batchView{ID: d.Batch.ID, Name: d.Batch.Name, System: p.System, Summary: d.Summary, Targets: p.Targets,
		Line: fmt.Sprintf("%s · %s · %d done, %d failed · started %s", d.Batch.Status, d.Shape(), d.Batch.Done,
			d.Batch.Failed, stamp(d.Batch.CreatedAt))}
	v.Rows = make([]batchRow, len(p.Cases))
	for i, cs := range p.Cases {
		v.Rows[i] = batchRow{Name: cs.Name, Prompt: cs.Text, Cells: make([][]cellView, len(p.Targets))}
	}
	for _, c := range d.Cells {
		if c.Case >= len(v.Rows) || c.Target >= len(p.Targets) {
			continue
		}
		cv := cellView{Target: p.Targets[c.Target], Repeat: c.Repeat + 1, Status: c.Status, Error: c.Error,
			Failed: batch.FailedChecks(c), Reply: thinking(d.Replies[c.Cell])}
		if c.Passed != nil {
			cv.Mark = map[bool]string{true: "✓", false: "✗"}[*c.Passed]
		}
		if c.Status == store.CellDone && c.Total > 0 {
			cv.Figures = fmt.Sprintf("%s, %d tokens", batch.Secs(c.Total), c.Usage.OutputTokens)
		}
		if c.Media != "" {
			mv, err := m.image(c.Media, fmt.Sprintf("%s · repeat %d", cv.Target, cv.Repeat))
			if err != nil {
				return section{}, err
			}
			cv.Image = &mv
		}
		row := &v.Rows[c.Case]
		row.Cells[c.Target] = append(row.Cells[c.Target], cv)
	}
	return section{Batch: v}, nil
}
