package record

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"image"
	_ "image/gif" // the sizes of the images recorded
	_ "image/jpeg"
	_ "image/png"
	"time"

	_ "golang.org/x/image/webp"

	"atelier/client"
	"atelier/store"
)

// ImageSource is one input of an edit, with where the history says it
// came from.
type ImageSource struct {
	Role   string // "image" or "mask", as the store names them
	Input  client.ImageInput
	FileID int64 // an earlier result's row (lineage); 0 for an outside file or a URL
}

// EditSources are the inputs of edit, images then the mask, none of them
// from the history.
func EditSources(edit *client.ImageEditRequest) []ImageSource {
	var out []ImageSource
	for _, in := range edit.Images {
		out = append(out, ImageSource{Role: "image", Input: in})
	}
	if edit.Mask != nil {
		out = append(out, ImageSource{Role: "mask", Input: *edit.Mask})
	}
	return out
}

// ImageJob is one image job in the history, from its request to its files.
// A nil *ImageJob records nothing.
type ImageJob struct {
	db *store.Store
	id int64
}

// BeginImage stores an image request as running, with its settings and,
// for an edit, its inputs: an earlier result by its row, an outside file
// as a copy in the media folder, a URL as it is.
func BeginImage(ctx context.Context, db *store.Store, req client.ImageRequest, edit *client.ImageEditRequest, sources []ImageSource) (*ImageJob, error) {
	return beginImage(ctx, db, 0, req, edit, sources, "")
}

// BeginLabelledImage is BeginImage for a job with a label (the
// idea it belongs to; see store.NormalizeLabel), "" for none. A bad label
// records nothing and is returned as the error.
func BeginLabelledImage(ctx context.Context, db *store.Store, req client.ImageRequest, edit *client.ImageEditRequest, sources []ImageSource, label string) (*ImageJob, error) {
	return beginImage(ctx, db, 0, req, edit, sources, label)
}

// BeginBatchImage is BeginImage for a cell of image batch batchID: the job
// is named the batch's, so it stays with its batch.
func BeginBatchImage(ctx context.Context, db *store.Store, batchID int64, req client.ImageRequest) (*ImageJob, error) {
	return beginImage(ctx, db, batchID, req, nil, nil, "")
}

func beginImage(ctx context.Context, db *store.Store, batchID int64, req client.ImageRequest, edit *client.ImageEditRequest, sources []ImageSource, label string) (*ImageJob, error) {
	ctx = context.WithoutCancel(ctx)
	st := store.ImageJobStart{Endpoint: store.ImageGenerate, Model: req.Model, Prompt: req.Prompt, BatchID: batchID, Label: label}
	var body any = req
	if edit != nil {
		st.Endpoint, body = store.ImageEdit, *edit
		st.Inputs = inputs(db, sources)
	}
	st.RequestJSON, _ = json.Marshal(body)
	st.SettingsJSON, _ = json.Marshal(imageSettings(req, edit))
	id, err := db.AddImageJob(ctx, st)
	if err != nil {
		return nil, err
	}
	return &ImageJob{db: db, id: id}, nil
}

// ID is the job's row; 0 for a nil job.
func (j *ImageJob) ID() int64 {
	if j == nil {
		return 0
	}
	return j.id
}

// imageSettings are the settings the gallery and `history show` list.
func imageSettings(req client.ImageRequest, edit *client.ImageEditRequest) map[string]any {
	s := map[string]any{"size": req.Size, "quality": req.Quality, "n": req.N,
		"output_format": req.OutputFormat, "background": req.Background, "stream": req.Stream}
	if req.OutputCompression != nil {
		s["output_compression"] = *req.OutputCompression
	}
	if req.PartialImages != nil {
		s["partial_images"] = *req.PartialImages
	}
	if edit != nil && edit.Multipart {
		s["multipart"] = true
	}
	return s
}

// inputs are the rows of an edit's inputs. An outside file that cannot be
// copied is recorded without its path: the job matters more than its
// provenance.
func inputs(db *store.Store, sources []ImageSource) []store.ImageInput {
	out := make([]store.ImageInput, 0, len(sources))
	for i, s := range sources {
		in := store.ImageInput{Index: i, Role: s.Role}
		switch {
		case s.FileID != 0:
			in.FileID = s.FileID
		case len(s.Input.Data) > 0:
			if p, err := db.SaveMedia("input", extOf(s.Input.Data), bytes.NewReader(s.Input.Data)); err == nil {
				in.Path = p
			}
		default:
			in.Path = s.Input.URL
		}
		out = append(out, in)
	}
	return out
}

// SavedImage is one image of a reply and where it went.
type SavedImage struct {
	client.ImageResult
	Media  string // its file under the data folder (absolute); "" when not saved
	FileID int64  // its image_files row; 0 when none
}

// Finish saves each image of resp in the media folder, records it, and
// ends the job: failed with callErr, or with the reason an image was
// refused (too large, not base64: not a complete job), else complete.
// partial says resp holds only the latest partial image of a stream cut
// short: it is kept, marked partial. A nil job saves nothing but still
// lists the images.
//
// It returns the images (those sent as a URL have no Media), why an image
// was refused, and what could not be recorded.
func (j *ImageJob) Finish(ctx context.Context, resp *client.ImageResponse, partial bool, callErr error, total time.Duration) (saved []SavedImage, refused, err error) {
	ctx = context.WithoutCancel(ctx)
	var errs []error
	if resp != nil && j != nil {
		j.db.SetRecipeRequestID(j.id, resp.RequestID) // before the images that carry it are saved
	}
	if resp != nil {
		var imgs []client.ImageResult
		imgs, refused = resp.Images()
		for _, im := range imgs {
			s := SavedImage{ImageResult: im}
			if len(im.Bytes) > 0 && j != nil {
				errs = append(errs, j.save(ctx, &s, partial))
			}
			saved = append(saved, s)
		}
	}
	if j == nil {
		return saved, refused, nil
	}
	end := store.ImageJobEnd{Err: callErr, Total: total}
	if end.Err == nil {
		end.Err = refused
	}
	if resp != nil {
		end.ResponseJSON = resp.Raw
		if resp.Usage != nil {
			end.UsageJSON = resp.Usage.Raw
		}
	}
	errs = append(errs, j.db.FinishImageJob(ctx, j.id, end))
	return saved, refused, errors.Join(errs...)
}

// save writes one image under the data folder and records its row.
func (j *ImageJob) save(ctx context.Context, s *SavedImage, partial bool) error {
	im := s.ImageResult
	rel, written, err := j.db.SaveImage(ctx, j.id, im.Ext, im.Bytes)
	if err != nil {
		return err
	}
	// The file carries the job's recipe in its metadata: so does a copy
	// made from s (CopyOut).
	s.Bytes, im.Bytes = written, written
	if s.Media, err = j.db.MediaPath(rel); err != nil {
		return err
	}
	f := store.ImageFile{JobID: j.id, Index: im.Index, Path: rel, MIME: "image/" + im.Format,
		Bytes: int64(len(im.Bytes)), Partial: partial}
	if cfg, _, err := image.DecodeConfig(bytes.NewReader(im.Bytes)); err == nil {
		f.Width, f.Height = cfg.Width, cfg.Height
	}
	s.FileID, err = j.db.AddImageFile(ctx, f)
	return err
}

// extOf is a file extension for image bytes, from their format.
func extOf(b []byte) string {
	if f := client.ImageFormatOf(b); f != "" {
		return f
	}
	return "bin"
}
