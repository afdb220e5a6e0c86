package main

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"atelier/batch"
	"atelier/store"
)

// The batch commands are wiring: the batch package plans, runs, records
// and summarizes; these read the arguments and print.

func (a *app) batchCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "batch",
		Short: "Run a set of prompts × targets × repeats from a file, resume it, read its results",
		Long: "A batch file (TOML) lists prompts (inline or from files, with {{variables}}), targets in\n" +
			"compare's FAMILY:MODEL[:key=value,...] form, repeats and checks; see the README's \"Batch runs\".\n" +
			"Every reply is recorded in history as it finishes, so a stopped or killed run resumes\n" +
			"where it stopped and never sends a finished cell again.",
	}
	cmd.AddCommand(a.batchRunCmd(), a.batchResumeCmd(), a.batchListCmd(), a.batchShowCmd(), a.batchExportCmd(), a.batchDeleteCmd())
	return cmd
}

// batchRunFlags are the flags run and resume share.
type batchRunFlags struct {
	concurrency int
	json        bool
	retryFailed bool
	yes         bool // run even when the estimate passes the [budget]
	outside     bool // read prompt files outside the batch file's folder
}

func (f *batchRunFlags) add(cmd *cobra.Command) {
	cmd.Flags().IntVar(&f.concurrency, "concurrency", 0, fmt.Sprintf("requests at once per family (default: the file's, else %d; at most %d)",
		batch.DefaultConcurrency, batch.MaxConcurrency))
	cmd.Flags().BoolVar(&f.json, "json", false, "print the result as JSON")
}

func (f *batchRunFlags) check() error {
	if f.concurrency < 0 || f.concurrency > batch.MaxConcurrency {
		return usagef("--concurrency: must be 1 to %d (got %d)", batch.MaxConcurrency, f.concurrency)
	}
	return nil
}

func (a *app) batchRunCmd() *cobra.Command {
	var f batchRunFlags
	cmd := &cobra.Command{
		Use:   "run FILE",
		Short: "Run a batch file: every prompt to every target, repeats times, with checks",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := f.check(); err != nil {
				return err
			}
			var sets batch.TargetSets // a target_set is read from the history
			if db, err := a.store(); err == nil {
				sets = batch.StoreSets(cmd.Context(), db)
			}
			read := batch.ReadOptions{AllowOutsideFiles: f.outside, Sets: sets}
			if cfg, err := a.settings(); err == nil {
				read.Judge = cfg.Arena.Judge
			}
			plan, err := batch.ReadFileWith(args[0], read)
			if err != nil {
				return usageError{err}
			}
			if err := a.guard(cmd.Context(), "batch", batchEstimate(a.prices(), plan), f.yes); err != nil {
				return err
			}
			return a.runBatch(cmd.Context(), f, func(ctx context.Context, db *store.Store) (int64, error) {
				return batch.Create(ctx, db, plan, args[0])
			})
		},
	}
	f.add(cmd)
	cmd.Flags().BoolVarP(&f.yes, "yes", "y", false, "run even when the estimate passes the [budget]")
	cmd.Flags().BoolVar(&f.outside, "allow-outside-files", false,
		"read prompt files outside the batch file's folder (by default a file = must lie in that folder or below, links followed)")
	return cmd
}

func (a *app) batchResumeCmd() *cobra.Command {
	var f batchRunFlags
	cmd := &cobra.Command{
		Use:   "resume ID",
		Short: "Run the cells of a stopped batch that are not done",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := f.check(); err != nil {
				return err
			}
			id, err := batchID(args[0])
			if err != nil {
				return err
			}
			return a.runBatch(cmd.Context(), f, func(ctx context.Context, db *store.Store) (int64, error) {
				b, err := db.Batch(ctx, id)
				if err != nil {
					return 0, err
				}
				if why := batch.NothingToResume(*b, f.retryFailed, "--retry-failed"); why != "" {
					return 0, errNothingToResume{id, why}
				}
				return id, nil
			})
		},
	}
	f.add(cmd)
	cmd.Flags().BoolVar(&f.retryFailed, "retry-failed", false, "run again the cells that failed (an error, no reply)")
	return cmd
}

// errNothingToResume is a resume that would run no cell: said, not run.
type errNothingToResume struct {
	id  int64
	why string
}

func (e errNothingToResume) Error() string { return e.why }

// batchArg reads the ID argument and opens the history it is in.
func (a *app) batchArg(args []string) (int64, *store.Store, error) {
	id, err := batchID(args[0])
	if err != nil {
		return 0, nil, err
	}
	db, err := a.store()
	return id, db, err
}

// batchID reads a batch's id: a number, or batch:N as history writes it.
func batchID(s string) (int64, error) {
	id, err := strconv.ParseInt(strings.TrimPrefix(s, "batch:"), 10, 64)
	if err != nil || id < 1 {
		return 0, usagef("batch id %q: want a positive number (see atelier batch list)", s)
	}
	return id, nil
}

// runBatch runs the batch idOf names (or creates, once the history and the
// service are at hand) with a progress line on a terminal, then prints its
// summary. A stop (ctrl+c) ends the run cleanly and says how to resume.
func (a *app) runBatch(ctx context.Context, f batchRunFlags, idOf func(context.Context, *store.Store) (int64, error)) error {
	db, err := a.store()
	if err != nil {
		return err
	}
	c, err := a.newClient(ctx)
	if err != nil {
		return err
	}
	id, err := idOf(ctx, db)
	var nothing errNothingToResume
	if errors.As(err, &nothing) {
		fmt.Fprintln(a.io.err, "atelier: "+nothing.why)
		return a.printBatch(ctx, db, nothing.id, f.json)
	}
	if err != nil {
		return err
	}
	progress := make(chan batch.Progress)
	shown := make(chan struct{})
	go func() {
		a.showBatchProgress(progress)
		close(shown)
	}()
	if !f.json {
		fmt.Fprintf(a.io.err, "atelier: batch %d\n", id)
	}
	final, err := batch.Run(ctx, c, db, id, batch.Options{Concurrency: f.concurrency, RetryFailed: f.retryFailed, Progress: progress})
	<-shown
	if errors.Is(err, context.Canceled) {
		return fmt.Errorf("batch %d stopped with %d of %d cells left; resume with: atelier batch resume %d", id, final.Left(), final.Total, id)
	}
	if err != nil {
		return err
	}
	return a.printBatch(context.WithoutCancel(ctx), db, id, f.json)
}
