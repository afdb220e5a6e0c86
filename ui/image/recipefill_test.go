package imagetab

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/store/recipe"
)

// recipePNG writes a PNG carrying the recipe of body (an image request)
// under a name with a space, as files dropped from a desktop often have,
// and returns its path and the recipe.
func recipePNG(t *testing.T, body string) (string, *recipe.Recipe) {
	t.Helper()
	rc, err := recipe.New(recipe.KindImage, "generations", []byte(body), time.Unix(1700000000, 0), "test")
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(writePNG(t, "plain.png"))
	if err != nil {
		t.Fatal(err)
	}
	b, err := recipe.Embed(src, rc)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "my kite.png")
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return p, rc
}

const kiteRecipe = `{"model":"gamma/image-2","prompt":"a red kite","size":"256x256","quality":"low","n":2,"seed":42,"moderation":"low"}`

func decode(t *testing.T, b []byte) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// TestDroppedFileFillsTheFormFromItsRecipe: a dropped path, as each
// terminal pastes one, fills every field and says so; enter then sends
// the recipe's request as it was, fields without a row included.
func TestDroppedFileFillsTheFormFromItsRecipe(t *testing.T) {
	t.Parallel()
	path, rc := recipePNG(t, kiteRecipe)
	for _, pasted := range []string{
		"'" + path + "'",
		strings.ReplaceAll(path, " ", `\ `),
		"file://" + strings.ReplaceAll(path, " ", "%20"),
		path + "\n",
	} {
		h := newHarness(t, nil)
		h.Send(tea.PasteMsg{Content: pasted})
		s := h.m.form.spec()
		if s.Model != "gamma/image-2" || s.Prompt != "a red kite" || s.Size != "256x256" || s.Quality != "low" || s.N != "2" {
			t.Fatalf("%q: the form holds %+v", pasted, s)
		}
		if n := h.Notices(); len(n) == 0 || !strings.Contains(n[len(n)-1], "filled from the recipe of my kite.png (with 2 other fields: moderation, seed): enter sends it") {
			t.Errorf("%q: notices %q", pasted, n)
		}
		if len(h.srv.all()) != 0 {
			t.Fatal("a drop sent something")
		}
		h.Keys("enter")
		reqs := h.srv.all()
		if len(reqs) != 1 {
			t.Fatalf("%d requests", len(reqs))
		}
		want := decode(t, rc.Request) // stream off too, as the recipe has it
		if got := decode(t, reqs[0].body); !reflect.DeepEqual(got, want) {
			t.Errorf("sent %v\nrecipe %v", got, want)
		}
	}
}

// TestTypedPathFillsTheForm: a path typed as the prompt and sent is read
// for its recipe, not sent as a prompt.
func TestTypedPathFillsTheForm(t *testing.T) {
	t.Parallel()
	path, _ := recipePNG(t, kiteRecipe)
	h := newHarness(t, nil)
	h.set("prompt", path).Keys("enter")
	if len(h.srv.all()) != 0 || h.m.form.spec().Prompt != "a red kite" {
		t.Fatalf("%d requests; prompt %q", len(h.srv.all()), h.m.form.spec().Prompt)
	}
}

// TestFileWithoutRecipeChangesNothing: a dropped image with no recipe, or
// a video's, leaves the form as it was and says why; text that is no path
// is pasted as text.
func TestFileWithoutRecipeChangesNothing(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	h.set("prompt", "keep me").set(rowSize, "512x512")
	before := h.m.form.spec()
	h.Send(tea.PasteMsg{Content: writePNG(t, "plain.png")})
	if got := h.m.form.spec(); !reflect.DeepEqual(got, before) {
		t.Errorf("the form changed: %+v", got)
	}
	if n := h.Notices(); len(n) == 0 || n[len(n)-1] != "plain.png carries no atelier recipe: the form is unchanged" {
		t.Errorf("notices %q", n)
	}

	video, err := recipe.New(recipe.KindVideo, "videoa/q1/text-to-video", []byte(`{"prompt":"waves"}`), time.Now(), "test")
	if err != nil {
		t.Fatal(err)
	}
	mp4 := filepath.Join(t.TempDir(), "waves.mp4")
	os.WriteFile(mp4, []byte("not really"), 0o644)
	if err := recipe.WriteSidecar(mp4, video); err != nil {
		t.Fatal(err)
	}
	h.Send(tea.PasteMsg{Content: mp4})
	if n := h.Notices(); !strings.Contains(n[len(n)-1], "holds a video recipe") {
		t.Errorf("notices %q", n)
	}
	if got := h.m.form.spec(); !reflect.DeepEqual(got, before) {
		t.Errorf("the form changed: %+v", got)
	}

	h.to("prompt").Keys("ctrl+e").Send(tea.PasteMsg{Content: " and /not/a/file"})
	if got := h.m.form.spec().Prompt; got != "keep me and /not/a/file" {
		t.Errorf("a plain paste: prompt %q", got)
	}
	h.NoErrors()
}

// TestGalleryRecipeAndVary: R in the gallery fills the form from the
// image's file; v sends its recipe again as a new job whose images' recipe
// names the first as its parent, without the seed.
func TestGalleryRecipeAndVary(t *testing.T) {
	t.Parallel()
	path, rc := recipePNG(t, kiteRecipe)
	h := newHarness(t, nil)
	h.Send(tea.PasteMsg{Content: path}).Keys("enter")
	first := h.jobs()[0]
	media, err := h.db.MediaPath(first.Files[0].Path)
	if err != nil {
		t.Fatal(err)
	}
	made, err := recipe.ReadFile(media)
	if err != nil {
		t.Fatal(err)
	}
	if made.RequestID == "" || made.Parent != "" {
		t.Errorf("the first job's recipe: request id %q parent %q", made.RequestID, made.Parent)
	}

	h.to("prompt").set("prompt", "something else").set(rowModel, client.ImageModel25Sunburst)
	h.to(rowQuality).Keys("g", "R")
	if s := h.m.form.spec(); s.Prompt != "a red kite" || s.Model != "gamma/image-2" || h.m.area != formArea {
		t.Fatalf("R: the form holds %+v in area %d", s, h.m.area)
	}
	if len(h.srv.all()) != 1 {
		t.Fatal("R sent something")
	}

	h.to(rowQuality).Keys("g", "v")
	reqs := h.srv.all()
	if len(reqs) != 2 {
		t.Fatalf("v: %d requests", len(reqs))
	}
	want := decode(t, rc.Request)
	delete(want, "seed")
	if got := decode(t, reqs[1].body); !reflect.DeepEqual(got, want) {
		t.Errorf("v sent %v\nwant %v", got, want)
	}
	jobs := h.jobs()
	if len(jobs) != 2 {
		t.Fatalf("%d jobs", len(jobs))
	}
	varied, err := h.db.MediaPath(jobs[0].Files[0].Path)
	if err != nil {
		t.Fatal(err)
	}
	vrc, err := recipe.ReadFile(varied)
	if err != nil {
		t.Fatal(err)
	}
	if vrc.Parent != made.ID || vrc.ID == made.ID {
		t.Errorf("the variation's recipe: parent %q id %q, want parent %q", vrc.Parent, vrc.ID, made.ID)
	}
	if n := h.Notices(); !slices.ContainsFunc(n, func(s string) bool { return strings.HasPrefix(s, "a variation of image-") }) {
		t.Errorf("notices %q", n)
	}
	h.NoErrors()
}
