package main

import (
	"bytes"
	"context"
	"encoding/json"
	"image"
	_ "image/gif" // image sizes for history
	_ "image/jpeg"
	_ "image/png"
	"time"

	"atelier/client"
	"atelier/store"
)

// imageRecord is one image run being recorded.
type imageRecord struct {
	a     *app
	db    *store.Store
	id    int64
	start time.Time
}

// beginImage records an image request as running; nil when history is
// unavailable.
func (a *app) beginImage(ctx context.Context, req client.ImageRequest, edit *client.ImageEditRequest) *imageRecord {
	db, err := a.store()
	if err != nil {
		a.warn(err)
		return nil
	}
	st := store.ImageJobStart{Endpoint: store.ImageGenerate, Model: req.Model, Prompt: req.Prompt}
	var body any = req
	if edit != nil {
		st.Endpoint, body = store.ImageEdit, *edit
		st.Inputs = a.recordInputs(db, edit)
	}
	st.RequestJSON, _ = json.Marshal(body)
	st.SettingsJSON, _ = json.Marshal(map[string]any{"size": req.Size, "quality": req.Quality,
		"n": req.N, "output_format": req.OutputFormat, "background": req.Background})
	id, err := db.AddImageJob(ctx, st)
	if err != nil {
		a.warn(err)
		return nil
	}
	return &imageRecord{a: a, db: db, id: id, start: time.Now()}
}

// recordInputs copies an edit's local input files into the media folder.
func (a *app) recordInputs(db *store.Store, edit *client.ImageEditRequest) []store.ImageInput {
	var out []store.ImageInput
	add := func(in client.ImageInput, role string) {
		si := store.ImageInput{Index: len(out), Role: role}
		if len(in.Data) > 0 {
			if p, err := db.SaveMedia("input", extOf(in.Data), bytes.NewReader(in.Data)); err == nil {
				si.Path = p
			}
		} else {
			si.Path = in.URL
		}
		out = append(out, si)
	}
	for _, in := range edit.Images {
		add(in, "image")
	}
	if edit.Mask != nil {
		add(*edit.Mask, "mask")
	}
	return out
}

// finish saves each result image in the media folder and ends the job.
func (r *imageRecord) finish(ctx context.Context, resp *client.ImageResponse, callErr error) {
	if r == nil {
		return
	}
	end := store.ImageJobEnd{Err: callErr, Total: time.Since(r.start)}
	if resp != nil {
		end.ResponseJSON = resp.Raw
		if resp.Usage != nil {
			end.UsageJSON = resp.Usage.Raw
		}
		imgs, ierr := resp.Images()
		if end.Err == nil {
			end.Err = ierr // an image refused (too large, not base64) is not a complete job
		}
		for _, im := range imgs {
			if len(im.Bytes) == 0 {
				continue
			}
			if err := r.saveFile(ctx, im); err != nil {
				r.a.warn(err)
			}
		}
	}
	if err := r.db.FinishImageJob(ctx, r.id, end); err != nil {
		r.a.warn(err)
	}
}

func (r *imageRecord) saveFile(ctx context.Context, im client.ImageResult) error {
	p, err := r.db.SaveMedia("image", im.Ext, bytes.NewReader(im.Bytes))
	if err != nil {
		return err
	}
	f := store.ImageFile{JobID: r.id, Index: im.Index, Path: p, MIME: "image/" + im.Format, Bytes: int64(len(im.Bytes))}
	if cfg, _, err := image.DecodeConfig(bytes.NewReader(im.Bytes)); err == nil {
		f.Width, f.Height = cfg.Width, cfg.Height
	}
	_, err = r.db.AddImageFile(ctx, f)
	return err
}

// extOf is a file extension for image bytes, from their format.
func extOf(b []byte) string {
	if f := client.ImageFormatOf(b); f != "" {
		return "." + f
	}
	return ".bin"
}
