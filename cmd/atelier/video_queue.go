package main

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"atelier/poller"
	"atelier/store"
)

// The queue's truth on the command line: a failed download
// tried again, and the pause every poller honours (the TUI's `p`).

// pausedLine is what `video wait` says while the queue is paused: it
// honours the pause as every poller does, and waits for the resume.
const pausedLine = "the video queue is paused: nothing is polled or downloaded until it resumes (atelier video resume, or p in the Video tab)"

func (a *app) videoRetryCmd() *cobra.Command {
	var wait bool
	cmd := &cobra.Command{
		Use:   "retry ID [--wait]",
		Short: "Download again the video of a completed task whose download failed",
		Long: "A task the service completed whose video was not saved (refused, cut short, not a video) is listed\n" +
			"as a failed download, never as done. retry clears that and fetches the result again, for a\n" +
			"fresh media URL, resuming any partial file: with --wait here, else in the next poller that runs\n" +
			"(the TUI, or atelier video wait).",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			t, st, err := a.recordedTask(ctx, args[0])
			if err != nil {
				return err
			}
			if _, err := st.RetryVideoDownload(ctx, t.RequestID); errors.Is(err, store.ErrNoFailedDownload) {
				return usagef("video task %s: its download did not fail: nothing to retry", cleanLine(t.RequestID))
			} else if err != nil {
				return err
			}
			if !wait {
				fmt.Fprintln(a.io.err, "video "+cleanLine(t.RequestID)+": the download is tried again by the next poller (atelier video wait, or the TUI)")
				return nil
			}
			c, err := a.newClient(ctx)
			if err != nil {
				return err
			}
			return a.waitVideo(ctx, c, st, t.RequestID)
		},
	}
	cmd.Flags().BoolVar(&wait, "wait", false, "follow the download to its end and print the video's path")
	return cmd
}

// videoPauseCmd is `video pause` (on) or `video resume` (off).
func (a *app) videoPauseCmd(on bool) *cobra.Command {
	use, short, said := "resume", "Resume the video queue: every poller polls and downloads again", "resumed"
	if on {
		use, short, said = "pause", "Pause the video queue: tasks go on at the service, no poller polls or downloads", "paused"
	}
	return &cobra.Command{
		Use:   use,
		Short: short,
		Long: short + ".\nThe pause is kept in the history, so it holds across restarts and for every atelier on this\n" +
			"data directory (the TUI's Video tab shows it and toggles it with p).",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			st, err := a.store()
			if err != nil {
				return err
			}
			if err := poller.SetPaused(cmd.Context(), st, on); err != nil {
				return err
			}
			fmt.Fprintln(a.io.err, "video queue "+said)
			return nil
		},
	}
}

// retryHint adds to a failed download how to try again.
func retryHint(id string, err error) error {
	var de *poller.DownloadError
	if !errors.As(err, &de) {
		return err
	}
	return fmt.Errorf("video task %s: %w (atelier video retry %s tries again)", cleanLine(id), err, cleanLine(id))
}
