package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/spf13/cobra"

	"atelier/batch"
	"atelier/internal/termtext"
	"atelier/store"
)

func (a *app) batchListCmd() *cobra.Command {
	var asJSON bool
	var limit int
	cmd := &cobra.Command{
		Use:   "list",
		Short: "List batches, newest first",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			db, err := a.store()
			if err != nil {
				return err
			}
			list, err := db.Batches(cmd.Context(), limit)
			if err != nil {
				return err
			}
			if asJSON {
				rows := make([]batchJSON, len(list))
				for i, b := range list {
					rows[i] = newBatchJSON(&b)
				}
				return writeJSON(a.jsonOut(), rows)
			}
			return printTable(a.io.out, "ID\tWHEN\tNAME\tSTATUS\tCELLS\tDONE\tFAILED\tPASSED", list, func(b store.Batch) string {
				return fmt.Sprintf("%d\t%s\t%s\t%s\t%d\t%d\t%d\t%d", b.ID, b.CreatedAt.Local().Format("2006-01-02 15:04"),
					clip(termtext.String(b.Name), 40), b.Status, b.Cells, b.Done, b.Failed, b.Passed)
			})
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print JSON")
	cmd.Flags().IntVar(&limit, "limit", 50, "at most this many batches")
	return cmd
}

func (a *app) batchShowCmd() *cobra.Command {
	return showCmd("show ID", "Print a batch's summary per target: pass rate, times, tokens/s, length, errors, stability",
		"print JSON", func(ctx context.Context, arg string, asJSON bool) error {
			id, db, err := a.batchArg([]string{arg})
			if err != nil {
				return err
			}
			return a.printBatch(ctx, db, id, asJSON)
		})
}

func (a *app) batchDeleteCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "delete ID",
		Short: "Delete a batch with the conversations of its cells",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			id, db, err := a.batchArg(args)
			if err != nil {
				return err
			}
			if err := db.DeleteBatch(cmd.Context(), id); err != nil {
				return err
			}
			fmt.Fprintf(a.io.err, "atelier: batch %d deleted\n", id)
			return nil
		},
	}
}

// batchJSON is a batch as --json prints it.
type batchJSON struct {
	ID      int64                 `json:"id"`
	Name    string                `json:"name"`
	File    string                `json:"file,omitempty"`
	Status  string                `json:"status"`
	Created time.Time             `json:"created_at"`
	Cells   int                   `json:"cells"`
	Done    int                   `json:"done"`
	Failed  int                   `json:"failed"`
	Passed  int                   `json:"passed"`
	Summary []batch.TargetSummary `json:"summary,omitempty"`
	Files   []batchFileJSON       `json:"files,omitempty"` // an image batch's: each cell's file
	// Repeats are each case's repeats per target, case by case: class,
	// pass^N, the answers collapsed, where they part ways.
	Repeats []batch.Repeats `json:"repeats,omitempty"`
}

// batchFileJSON is an image cell's file as --json prints it.
type batchFileJSON struct {
	Cell   int    `json:"cell"`
	Case   string `json:"case"`
	Target string `json:"target"`
	Repeat int    `json:"repeat"`
	Status string `json:"status"`
	File   string `json:"file,omitempty"`
	Error  string `json:"error,omitempty"`
}

// imageFiles are an image batch's cells with their files.
func imageFiles(d *batch.Report) []batchFileJSON {
	if !d.Plan.IsImage() {
		return nil
	}
	out := make([]batchFileJSON, 0, len(d.Cells))
	for _, c := range d.Cells {
		out = append(out, batchFileJSON{Cell: c.Cell, Case: d.Plan.Cases[c.Case].Name, Target: d.Plan.Targets[c.Target],
			Repeat: c.Repeat + 1, Status: c.Status, File: c.Media, Error: c.Error})
	}
	return out
}

// writeFiles writes an image batch's files, a line per cell.
func writeFiles(w io.Writer, files []batchFileJSON) error {
	if len(files) == 0 {
		return nil
	}
	fmt.Fprintln(w)
	return printTable(w, "CASE\tTARGET\tREPEAT\tSTATUS\tFILE", files, func(f batchFileJSON) string {
		file := f.File
		if file == "" {
			file = f.Error
		}
		return fmt.Sprintf("%s\t%s\t%d\t%s\t%s", termtext.String(f.Case), termtext.String(f.Target), f.Repeat, f.Status, termtext.String(file))
	})
}

func newBatchJSON(b *store.Batch) batchJSON {
	return batchJSON{ID: b.ID, Name: b.Name, File: b.File, Status: b.Status, Created: b.CreatedAt, Cells: b.Cells,
		Done: b.Done, Failed: b.Failed, Passed: b.Passed}
}

// printBatch prints a batch's summary table, or its JSON.
func (a *app) printBatch(ctx context.Context, db *store.Store, id int64, asJSON bool) error {
	d, err := batch.LoadReport(ctx, db, id)
	if err != nil {
		return err
	}
	if asJSON {
		out := newBatchJSON(d.Batch)
		out.Summary, out.Files = d.Summary, imageFiles(d)
		for _, row := range d.Repeats {
			out.Repeats = append(out.Repeats, row...)
		}
		return writeJSON(a.jsonOut(), out)
	}
	fmt.Fprintf(a.io.out, "batch %d %q: %s · %s · %d done, %d failed\n",
		d.Batch.ID, termtext.String(d.Batch.Name), d.Batch.Status, d.Shape(), d.Batch.Done, d.Batch.Failed)
	if err := writeSummary(a.io.out, d.Summary); err != nil {
		return err
	}
	if err := writeRepeats(a.io.out, d); err != nil {
		return err
	}
	return writeFiles(a.io.out, imageFiles(d))
}

// writeSummary writes the per-target table.
func writeSummary(w io.Writer, rows []batch.TargetSummary) error {
	const header = "TARGET\tDONE\tPASS\tTTFT p50\tp95\tTOTAL p50\tp95\tTOK/S\tOUT TOK\tERRORS\tSTABILITY\tPASS^N\tFLAKY"
	return printTable(w, header, rows, func(s batch.TargetSummary) string {
		return fmt.Sprintf("%s\t%d/%d\t%s\t%s\t%s\t%s\t%s\t%.1f\t%.0f\t%d\t%s\t%s\t%d", termtext.String(s.Target), s.Done, s.Cells,
			rate(s.PassRate), secs(s.TTFTMedian), secs(s.TTFTP95), secs(s.TotalMedian), secs(s.TotalP95),
			s.TokensPerSecond, s.OutputTokens, s.Failed, share(s.Stability), share(s.PassHatN), s.Flaky)
	})
}

// rate and share write a pass rate and a similarity as the summary does,
// secs a time.
var rate, share, secs = batch.RateText, batch.ShareText, batch.Secs

// writeRepeats writes, for a batch with repeats, how many cases always
// pass, always fail or flicker, then every flaky case and every case whose
// repeats answered differently, a line each.
func writeRepeats(w io.Writer, d *batch.Report) error {
	if d.Plan.Repeats < 2 {
		return nil
	}
	classes := map[string]int{}
	var lines []string
	for _, row := range d.Repeats {
		for _, r := range row {
			classes[r.Class]++
			if r.Class == batch.ClassFlaky || len(r.Answers) > 1 {
				lines = append(lines, fmt.Sprintf("  %s · %s: %s", termtext.String(r.Case), termtext.String(r.Target),
					termtext.String(batch.RepeatsText(r))))
			}
		}
	}
	fmt.Fprintf(w, "\nRepeats (%d per case and target): %d always pass, %d flaky, %d always fail\n",
		d.Plan.Repeats, classes[batch.ClassPasses], classes[batch.ClassFlaky], classes[batch.ClassFails])
	for _, l := range lines {
		if _, err := fmt.Fprintln(w, l); err != nil {
			return err
		}
	}
	return nil
}
