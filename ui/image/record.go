package imagetab

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"time"

	"atelier/client"
	"atelier/homepath"
	"atelier/store"
)

// errURLOnly is shown in place of an image the service sent as a URL.
var errURLOnly = errors.New("sent as a URL, not as an image: enter opens it")

// record is one image job in the store, from send to its files, in the
// order the command line records one (cmd/atelier/record_image.go):
// AddImageJob with the inputs, then each image saved (SaveMedia,
// AddImageFile), then FinishImageJob. Its methods run in commands.
type record struct {
	db     *store.Store // nil: nothing is recorded
	id     int64        // 0 when the job could not be recorded
	outDir string       // where results are also copied; "" for nowhere
	err    error        // why the job could not be recorded
}

// savedFile is where one image of a reply went.
type savedFile struct {
	index  int    // the image's place in the reply (data[i])
	path   string // what the person is shown: the copy, else the data folder's file, else a URL
	media  string // the file under the data directory; "" if none
	fileID int64  // its image_files row; 0 if none
}

// beginRecord records a request as running, with its inputs: an earlier
// result by its row (lineage), an outside file as a copy, a URL as it is.
func beginRecord(db *store.Store, outDir string, req client.ImageRequest, edit *client.ImageEditRequest, ins inputs) record {
	r := record{db: db, outDir: outDir}
	if db == nil {
		return r
	}
	st := store.ImageJobStart{Endpoint: store.ImageGenerate, Model: req.Model, Prompt: req.Prompt}
	var body any = req
	if edit != nil {
		st.Endpoint, body = store.ImageEdit, *edit
		st.Inputs = recordInputs(db, ins.sources)
	}
	st.RequestJSON, _ = json.Marshal(body)
	st.SettingsJSON, _ = json.Marshal(settingsOf(req, edit))
	r.id, r.err = db.AddImageJob(context.Background(), st)
	return r
}

// settingsOf are the settings the gallery lists: the command line's, and
// what the form adds.
func settingsOf(req client.ImageRequest, edit *client.ImageEditRequest) map[string]any {
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

// recordInputs says where each input came from.
func recordInputs(db *store.Store, sources []source) []store.ImageInput {
	out := make([]store.ImageInput, 0, len(sources))
	for i, s := range sources {
		in := store.ImageInput{Index: i, Role: s.role}
		switch {
		case s.ref.FileID != 0:
			in.FileID = s.ref.FileID
		case len(s.in.Data) > 0:
			if p, err := db.SaveMedia("input", extOf(s.in.Data), bytes.NewReader(s.in.Data)); err == nil {
				in.Path = p
			}
		default:
			in.Path = s.in.URL
		}
		out = append(out, in)
	}
	return out
}

// finish saves each image of resp and ends the job. partial says resp
// holds only the latest partial image of a stream cut short: it is kept,
// marked partial, and not copied out.
func (r record) finish(resp *client.ImageResponse, partial bool, callErr error, total time.Duration) ([]savedFile, error) {
	errs := []error{r.err}
	var files []savedFile
	if resp != nil && len(resp.Data) > 0 {
		imgs, err := resp.Images()
		errs = append(errs, err)
		stamp := time.Now()
		for _, im := range imgs {
			f, err := r.save(im, partial, stamp)
			files = append(files, f)
			errs = append(errs, err)
		}
	}
	if r.id != 0 {
		end := store.ImageJobEnd{Err: callErr, Total: total}
		if resp != nil {
			end.ResponseJSON = resp.Raw
			if resp.Usage != nil {
				end.UsageJSON = resp.Usage.Raw
			}
		}
		errs = append(errs, r.db.FinishImageJob(context.Background(), r.id, end))
	}
	return files, errors.Join(errs...)
}

// save writes one image under the data directory, records it, and copies
// a result to the images folder.
func (r record) save(im client.ImageResult, partial bool, stamp time.Time) (savedFile, error) {
	f := savedFile{index: im.Index, path: im.URL}
	if len(im.Bytes) == 0 {
		return f, nil
	}
	var errs []error
	if r.db != nil {
		rel, written, err := r.db.SaveImage(context.Background(), r.id, im.Ext, im.Bytes)
		if err == nil {
			im.Bytes = written // with its recipe, for the copy too
			f.media, err = r.db.MediaPath(rel)
			f.path = f.media
		}
		if err == nil && r.id != 0 {
			f.fileID, err = r.db.AddImageFile(context.Background(), imageFile(r.id, rel, im, partial))
		}
		errs = append(errs, err)
	}
	if r.outDir != "" && !partial {
		p, err := copyOut(homepath.Expand(r.outDir), stamp, im)
		if err == nil {
			f.path = p
		}
		errs = append(errs, err)
	}
	return f, errors.Join(errs...)
}

// imageFile is the row of a saved image.
func imageFile(job int64, rel string, im client.ImageResult, partial bool) store.ImageFile {
	f := store.ImageFile{JobID: job, Index: im.Index, Path: rel, MIME: "image/" + im.Format,
		Bytes: int64(len(im.Bytes)), Partial: partial}
	if cfg, _, err := image.DecodeConfig(bytes.NewReader(im.Bytes)); err == nil {
		f.Width, f.Height = cfg.Width, cfg.Height
	}
	return f
}

// copyOut writes a result into dir as image-STAMP-N.EXT, never over a file.
func copyOut(dir string, stamp time.Time, im client.ImageResult) (string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("images folder: %w", err)
	}
	base := fmt.Sprintf("image-%s-%d", stamp.Format("20060102-150405"), im.Index+1)
	for i := 1; ; i++ {
		name := base + im.Ext
		if i > 1 {
			name = fmt.Sprintf("%s-%d%s", base, i, im.Ext)
		}
		p := filepath.Join(dir, name)
		f, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if errors.Is(err, os.ErrExist) {
			continue
		}
		if err != nil {
			return "", fmt.Errorf("images folder: %w", err)
		}
		_, err = f.Write(im.Bytes)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return "", fmt.Errorf("images folder: %w", err)
		}
		return p, nil
	}
}

// extOf is a file extension for image bytes, from their format.
func extOf(b []byte) string {
	if f := client.ImageFormatOf(b); f != "" {
		return f
	}
	return "bin"
}
