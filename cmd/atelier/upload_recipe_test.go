package main

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"image"
	"image/draw"
	"image/png"
	"mime"
	"mime/multipart"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"atelier/client"
	"atelier/store/recipe"
)

// TestUploadsCarryNoRecipe: an image atelier saved carries its recipe (the
// earlier prompt, model and settings). Sent back through chat --image,
// image --edit (JSON and multipart) or video --image-file, what reaches
// the service holds no atelier:recipe chunk and decodes to the very same
// pixels.
func TestUploadsCarryNoRecipe(t *testing.T) {
	t.Parallel()
	c := newCapture(t)
	dir := t.TempDir()
	// 256x256: the recipe's chunk is the same at any size, and a megapixel
	// costs seconds under the race detector at every encode and decode.
	r := c.runIn(t, "", "image", "-m", "gamma/image-2", "--size", "256x256", "-o", dir, "a private prompt: the harbour at night")
	if r.code != 0 {
		t.Fatalf("image: exit %d, %s", r.code, r.stderr)
	}
	saved := strings.TrimSpace(r.stdout)
	file, err := os.ReadFile(saved)
	if err != nil {
		t.Fatal(err)
	}
	if rc, err := recipe.Read(file); err != nil || !strings.Contains(rc.Prompt(), "harbour at night") {
		t.Fatalf("the saved image carries no recipe to remove: %v", err)
	}
	pixels := decodePNG(t, file)

	for _, args := range [][]string{
		{"chat", "-p", "alpha", "-m", "m", "--image", saved, "what is this?"},
		{"chat", "-p", "beta", "-m", "m", "--image", saved, "what is this?"},
		{"chat", "-p", "gamma", "-m", "m", "--image", saved, "what is this?"},
		{"image", "-m", "gamma/image-2", "--size", "256x256", "-o", t.TempDir(), "--edit", saved, "make it day"},
		{"image", "-m", "gamma/image-2", "--size", "256x256", "-o", t.TempDir(), "--edit", saved, "--mask", saved, "--multipart", "make it day"},
		{"video", "submit", "videoa/q3/image-to-video/turbo", "--set", "prompt=waves", "--image-file", "image_url=" + saved},
	} {
		before := len(c.requests())
		if r := c.runIn(t, "", args...); r.code != 0 {
			t.Fatalf("%v: exit %d, %s", args[:2], r.code, r.stderr)
		}
		req := c.requests()[before]
		if bytes.Contains(req.body, []byte("harbour")) || bytes.Contains(req.body, []byte("atelier:recipe")) {
			t.Fatalf("%v: the earlier prompt went to the service", args[:2])
		}
		imgs := sentImages(t, req)
		if len(imgs) == 0 {
			t.Fatalf("%v: no image found in %.300s", args[:2], req.body)
		}
		for _, img := range imgs {
			if _, err := recipe.Read(img); !errors.Is(err, recipe.ErrNone) {
				t.Errorf("%v: the image sent still reads a recipe (%v)", args[:2], err)
			}
			got := decodePNG(t, img)
			if !bytes.Equal(got.Pix, pixels.Pix) || got.Rect != pixels.Rect {
				t.Errorf("%v: the pixels changed", args[:2])
			}
		}
	}
}

// decodePNG decodes a PNG into NRGBA pixels, to compare.
func decodePNG(t *testing.T, b []byte) *image.NRGBA {
	t.Helper()
	m, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	// draw.Draw, not a Set per pixel: the same conversion, 30 times faster
	// under the race detector (an image decoded eight times).
	out := image.NewNRGBA(m.Bounds())
	draw.Draw(out, out.Rect, m, m.Bounds().Min, draw.Src)
	return out
}

// sentImages finds every image in a request: base64 strings and data URIs
// anywhere in a JSON body, file parts of a multipart one.
func sentImages(t *testing.T, req sentRequest) [][]byte {
	t.Helper()
	var out [][]byte
	if mt, params, _ := mime.ParseMediaType(req.contentType); mt == "multipart/form-data" {
		mr := multipart.NewReader(bytes.NewReader(req.body), params["boundary"])
		for {
			p, err := mr.NextPart()
			if err != nil {
				break
			}
			var b bytes.Buffer
			b.ReadFrom(p)
			if client.ImageFormatOf(b.Bytes()) != "" {
				out = append(out, b.Bytes())
			}
		}
		return out
	}
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			for _, x := range v {
				walk(x)
			}
		case []any:
			for _, x := range v {
				walk(x)
			}
		case string:
			if _, rest, ok := strings.Cut(v, ";base64,"); ok {
				v = rest
			}
			if b, err := base64.StdEncoding.DecodeString(v); err == nil && client.ImageFormatOf(b) != "" {
				out = append(out, b)
			}
		}
	}
	var body any
	if err := json.Unmarshal(req.body, &body); err != nil {
		t.Fatalf("%s: %v", filepath.Base(req.path), err)
	}
	walk(body)
	return out
}
