package imagetab

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"

	tea "charm.land/bubbletea/v2"

	"atelier/store"
	"atelier/ui/tab"
)

// openJob opens a job's image in the system's viewer.
func openJob(db *store.Store, open func(string) error, j store.ImageJob) tea.Cmd {
	f, ok := shownFile(j)
	if !ok {
		return tab.Warn("this job kept no image")
	}
	path, err := db.MediaPath(f.Path)
	if err != nil {
		return tab.Error(err)
	}
	return openPath(open, path)
}

// jobEditRef is a job's image in db as the input of the next request, or
// what to say when it has none.
func jobEditRef(db *store.Store, j store.ImageJob) (inputRef, tea.Cmd) {
	f, ok := shownFile(j)
	if !ok || f.Partial {
		return inputRef{}, tab.Warn("this job kept no result to edit")
	}
	path, err := db.MediaPath(f.Path)
	if err != nil {
		return inputRef{}, tab.Error(err)
	}
	return inputRef{Ref: path, FileID: f.ID}, nil
}

// fillFrom reads job j from db back into a form: its request, and its
// inputs with their lineage. It waits on the store, so it runs as a command.
func fillFrom(db *store.Store, j store.ImageJob) tea.Cmd {
	id := j.ID
	return func() tea.Msg {
		s, err := jobSpec(context.Background(), db, id)
		return result(jobFilledMsg{id: id, spec: s, err: err})
	}
}

// storedRequest is what the form takes back from a recorded request.
type storedRequest struct {
	Model             string `json:"model"`
	Prompt            string `json:"prompt"`
	Size              string `json:"size"`
	Quality           string `json:"quality"`
	Background        string `json:"background"`
	N                 int    `json:"n"`
	OutputFormat      string `json:"output_format"`
	OutputCompression *int   `json:"output_compression"`
	Stream            bool   `json:"stream"`
	PartialImages     *int   `json:"partial_images"`
}

// jobSpec reads job id back as the form that would send it again.
func jobSpec(ctx context.Context, db *store.Store, id int64) (spec, error) {
	j, err := db.ImageJob(ctx, id)
	if err != nil {
		return spec{}, err
	}
	s, err := requestSpec(j.Model, j.Prompt, j.RequestJSON, j.SettingsJSON)
	if err != nil {
		return spec{}, fmt.Errorf("image job %d: request: %w", id, err)
	}
	s.Inputs, s.Mask, err = jobInputs(ctx, db, j)
	return s, err
}

// requestSpec is a recorded request as the form holds it, its inputs
// aside.
func requestSpec(model, prompt string, request, settingsJSON json.RawMessage) (spec, error) {
	var r storedRequest
	if len(request) > 0 {
		if err := json.Unmarshal(request, &r); err != nil {
			return spec{}, err
		}
	}
	var settings struct {
		Multipart bool `json:"multipart"`
	}
	_ = json.Unmarshal(settingsJSON, &settings) // an older job may lack them
	return spec{Model: model, Prompt: prompt, Size: r.Size, Quality: r.Quality, Background: r.Background,
		Format: r.OutputFormat, N: optInt(&r.N, true), Compression: optInt(r.OutputCompression, false),
		Partials: optInt(r.PartialImages, false), Stream: r.Stream, Multipart: settings.Multipart}, nil
}

// fillFromRecipe is fillFrom with the request History's R read from the
// recipe in the job's saved file, which wins over the row's; the inputs,
// which the recipe knows by their hashes only, are the row's.
func fillFromRecipe(db *store.Store, msg tab.RerunMsg) tea.Cmd {
	return func() tea.Msg {
		s, err := jobSpec(context.Background(), db, msg.ID)
		if err == nil {
			var r spec
			if r, err = requestSpec(msg.Model, msg.Prompt, msg.BodyJSON, msg.SettingsJSON); err == nil {
				// The row's inputs in the recipe's request (one statement
				// would copy r before its inputs are set), and the recipe's
				// fields without a row (a seed: what tells variants apart in
				// the strip) as they were.
				r.Inputs, r.Mask = s.Inputs, s.Mask
				s = r
				s.Extra, err = otherFields(msg.BodyJSON)
			}
		}
		return result(jobFilledMsg{id: msg.ID, spec: s, err: err})
	}
}

// optInt writes a number back as the form holds it; zeroEmpty reads 0 as
// unset.
func optInt(p *int, zeroEmpty bool) string {
	if p == nil || (zeroEmpty && *p == 0) {
		return ""
	}
	return strconv.Itoa(*p)
}

// jobInputs turns a job's recorded inputs back into the form's: an earlier
// result by its file (lineage kept), a copy of an outside file by its path
// under the data directory, a URL as it was.
func jobInputs(ctx context.Context, db *store.Store, j *store.ImageJob) ([]inputRef, *inputRef, error) {
	var images []inputRef
	var mask *inputRef
	for _, in := range j.Inputs {
		ref, ok, err := inputOf(ctx, db, j.ID, in)
		if err != nil {
			return nil, nil, err
		}
		switch {
		case !ok:
			continue // the earlier result was deleted
		case in.Role == "mask":
			mask = &ref
		default:
			images = append(images, ref)
		}
	}
	return images, mask, nil
}

func inputOf(ctx context.Context, db *store.Store, job int64, in store.ImageInput) (inputRef, bool, error) {
	switch {
	case in.FileID != 0:
		rel, ok, err := fileOf(ctx, db, job, in.FileID)
		if !ok || err != nil {
			return inputRef{}, false, err
		}
		path, err := db.MediaPath(rel)
		return inputRef{Ref: path, FileID: in.FileID}, err == nil, err
	case in.Path == "":
		return inputRef{}, false, nil
	case isURL(in.Path):
		return inputRef{Ref: in.Path}, true, nil
	}
	path, err := db.MediaPath(in.Path)
	return inputRef{Ref: path}, err == nil, err
}

// fileOf finds the path of an earlier result among the jobs job descends
// from.
func fileOf(ctx context.Context, db *store.Store, job, fileID int64) (string, bool, error) {
	lin, err := db.ImageLineage(ctx, job)
	if err != nil {
		return "", false, err
	}
	for _, a := range lin.Ancestors {
		aj, err := db.ImageJob(ctx, a.ID)
		if err != nil {
			return "", false, err
		}
		for _, f := range aj.Files {
			if f.ID == fileID {
				return f.Path, true, nil
			}
		}
	}
	return "", false, nil
}
