package store

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"atelier/store/recipe"
)

func tinyPNG(t *testing.T) []byte {
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewGray(image.Rect(0, 0, 3, 2))); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestSaveImageCarriesTheJobsRecipe(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	in := tinyPNG(t)
	body := `{"model":"img-2","prompt":"a fox","size":"1024x1024","images":[{"image_url":"data:image/png;base64,` +
		base64.StdEncoding.EncodeToString(bytes.Repeat(in, 200)) + `"}]}`
	job := must[int64](t)(s.AddImageJob(bg, ImageJobStart{Endpoint: ImageEdit, Model: "img-2", Prompt: "a fox",
		RequestJSON: json.RawMessage(body), Parent: "feedface", SettingsJSON: json.RawMessage(`{"multipart":true}`)}))
	rel, written, err := s.SaveImage(bg, job, "png", in)
	if err != nil {
		t.Fatal(err)
	}
	p := must[string](t)(s.MediaPath(rel))
	onDisk := must[[]byte](t)(os.ReadFile(p))
	if !bytes.Equal(onDisk, written) {
		t.Fatal("the bytes returned are not the bytes saved")
	}
	rc := must[*recipe.Recipe](t)(recipe.ReadFile(p))
	if rc.Model() != "img-2" || rc.Prompt() != "a fox" || rc.Endpoint != ImageEdit || rc.Parent != "feedface" || !rc.Multipart {
		t.Fatalf("recipe %+v", rc)
	}
	if len(rc.Inputs) != 1 || rc.Inputs[0].SHA256 != recipe.HashOf(bytes.Repeat(in, 200)) || rc.Inputs[0].Field != "images.0.image_url" {
		t.Fatalf("inputs %+v", rc.Inputs)
	}
	if strings.Contains(string(rc.Request), "base64,") {
		t.Fatal("the inline image went into the recipe")
	}
	// Once finished, the recipe is made from the row (inputs elided).
	if err := s.FinishImageJob(bg, job, ImageJobEnd{}); err != nil {
		t.Fatal(err)
	}
	later := must[*recipe.Recipe](t)(s.ImageRecipe(bg, job))
	if later.Prompt() != "a fox" {
		t.Fatalf("recipe from the row: %+v", later)
	}
	// Bytes of no known format are saved as they came.
	rel2, w2, err := s.SaveImage(bg, job, "bin", []byte("not an image"))
	if err != nil || string(w2) != "not an image" || rel2 == "" {
		t.Fatalf("unknown format: %q %q %v", rel2, w2, err)
	}
}

func TestVideoDownloadGetsSidecarThatFollowsItsFile(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	addTask(t, s, "rq-s", "videoa/q1/text-to-video", `{"prompt":"waves","duration":5,"api_key":"nope"}`)
	m, _ := must2(t)(s.ResumeMedia("vid", "mp4", "rq-s"))
	m.Write([]byte("mp4 bytes"))
	rel := must[string](t)(m.Commit())
	p := must[string](t)(s.MediaPath(rel))
	if _, err := recipe.ReadFile(p); !errors.Is(err, recipe.ErrNone) {
		t.Fatalf("a committed file no task holds yet has a recipe: %v", err) // a download discarded leaves nothing
	}
	if err := s.SetVideoFile(bg, "rq-s", rel, 9, true); err != nil {
		t.Fatal(err)
	}
	rc := must[*recipe.Recipe](t)(recipe.ReadFile(p))
	if rc.Kind != recipe.KindVideo || rc.Endpoint != "videoa/q1/text-to-video" || rc.RequestID != "rq-s" ||
		string(rc.Request) != `{"prompt":"waves","duration":5}` {
		t.Fatalf("sidecar recipe %+v (%s)", rc, rc.Request)
	}
	out := t.TempDir()
	md := must[string](t)(s.ExportMarkdown(bg, ItemRef{KindVideo, must[[]VideoTask](t)(s.VideoTasks(bg, VideoQuery{}))[0].ID}, out))
	side := filepath.Join(strings.TrimSuffix(md, ".md")+"-media", filepath.Base(recipe.SidecarPath(p)))
	if _, err := recipe.ReadFile(side); err != nil {
		t.Fatalf("the export has no recipe beside the video: %v", err)
	}
	if err := s.DeleteVideoTask(bg, "rq-s"); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(recipe.SidecarPath(p)); !os.IsNotExist(err) {
		t.Fatalf("sidecar left behind: %v", err)
	}
}
