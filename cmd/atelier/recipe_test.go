package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"io"
	"mime/multipart"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"atelier/client/sim/simtest"
	"atelier/store/recipe"
)

// lastBody is the body of the latest request c got.
func (c *capture) lastBody(t *testing.T) []byte {
	t.Helper()
	reqs := c.requests()
	if len(reqs) == 0 {
		t.Fatal("nothing was sent")
	}
	return reqs[len(reqs)-1].body
}

func readRecipe(t *testing.T, path string) *recipe.Recipe {
	t.Helper()
	rc, err := recipe.ReadFile(path)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return rc
}

func TestSavedImagesCarryTheRequestTheyCameFrom(t *testing.T) {
	t.Parallel()
	c := newCapture(t)
	for _, mode := range [][]string{nil, {"--stream", "--partial-images", "1"}} {
		home := t.TempDir()
		run := c.runner(t, home)
		out := t.TempDir()
		args := append([]string{"image", "-m", "gamma/image-2", "--size", "256x256", "--quality", "low", "-n", "2",
			"--set", "moderation=low", "-o", out}, mode...)
		r := run(append(args, "a red kite")...)
		if r.code != 0 {
			t.Fatalf("%v: exit %d: %s", mode, r.code, r.stderr)
		}
		sent := c.lastBody(t)
		media, _ := filepath.Glob(filepath.Join(home, "media", "*", "image-*"))
		files := append(strings.Fields(r.stdout), media...)
		if len(files) != 4 {
			t.Fatalf("%v: files %v", mode, files)
		}
		var id string
		for _, p := range files {
			rc := readRecipe(t, p)
			if !bytes.Equal(rc.Request, sent) {
				t.Fatalf("%s: recipe request\n%s\nsent\n%s", p, rc.Request, sent)
			}
			if rc.Endpoint != "generations" || rc.Version == "" || rc.Time.IsZero() || rc.RequestID == "" {
				t.Fatalf("%s: %+v", p, rc)
			}
			if id != "" && rc.ID+rc.RequestID != id {
				t.Fatalf("the copies name recipes %s and %s", id, rc.ID+rc.RequestID)
			}
			id = rc.ID + rc.RequestID
			simtest.CheckPNG(t, p, 256, 256)
		}
	}
}

func TestFromSendsTheSameRequest(t *testing.T) {
	t.Parallel()
	c := newCapture(t)
	out := t.TempDir()
	for _, mode := range [][]string{nil, {"--stream", "--partial-images", "1"}} {
		args := append([]string{"image", "-m", "gamma/image-2", "--size", "256x256", "--background", "opaque",
			"--set", "moderation=low", "--set", "user=kite-maker", "-o", out}, mode...)
		r := c.runIn(t, "", append(args, "a red kite")...)
		if r.code != 0 {
			t.Fatalf("exit %d: %s", r.code, r.stderr)
		}
		orig := c.lastBody(t)
		file := strings.Fields(r.stdout)[0]

		r = c.runIn(t, "stdin is not read", "image", "--from", file, "-o", out)
		if r.code != 0 {
			t.Fatalf("--from: exit %d: %s", r.code, r.stderr)
		}
		if again := c.lastBody(t); !bytes.Equal(again, orig) {
			t.Fatalf("--from sent\n%s\nthe original\n%s", again, orig)
		}
		if strings.Contains(strings.Join(mode, " "), "--stream") && !strings.Contains(c.requests()[len(c.requests())-1].path, "generations") {
			t.Fatal("not sent to the generations endpoint")
		}

		r = c.runIn(t, "", "image", "--from", file, "-o", out, "--size", "512x512", "--set", "moderation=auto", "a blue kite")
		if r.code != 0 {
			t.Fatalf("--from with overrides: exit %d: %s", r.code, r.stderr)
		}
		var want map[string]any
		json.Unmarshal(orig, &want)
		want["size"], want["moderation"], want["prompt"] = "512x512", "auto", "a blue kite"
		if got := canonical(t, string(c.lastBody(t))); got != canonical(t, want) {
			t.Fatalf("overridden\n%s\nwant\n%s", got, canonical(t, want))
		}
	}
}

func TestFromAnEditNeedsItsInputs(t *testing.T) {
	t.Parallel()
	c := newCapture(t)
	dir := t.TempDir()
	in := filepath.Join(dir, "in.png")
	var b bytes.Buffer
	png.Encode(&b, image.NewGray(image.Rect(0, 0, 8, 8)))
	os.WriteFile(in, b.Bytes(), 0o600)
	r := c.runIn(t, "", "image", "-m", "gamma/image-2.5-flare", "--size", "256x256", "-o", dir, "--edit", in, "make it blue")
	if r.code != 0 {
		t.Fatalf("edit: exit %d: %s", r.code, r.stderr)
	}
	orig, file := c.lastBody(t), strings.TrimSpace(r.stdout)
	rc := readRecipe(t, file)
	if len(rc.Inputs) != 1 || rc.Inputs[0].SHA256 != recipe.HashOf(b.Bytes()) {
		t.Fatalf("inputs %+v", rc.Inputs)
	}
	before := len(c.requests())
	r = c.runIn(t, "", "image", "--from", file, "-o", dir)
	if r.code != 2 || !strings.Contains(r.stderr, "--edit") || len(c.requests()) != before {
		t.Fatalf("without --edit: exit %d %q, %d sent", r.code, r.stderr, len(c.requests())-before)
	}
	r = c.runIn(t, "", "image", "--from", file, "-o", dir, "--edit", in)
	if r.code != 0 {
		t.Fatalf("--from edit: exit %d: %s", r.code, r.stderr)
	}
	if again := c.lastBody(t); !bytes.Equal(again, orig) {
		t.Fatalf("--from edit sent a different body (%d bytes, was %d)", len(again), len(orig))
	}
	other := filepath.Join(dir, "other.png")
	b.Reset()
	png.Encode(&b, image.NewGray(image.Rect(0, 0, 9, 9)))
	os.WriteFile(other, b.Bytes(), 0o600)
	r = c.runIn(t, "", "image", "--from", file, "-o", dir, "--edit", other)
	if r.code != 0 || !strings.Contains(r.stderr, "not the image the recipe was made from") {
		t.Fatalf("another input: exit %d %q", r.code, r.stderr)
	}
}

func TestVaryLinksToItsParent(t *testing.T) {
	t.Parallel()
	c := newCapture(t)
	out := t.TempDir()
	r := c.runIn(t, "", "image", "-m", "gamma/image-2", "--size", "256x256", "--set", "seed=7", "-o", out, "a kite")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	parent := readRecipe(t, strings.TrimSpace(r.stdout))
	r = c.runIn(t, "", "image", "--from", strings.TrimSpace(r.stdout), "--vary", "-o", out)
	if r.code != 0 {
		t.Fatalf("--vary: exit %d: %s", r.code, r.stderr)
	}
	child := readRecipe(t, strings.TrimSpace(r.stdout))
	if child.Parent != parent.ID || child.ID == parent.ID {
		t.Fatalf("child %s parent %q, want %s", child.ID, child.Parent, parent.ID)
	}
	if strings.Contains(string(c.lastBody(t)), "seed") {
		t.Fatalf("a variation kept the seed: %s", c.lastBody(t))
	}
	if r := c.runIn(t, "", "image", "-m", "gamma/image-2", "--vary", "x"); r.code != 2 || !strings.Contains(r.stderr, "--from") {
		t.Fatalf("--vary alone: exit %d %q", r.code, r.stderr)
	}
	if r := c.runIn(t, "", "image", "--from", filepath.Join(out, "none.png")); r.code != 2 || !strings.Contains(r.stderr, "--from") {
		t.Fatalf("missing file: exit %d %q", r.code, r.stderr)
	}
}

func TestVideoSidecarAndSubmitFrom(t *testing.T) {
	t.Parallel()
	c := newCapture(t)
	run := c.runner(t, t.TempDir())
	r := run("video", "submit", "videoa/q1/text-to-video", "--set", "prompt=waves at night",
		"--set", "duration=5", "--set", "aspect_ratio=16:9", "--wait")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	var orig []byte
	for _, q := range c.requests() {
		if strings.HasSuffix(q.path, "/text-to-video") {
			orig = q.body
		}
	}
	lines := strings.Fields(r.stdout)
	video := lines[len(lines)-1]
	rc := readRecipe(t, video)
	if rc.Kind != recipe.KindVideo || rc.RequestID != lines[0] || rc.Endpoint != "videoa/q1/text-to-video" {
		t.Fatalf("sidecar %+v", rc)
	}
	r = c.runIn(t, "", "video", "submit", "--from", video)
	if r.code != 0 {
		t.Fatalf("--from: exit %d: %s", r.code, r.stderr)
	}
	if again := c.lastBody(t); !bytes.Equal(again, orig) {
		t.Fatalf("--from sent\n%s\nthe original\n%s", again, orig)
	}
	r = c.runIn(t, "", "video", "submit", "--from", recipe.SidecarPath(video), "--set", "aspect_ratio=9:16")
	if r.code != 0 {
		t.Fatalf("--from sidecar: exit %d: %s", r.code, r.stderr)
	}
	var want map[string]any
	json.Unmarshal(orig, &want)
	want["aspect_ratio"] = "9:16"
	if got := canonical(t, string(c.lastBody(t))); got != canonical(t, want) {
		t.Fatalf("overridden %s, want %s", got, canonical(t, want))
	}
	if r := c.runIn(t, "", "video", "submit"); r.code != 2 || !strings.Contains(r.stderr, "--from") {
		t.Fatalf("no endpoint: exit %d %q", r.code, r.stderr)
	}
}

// multipartParts reads a multipart/form-data body, its boundary taken from
// its first line: each part's name and bytes, in order.
func multipartParts(t *testing.T, body []byte) [][2]string {
	t.Helper()
	first, _, ok := bytes.Cut(body, []byte("\r\n"))
	if !ok || !bytes.HasPrefix(first, []byte("--")) {
		t.Fatalf("not a multipart body: %.80q", body)
	}
	r := multipart.NewReader(bytes.NewReader(body), string(first[2:]))
	var out [][2]string
	for {
		p, err := r.NextPart()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(p)
		out = append(out, [2]string{p.FormName(), string(b)})
	}
}

// TestMultipartEditRecipe: an image made by a multipart edit says so in
// its recipe, with the hashes of its input and mask, and --from sends the
// same edit, multipart again, part for part.
func TestMultipartEditRecipe(t *testing.T) {
	t.Parallel()
	c := newCapture(t)
	dir := t.TempDir()
	in, mask := filepath.Join(dir, "in.png"), filepath.Join(dir, "mask.png")
	var img, msk bytes.Buffer
	png.Encode(&img, image.NewGray(image.Rect(0, 0, 8, 8)))
	png.Encode(&msk, image.NewAlpha(image.Rect(0, 0, 8, 8)))
	os.WriteFile(in, img.Bytes(), 0o600)
	os.WriteFile(mask, msk.Bytes(), 0o600)
	r := c.runIn(t, "", "image", "-m", "gamma/image-2.5-flare", "--size", "256x256", "--set", "moderation=low", "-o", dir,
		"--edit", in, "--mask", mask, "--multipart", "make it blue")
	if r.code != 0 {
		t.Fatalf("edit: exit %d: %s", r.code, r.stderr)
	}
	orig := multipartParts(t, c.lastBody(t))
	file := strings.TrimSpace(r.stdout)
	rc := readRecipe(t, file)
	if !rc.Multipart || rc.Endpoint != "edits" {
		t.Fatalf("recipe endpoint %q multipart %v: want an edit sent as multipart", rc.Endpoint, rc.Multipart)
	}
	hashes := map[string]string{}
	for _, in := range rc.Inputs {
		hashes[in.Field] = in.SHA256
	}
	if len(rc.Inputs) != 2 || hashes["images.0.image_url"] != recipe.HashOf(img.Bytes()) || hashes["mask.image_url"] != recipe.HashOf(msk.Bytes()) {
		t.Fatalf("inputs %+v", rc.Inputs)
	}
	if strings.Contains(string(rc.Request), "base64") {
		t.Fatalf("the recipe kept an inline image: %.200s", rc.Request)
	}

	r = c.runIn(t, "", "image", "--from", file, "-o", dir, "--edit", in, "--mask", mask)
	if r.code != 0 {
		t.Fatalf("--from: exit %d: %s", r.code, r.stderr)
	}
	again := multipartParts(t, c.lastBody(t))
	if fmt.Sprint(again) != fmt.Sprint(orig) {
		t.Fatalf("--from sent the parts\n%q\nthe original\n%q", again, orig)
	}
	if strings.Contains(r.stderr, "not the image") {
		t.Errorf("the same inputs were called others: %s", r.stderr)
	}
	// The copy --from made says multipart too, and a flag can still say no.
	if rc := readRecipe(t, strings.TrimSpace(r.stdout)); !rc.Multipart {
		t.Error("the image --from made lost the multipart mark")
	}
	r = c.runIn(t, "", "image", "--from", file, "-o", dir, "--edit", in, "--mask", mask, "--multipart=false")
	if r.code != 0 || !json.Valid(c.lastBody(t)) {
		t.Fatalf("--multipart=false: exit %d %s; sent %.60q", r.code, r.stderr, c.lastBody(t))
	}

	// With no history (the data folder is a file), the recipe is made on
	// the spot, and still says multipart, with the same request.
	noHome := filepath.Join(dir, "not-a-folder")
	os.WriteFile(noHome, nil, 0o600)
	r = c.runHome(t, noHome, "", "image", "--from", file, "-o", dir, "--edit", in, "--mask", mask)
	if r.code != 0 {
		t.Fatalf("no history: exit %d: %s", r.code, r.stderr)
	}
	if again := multipartParts(t, c.lastBody(t)); fmt.Sprint(again) != fmt.Sprint(orig) {
		t.Fatalf("no history: sent the parts\n%q\nthe original\n%q", again, orig)
	}
	made := readRecipe(t, strings.TrimSpace(r.stdout))
	if !made.Multipart || made.Endpoint != "edits" || !bytes.Equal(made.Request, rc.Request) || len(made.Inputs) != 2 {
		t.Fatalf("no history: recipe %+v, want multipart with the same request and inputs", made)
	}
}
