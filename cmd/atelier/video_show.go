package main

import (
	"cmp"
	"context"
	"fmt"
	"strings"
	"text/tabwriter"
	"time"

	"atelier/client"
	"atelier/poller"
	"atelier/store"
)

// handle is a recorded task as the client follows it.
func handle(t *store.VideoTask) *client.VideoTask {
	return &client.VideoTask{RequestID: t.RequestID, Status: t.Status, StatusURL: t.StatusURL,
		ResponseURL: t.ResponseURL, CancelURL: t.CancelURL, Family: t.Family, Endpoint: t.Endpoint}
}

func (a *app) runVideoStatus(ctx context.Context, id string, asJSON bool) error {
	t, st, err := a.recordedTask(ctx, id)
	if err != nil {
		return err
	}
	c, err := a.newClient(ctx)
	if err != nil {
		return err
	}
	h, err := c.VideoStatus(ctx, handle(t))
	if err != nil {
		return err
	}
	poller.Record(ctx, st, id, h) // a fresh status is worth keeping; failing to keep it is not worth an error
	te := h.Failure()
	switch {
	case asJSON:
		fmt.Fprintln(a.jsonOut(), string(h.Raw))
	case te != nil:
		fmt.Fprintln(a.io.out, store.VideoFailed) // a form C failure says COMPLETED
	default:
		fmt.Fprintln(a.io.out, cleanLine(cmp.Or(h.Status, noStatus)))
	}
	if te != nil {
		return te
	}
	return nil
}

func (a *app) runVideoResult(ctx context.Context, id string, asJSON bool) error {
	t, st, err := a.recordedTask(ctx, id)
	if err != nil {
		return err
	}
	if !asJSON && t.Done {
		return a.printSaved(st, *t)
	}
	c, err := a.newClient(ctx)
	if err != nil {
		return err
	}
	if !strings.EqualFold(t.Status, client.VideoCompleted) { // never ask for the result of a running task
		h, err := c.VideoStatus(ctx, handle(t))
		if err != nil {
			return err
		}
		if te := h.Failure(); te != nil {
			return te
		}
		if !h.Terminal() {
			return fmt.Errorf("video task %s is still %s: no result yet (atelier video wait %s follows it)", id, cleanLine(h.Status), id)
		}
	}
	res, err := c.VideoResult(ctx, handle(t))
	if err != nil {
		return err
	}
	if asJSON {
		fmt.Fprintln(a.jsonOut(), string(res.Raw))
		return nil
	}
	for _, f := range res.Files() {
		fmt.Fprintln(a.io.out, cleanLine(f.URL))
	}
	return nil
}

// printSaved prints a done task's video path, or its failure as the error.
func (a *app) printSaved(st *store.Store, t store.VideoTask) error {
	if te := poller.Failure(t); te != nil {
		return te
	}
	if de := poller.DownloadFailure(t); de != nil {
		return retryHint(t.RequestID, de)
	}
	if t.VideoPath == "" {
		return fmt.Errorf("video task %s completed without a video (see --json for its result)", t.RequestID)
	}
	p, err := st.MediaPath(t.VideoPath)
	if err != nil {
		return err
	}
	fmt.Fprintln(a.io.out, p)
	return nil
}

func (a *app) runVideoList(ctx context.Context, q store.VideoQuery, asJSON bool) error {
	st, err := a.store()
	if err != nil {
		return err
	}
	tasks, err := st.VideoTasks(ctx, q)
	if err != nil {
		return err
	}
	rows := make([]videoRow, len(tasks))
	for i, t := range tasks {
		rows[i] = newVideoRow(st, t)
	}
	if asJSON {
		return writeJSON(a.jsonOut(), rows)
	}
	tw := tabwriter.NewWriter(a.io.out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "REQUEST ID\tENDPOINT\tSTATUS\tLABEL\tAGE\tFILE")
	now := time.Now()
	for _, r := range rows {
		file := cmp.Or(r.File, "-")
		if r.DownloadError != "" {
			file = "download failed: " + cleanLine(r.DownloadError)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", cleanLine(r.RequestID), cleanLine(r.Endpoint), cleanLine(r.Status),
			cmp.Or(cleanLine(r.Label), "-"), age(now.Sub(r.SubmittedAt)), file)
	}
	return tw.Flush()
}

// videoRow is a video task as video list prints it, in a table or as
// JSON: its status in the table's one vocabulary, and its file's path once
// the video is saved.
type videoRow struct {
	RequestID     string    `json:"request_id"`
	Endpoint      string    `json:"endpoint"`
	Status        string    `json:"status"`
	Label         string    `json:"label,omitempty"`
	SubmittedAt   time.Time `json:"submitted_at"`
	File          string    `json:"file,omitempty"`
	DownloadError string    `json:"download_error,omitempty"`
}

func newVideoRow(st *store.Store, t store.VideoTask) videoRow {
	r := videoRow{RequestID: t.RequestID, Endpoint: t.Endpoint, Status: cmp.Or(t.Status, noStatus), Label: t.Label,
		SubmittedAt: t.SubmittedAt}
	switch {
	case t.Failed():
		r.Status = store.VideoFailed // a record of an earlier version may say COMPLETED
	case t.DownloadFailed():
		r.Status, r.DownloadError = "DOWNLOAD FAILED", t.DownloadError
	}
	if p, err := st.MediaPath(t.VideoPath); t.VideoPath != "" && t.Done && err == nil {
		r.File = p
	}
	return r
}

// age is a duration in its largest whole unit: 42s, 5m, 3h, 12d.
func age(d time.Duration) string {
	switch {
	case d < time.Minute:
		return fmt.Sprintf("%ds", int(max(d, 0)/time.Second))
	case d < time.Hour:
		return fmt.Sprintf("%dm", int(d/time.Minute))
	case d < 48*time.Hour:
		return fmt.Sprintf("%dh", int(d/time.Hour))
	}
	return fmt.Sprintf("%dd", int(d/(24*time.Hour)))
}
