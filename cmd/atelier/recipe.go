package main

import (
	"context"
	"encoding/json"
	"time"

	"atelier/client"
	"atelier/store"
	"atelier/store/recipe"
)

// Recipes record the version of atelier that made them.
func init() { recipe.Version = client.Version }

// startImage records an image request as running and returns the recipe
// its images carry: the job's in the store, so the copies written to -o
// and the data folder's files name the same recipe; one made here when
// history is unavailable. parent links a variation to the recipe it varies;
// label is the job's (checked by labelFlag).
func (a *app) startImage(ctx context.Context, req client.ImageRequest, edit *client.ImageEditRequest, parent, label string) (*imageRecord, *recipe.Recipe) {
	rec := a.beginImage(ctx, req, edit, label)
	if rec != nil {
		if parent != "" {
			rec.db.SetRecipeParent(rec.job.ID(), parent)
		}
		if rc, err := rec.db.ImageRecipe(ctx, rec.job.ID()); err == nil {
			return rec, rc
		}
	}
	endpoint, body := store.ImageGenerate, any(req)
	if edit != nil {
		endpoint, body = store.ImageEdit, *edit
	}
	raw, err := json.Marshal(body)
	if err != nil {
		return rec, nil
	}
	rc, err := recipe.New(recipe.KindImage, endpoint, raw, time.Now(), recipe.Version)
	if err != nil {
		return rec, nil
	}
	rc.Parent, rc.Label = parent, label
	// As the store's recipe says it (from the job's settings): --from
	// sends a multipart edit as multipart again.
	rc.Multipart = edit != nil && edit.Multipart
	return rec, rc
}

// withRecipe is img with rc in its metadata, or img as it is when there is
// no recipe or the format cannot hold one.
func withRecipe(img []byte, rc *recipe.Recipe) []byte {
	if rc == nil {
		return img
	}
	if b, err := recipe.Embed(img, rc); err == nil {
		return b
	}
	return img
}
