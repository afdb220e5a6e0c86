package record

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"atelier/client"
	"atelier/store"
	"atelier/store/recipe"
)

// pngOf is a w×h PNG.
func pngOf(t *testing.T, w, h int) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewRGBA(image.Rect(0, 0, w, h))); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// reply is an image response as the service sends it, decoded.
func reply(t *testing.T, data ...client.ImageData) *client.ImageResponse {
	t.Helper()
	raw, _ := json.Marshal(map[string]any{"created": 1, "data": data, "usage": map[string]any{"input_tokens": 5}})
	var r client.ImageResponse
	if err := json.Unmarshal(raw, &r); err != nil {
		t.Fatal(err)
	}
	return &r
}

// TestImageJobGenerate: the request, its settings, each inline image saved
// with its size, a URL image listed but not saved, and the job complete.
func TestImageJobGenerate(t *testing.T) {
	db := openStore(t)
	ctx := context.Background()
	req := client.ImageRequest{Model: "img-1", Prompt: "a fox", Size: "1024x1024", N: 2, Stream: true}
	j, err := BeginImage(ctx, db, req, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := job(t, db, j.ID()); got.Status != store.StatusRunning || got.Endpoint != store.ImageGenerate {
		t.Fatalf("job %s %s", got.Status, got.Endpoint)
	}
	resp := reply(t, client.ImageData{B64JSON: base64.StdEncoding.EncodeToString(pngOf(t, 3, 2))},
		client.ImageData{URL: "https://cdn.example/x.png"})
	saved, refused, err := j.Finish(ctx, resp, false, nil, 2*time.Second)
	if err != nil || refused != nil {
		t.Fatal(err, refused)
	}
	if len(saved) != 2 || saved[0].Media == "" || saved[0].FileID == 0 || saved[1].Media != "" || saved[1].URL == "" {
		t.Fatalf("saved %+v", saved)
	}
	if b, err := os.ReadFile(saved[0].Media); err != nil || !bytes.Equal(b, saved[0].Bytes) {
		t.Errorf("media file: %v", err)
	}
	got := job(t, db, j.ID())
	if got.Status != store.StatusComplete || got.Total != 2*time.Second || !strings.Contains(string(got.UsageJSON), "input_tokens") {
		t.Errorf("job %s, total %s, usage %s", got.Status, got.Total, got.UsageJSON)
	}
	var settings map[string]any
	json.Unmarshal(got.SettingsJSON, &settings)
	if settings["size"] != "1024x1024" || settings["n"] != 2.0 || settings["stream"] != true {
		t.Errorf("settings %s", got.SettingsJSON)
	}
	if len(got.Files) != 1 || got.Files[0].Width != 3 || got.Files[0].Height != 2 || got.Files[0].MIME != "image/png" || got.Files[0].Partial {
		t.Errorf("files %+v", got.Files)
	}
}

// TestImageJobEditInputs: an edit's inputs are recorded by where they came
// from: an earlier result by its row, a file as a copy, a URL as it is.
func TestImageJobEditInputs(t *testing.T) {
	db := openStore(t)
	ctx := context.Background()
	first, _ := BeginImage(ctx, db, client.ImageRequest{Model: "img-1", Prompt: "a"}, nil, nil)
	saved, _, err := first.Finish(ctx, reply(t, client.ImageData{B64JSON: base64.StdEncoding.EncodeToString(pngOf(t, 1, 1))}), false, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	req := client.ImageRequest{Model: "img-1", Prompt: "b"}
	edit := &client.ImageEditRequest{ImageRequest: req, Images: []client.ImageInput{client.ImageFromFile("a.png", pngOf(t, 1, 1)),
		client.ImageFromURL("https://example.org/b.png")}, Mask: &client.ImageInput{Data: pngOf(t, 1, 1)}}
	sources := EditSources(edit)
	if len(sources) != 3 || sources[2].Role != "mask" {
		t.Fatalf("sources %+v", sources)
	}
	sources = append([]ImageSource{{Role: "image", FileID: saved[0].FileID}}, sources...)
	j, err := BeginImage(ctx, db, req, edit, sources)
	if err != nil {
		t.Fatal(err)
	}
	got := job(t, db, j.ID())
	if got.Endpoint != store.ImageEdit || len(got.Inputs) != 4 {
		t.Fatalf("job %s with %d inputs", got.Endpoint, len(got.Inputs))
	}
	in := got.Inputs
	if in[0].FileID != saved[0].FileID || !strings.HasSuffix(in[1].Path, ".png") || in[2].Path != "https://example.org/b.png" ||
		in[3].Role != "mask" || in[3].Path == "" {
		t.Errorf("inputs %+v", in)
	}
}

// TestImageJobEnds: a failed call, a refused image and a partial image
// each leave their row.
func TestImageJobEnds(t *testing.T) {
	ctx := context.Background()
	good := base64.StdEncoding.EncodeToString(pngOf(t, 2, 2))
	for name, c := range map[string]struct {
		resp    *client.ImageResponse
		partial bool
		err     error
		status  string
		reason  string
		files   int
	}{
		"failed":   {err: &client.APIError{Status: 500, Message: "boom"}, status: store.StatusError, reason: "boom"},
		"stopped":  {resp: reply(t, client.ImageData{B64JSON: good}), partial: true, err: context.Canceled, status: store.StatusInterrupted, files: 1},
		"refused":  {resp: reply(t, client.ImageData{B64JSON: "not base64!"}), status: store.StatusError, reason: "base64"},
		"complete": {resp: reply(t, client.ImageData{B64JSON: good}), status: store.StatusComplete, files: 1},
	} {
		t.Run(name, func(t *testing.T) {
			db := openStore(t)
			j, err := BeginImage(ctx, db, client.ImageRequest{Model: "img-1", Prompt: "p"}, nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			_, refused, err := j.Finish(ctx, c.resp, c.partial, c.err, time.Second)
			if err != nil {
				t.Fatal(err)
			}
			if (refused != nil) != (name == "refused") {
				t.Errorf("refused %v", refused)
			}
			got := job(t, db, j.ID())
			if got.Status != c.status || !strings.Contains(got.Error, c.reason) || len(got.Files) != c.files {
				t.Errorf("job %s %q with %d files; want %s %q with %d", got.Status, got.Error, len(got.Files), c.status, c.reason, c.files)
			}
			if c.partial && !got.Files[0].Partial {
				t.Error("a partial image recorded as a result")
			}
		})
	}
}

// TestNilImageJobListsImages: without history the images still come back,
// unsaved, and nothing fails.
func TestNilImageJobListsImages(t *testing.T) {
	var j *ImageJob
	saved, refused, err := j.Finish(context.Background(), reply(t, client.ImageData{B64JSON: base64.StdEncoding.EncodeToString(pngOf(t, 1, 1))}), false, nil, 0)
	if err != nil || refused != nil || len(saved) != 1 || saved[0].Media != "" || len(saved[0].Bytes) == 0 || j.ID() != 0 {
		t.Errorf("saved %+v, %v, %v", saved, refused, err)
	}
}

// TestCopyOutNeverOverwrites: a second image of the same second and place
// gets the next free name.
func TestCopyOutNeverOverwrites(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "new")
	stamp := time.Date(2026, 11, 25, 21, 0, 5, 0, time.UTC)
	im := client.ImageResult{Index: 1, Bytes: []byte("one"), Ext: ".png"}
	p1, err := CopyOut(dir, stamp, im)
	if err != nil {
		t.Fatal(err)
	}
	im.Bytes = []byte("two")
	p2, err := CopyOut(dir, stamp, im)
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Base(p1) != "image-20261125-210005-2.png" || filepath.Base(p2) != "image-20261125-210005-2-2.png" {
		t.Errorf("names %s, %s", p1, p2)
	}
	if b, _ := os.ReadFile(p1); string(b) != "one" {
		t.Errorf("the first file was overwritten: %q", b)
	}
	if _, err := CopyOut(filepath.Join(p1, "sub"), stamp, im); err == nil {
		t.Error("a folder under a file was made")
	}
}

// TestSavedImagesCarryTheirRecipe: the file in the media folder, and the
// copy CopyOut makes from what Finish returned, both carry the job's recipe
// (the prompt and model it was asked with), and their pixels are the
// service's.
func TestSavedImagesCarryTheirRecipe(t *testing.T) {
	db := openStore(t)
	ctx := context.Background()
	req := client.ImageRequest{Model: "img-1", Prompt: "a fox in the snow", Size: "1024x1024"}
	j, err := BeginImage(ctx, db, req, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	sent := pngOf(t, 4, 3)
	saved, _, err := j.Finish(ctx, reply(t, client.ImageData{B64JSON: base64.StdEncoding.EncodeToString(sent)}), false, nil, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	out, err := CopyOut(t.TempDir(), time.Now(), saved[0].ImageResult)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{saved[0].Media, out} {
		rc, err := recipe.ReadFile(p)
		if err != nil {
			t.Fatalf("%s: %v", filepath.Base(p), err)
		}
		if rc.Field("prompt") != req.Prompt || rc.Field("model") != req.Model {
			t.Errorf("%s: recipe prompt %q model %q", filepath.Base(p), rc.Field("prompt"), rc.Field("model"))
		}
		b, _ := os.ReadFile(p)
		got, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		want, _ := png.Decode(bytes.NewReader(sent))
		if !samePixels(got, want) {
			t.Errorf("%s: pixels changed", filepath.Base(p))
		}
	}
}

// samePixels says a and b have the same size and colours.
func samePixels(a, b image.Image) bool {
	if a.Bounds() != b.Bounds() {
		return false
	}
	for y := a.Bounds().Min.Y; y < a.Bounds().Max.Y; y++ {
		for x := a.Bounds().Min.X; x < a.Bounds().Max.X; x++ {
			r1, g1, b1, a1 := a.At(x, y).RGBA()
			r2, g2, b2, a2 := b.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
				return false
			}
		}
	}
	return true
}
