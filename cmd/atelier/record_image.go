package main

import (
	"context"
	"time"

	"atelier/client"
	"atelier/store"
	"atelier/store/record"
)

// imageRecord is one image run being recorded.
type imageRecord struct {
	a     *app
	db    *store.Store
	job   *record.ImageJob
	start time.Time
}

// beginImage records an image request as running, with its label; nil when
// history is unavailable.
func (a *app) beginImage(ctx context.Context, req client.ImageRequest, edit *client.ImageEditRequest, label string) *imageRecord {
	db, err := a.store()
	if err != nil {
		a.warn(err)
		return nil
	}
	var sources []record.ImageSource
	if edit != nil {
		sources = record.EditSources(edit)
	}
	job, err := record.BeginLabelledImage(ctx, db, req, edit, sources, label)
	if err != nil {
		a.warn(err)
		return nil
	}
	return &imageRecord{a: a, db: db, job: job, start: time.Now()}
}

// finish saves each result image in the media folder and ends the job.
func (r *imageRecord) finish(ctx context.Context, resp *client.ImageResponse, callErr error) {
	if r == nil {
		return
	}
	if _, _, err := r.job.Finish(ctx, resp, false, callErr, time.Since(r.start)); err != nil {
		r.a.warn(err)
	}
}
