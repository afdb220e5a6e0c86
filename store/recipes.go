package store

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"

	"atelier/store/recipe"
)

// The recipes of image jobs are made when the job is added, from the
// request as it is sent (inline inputs still there to be hashed), and kept
// in memory until the job finishes; each image saved for the job carries
// it. A job this process did not add (none today) gets one made from its
// row, where inputs are already elided.

// rememberRecipe makes the recipe of a job being added.
func (s *Store) rememberRecipe(id int64, st ImageJobStart) {
	if len(st.RequestJSON) == 0 {
		return
	}
	rc, err := recipe.New(recipe.KindImage, st.Endpoint, st.RequestJSON, s.now(), recipe.Version)
	if err != nil {
		return // a body that is no JSON object: the images go without
	}
	rc.Parent, rc.Label = st.Parent, st.Label
	var settings struct{ Multipart bool }
	if json.Unmarshal(st.SettingsJSON, &settings) == nil {
		rc.Multipart = settings.Multipart
	}
	s.recipes.Store(id, rc)
}

// ImageRecipe is the recipe the images of a job carry.
func (s *Store) ImageRecipe(ctx context.Context, job int64) (*recipe.Recipe, error) {
	if rc, ok := s.recipes.Load(job); ok {
		return rc.(*recipe.Recipe), nil
	}
	j, err := scanImageJob(s.r.QueryRowContext(ctx, `SELECT `+imageJobColumns+` FROM image_jobs WHERE id = ?`, job))
	if err != nil {
		return nil, err
	}
	rc, err := recipe.New(recipe.KindImage, j.Endpoint, j.RequestJSON, j.CreatedAt, recipe.Version)
	if err != nil {
		return nil, err
	}
	rc.Label = j.Label
	return rc, nil
}

// SetRecipeParent records that a job varies the recipe parent: its images'
// recipes name it.
func (s *Store) SetRecipeParent(job int64, parent string) {
	if rc, ok := s.recipes.Load(job); ok {
		linked := *rc.(*recipe.Recipe) // a copy: a save may be reading the one stored
		linked.Parent = parent
		s.recipes.Store(job, &linked)
	}
}

// SetRecipeRequestID records the service's request id of a job, once its
// reply came: the images saved after carry it in their recipes.
func (s *Store) SetRecipeRequestID(job int64, id string) {
	if rc, ok := s.recipes.Load(job); ok && id != "" {
		withID := *rc.(*recipe.Recipe) // a copy, as SetRecipeParent makes
		withID.RequestID = id
		s.recipes.Store(job, &withID)
	}
}

// setRecipeLabel records a job's new label in the recipe its images saved
// from now on carry.
func (s *Store) setRecipeLabel(job int64, label string) {
	if rc, ok := s.recipes.Load(job); ok {
		labelled := *rc.(*recipe.Recipe) // a copy, as SetRecipeParent makes
		labelled.Label = label
		s.recipes.Store(job, &labelled)
	}
}

// forgetRecipe drops a finished job's recipe.
func (s *Store) forgetRecipe(id int64) { s.recipes.Delete(id) }

// SaveImage saves an image of a job in the media folder with the job's
// recipe in its metadata, and returns its path relative to the data
// directory and the bytes written, for copies made elsewhere. An image in
// a format the recipe cannot go into is saved as it came.
func (s *Store) SaveImage(ctx context.Context, job int64, ext string, img []byte) (rel string, written []byte, err error) {
	written = img
	if rc, err := s.ImageRecipe(ctx, job); err == nil {
		if b, err := recipe.Embed(img, rc); err == nil {
			written = b
		}
	}
	rel, err = s.SaveMedia("image", ext, bytes.NewReader(written))
	return rel, written, err
}

// videoRecipe is the recipe of a recorded video task, from its row.
func (s *Store) videoRecipe(ctx context.Context, requestID string) (*recipe.Recipe, error) {
	t, err := s.VideoTask(ctx, requestID)
	if err != nil {
		return nil, err
	}
	body := t.BodyJSON
	if len(body) == 0 {
		body = json.RawMessage(`{}`)
	}
	rc, err := recipe.New(recipe.KindVideo, t.Endpoint, body, t.SubmittedAt, recipe.Version)
	if err != nil {
		return nil, err
	}
	rc.RequestID, rc.Label = t.RequestID, t.Label
	for _, in := range t.Inputs {
		rc.Sources = append(rc.Sources, recipe.Source{Field: in.Field, ImageJob: in.JobID, Path: in.Path})
	}
	return rc, nil
}

// writeSidecar writes the recipe of a video task beside its saved video; a
// video whose task is not recorded goes without.
func (s *Store) writeSidecar(ctx context.Context, requestID, video string) error {
	rc, err := s.videoRecipe(ctx, requestID)
	if errors.Is(err, ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	return recipe.WriteSidecar(video, rc)
}

// removeSidecar deletes the recipe file beside a media file, if any.
func removeSidecar(media string) error {
	err := os.Remove(recipe.SidecarPath(media))
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	return err
}
