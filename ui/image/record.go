package imagetab

import (
	"context"
	"errors"
	"fmt"
	"time"

	"atelier/client"
	"atelier/internal/homepath"
	"atelier/store"
	"atelier/store/record"
)

// errURLOnly is shown in place of an image the service sent as a URL.
var errURLOnly = errors.New("sent as a URL, not as an image: enter opens it")

// jobRecord is one image job in the store, from send to its files, written by
// package record as the command line writes one; the tab adds the copy
// of each result in its images folder. Its methods run in commands.
type jobRecord struct {
	job    *record.ImageJob // nil: nothing is recorded
	outDir string           // where results are also copied; "" for nowhere
	err    error            // why the job could not be recorded
}

// savedFile is where one image of a reply went.
type savedFile struct {
	index  int    // the image's place in the reply (data[i])
	path   string // what the person is shown: the copy, else the data folder's file, else a URL
	media  string // the file under the data directory; "" if none
	fileID int64  // its image_files row; 0 if none
}

// beginRecord records a request as running, with its label and its
// inputs: an earlier result by its row (lineage), an outside file as a
// copy, a URL as it is.
func beginRecord(db *store.Store, outDir string, req client.ImageRequest, edit *client.ImageEditRequest, ins inputs, label string) jobRecord {
	r := jobRecord{outDir: outDir}
	if db == nil {
		return r
	}
	sources := make([]record.ImageSource, 0, len(ins.sources))
	for _, s := range ins.sources {
		sources = append(sources, record.ImageSource{Role: s.role, Input: s.in, FileID: s.ref.FileID})
	}
	r.job, r.err = record.BeginLabelledImage(context.Background(), db, req, edit, sources, label)
	return r
}

// finish saves each image of resp, ends the job, and copies each result to
// the images folder. partial says resp holds only the latest partial image
// of a stream cut short: it is kept, marked partial, and not copied out.
func (r jobRecord) finish(resp *client.ImageResponse, partial bool, callErr error, total time.Duration) ([]savedFile, error) {
	saved, refused, err := r.job.Finish(context.Background(), resp, partial, callErr, total)
	errs := []error{r.err, refused, err}
	files := make([]savedFile, 0, len(saved))
	stamp := time.Now()
	for _, s := range saved {
		f := savedFile{index: s.Index, path: s.URL, media: s.Media, fileID: s.FileID}
		if s.Media != "" {
			f.path = s.Media
		}
		if r.outDir != "" && !partial && len(s.Bytes) > 0 {
			p, err := record.CopyOut(homepath.Expand(r.outDir), stamp, s.ImageResult)
			if err != nil {
				err = fmt.Errorf("images folder: %w", err)
			} else {
				f.path = p
			}
			errs = append(errs, err)
		}
		files = append(files, f)
	}
	return files, errors.Join(errs...)
}
