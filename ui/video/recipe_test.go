package video

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"atelier/client/sim"
	"atelier/store/recipe"
)

// lastNotice is the latest status-bar notice, "" when none.
func (h *harness) lastNotice() string {
	n := h.Notices()
	if len(n) == 0 {
		return ""
	}
	return n[len(n)-1]
}

// TestDroppedVideoFillsTheForm: a finished task's video carries its
// recipe beside it; dropping the video's path (as a terminal sends a
// dragged file: quoted, escaped or as a file:// URL) fills the form with
// its endpoint and request; sent again, the body is the same.
func TestDroppedVideoFillsTheForm(t *testing.T) {
	r := newRig(t, sim.Options{})
	h := r.harness(t)
	h.endpoint("videoa/q3/text-to-video/turbo")
	h.to("prompt").Type("a lighthouse in fog")
	h.to("duration").Keys("backspace").Type("7").Keys("enter")
	h.await(r.p, func(m Model) bool { return m.Running() == 0 && m.tasks.Items()[0].file != "" })
	saved := h.m.tasks.Items()[0].file
	if _, err := os.Stat(recipe.SidecarPath(saved)); err != nil {
		t.Fatalf("no sidecar beside the video: %v", err)
	}
	// A copy in a folder with a space, to be dropped as terminals send it.
	dir := filepath.Join(t.TempDir(), "my clips")
	os.MkdirAll(dir, 0o755)
	video := filepath.Join(dir, "kept.mp4")
	copyFile(t, saved, video)
	copyFile(t, recipe.SidecarPath(saved), recipe.SidecarPath(video))

	for _, dropped := range []string{"'" + video + "'", strings.ReplaceAll(video, " ", `\ `), "file://" + strings.ReplaceAll(video, " ", "%20")} {
		g := r.harness(t) // a fresh tab, on the default endpoint
		g.to("prompt")
		g.Send(tea.PasteMsg{Content: dropped})
		if g.m.form.path() != "videoa/q3/text-to-video/turbo" || g.m.form.Text("prompt") != "a lighthouse in fog" ||
			g.m.form.Text("duration") != "7" {
			t.Fatalf("dropped %q: form on %s, prompt %q, duration %q; notices %q", dropped, g.m.form.path(),
				g.m.form.Text("prompt"), g.m.form.Text("duration"), g.Notices())
		}
		if n := g.lastNotice(); !strings.Contains(n, "the recipe of kept.mp4 loaded") {
			t.Errorf("notice %q", n)
		}
	}
	before := r.submissions()[0]
	g := r.harness(t)
	g.Send(tea.PasteMsg{Content: recipe.SidecarPath(video)}) // the recipe file itself does too
	g.Keys("enter")
	sent := r.submissions()
	if len(sent) != 2 || canonical(t, sent[1]) != canonical(t, before) {
		t.Fatalf("sent again %v, first %v", sent[len(sent)-1], before)
	}
}

// TestDroppedFileWithoutRecipe: a file with no recipe changes nothing
// and says so; an image recipe is not a video's; text that is no file is
// pasted as text.
func TestDroppedFileWithoutRecipe(t *testing.T) {
	h := newHarness(t, Options{})
	h.endpoint("videoa/q3/text-to-video/turbo")
	h.to("prompt").Type("the sea")
	before := h.view()
	bare := filepath.Join(t.TempDir(), "clip.mp4")
	os.WriteFile(bare, []byte("\x00\x00\x00\x18ftypmp42 not a recipe"), 0o600)
	h.Send(tea.PasteMsg{Content: bare})
	if n := h.lastNotice(); !strings.Contains(n, "clip.mp4 has no atelier recipe") || !strings.Contains(n, "clip.recipe.json") ||
		!strings.Contains(n, "the form is unchanged") {
		t.Errorf("notice %q", n)
	}
	if h.view() != before {
		t.Errorf("the form changed:\n%s\nwas\n%s", h.view(), before)
	}

	img := pngFile(t)
	rc, err := recipe.New(recipe.KindImage, "generations", []byte(`{"model":"m","prompt":"a kite"}`), start, "test")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(img)
	b, err = recipe.Embed(b, rc)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(img, b, 0o600)
	h.Send(tea.PasteMsg{Content: img})
	if n := h.lastNotice(); !strings.Contains(n, "holds an image recipe") || h.view() != before {
		t.Errorf("an image recipe: notice %q\n%s", n, h.view())
	}

	h.Send(tea.PasteMsg{Content: " at dawn"})
	if got := h.m.form.Text("prompt"); got != "the sea at dawn" {
		t.Errorf("text pasted: prompt %q", got)
	}
}

// TestDroppedImageOnAnImageRow: on a row that takes an image, a dropped
// image is that row's file, recipe or not.
func TestDroppedImageOnAnImageRow(t *testing.T) {
	h := newHarness(t, Options{})
	h.endpoint("videoa/q3/image-to-video/turbo")
	img := pngFile(t)
	h.to("image_url").Send(tea.PasteMsg{Content: img})
	if got := h.m.form.Text("image_url"); got != img {
		t.Errorf("image_url %q, want %q", got, img)
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o600); err != nil {
		t.Fatal(err)
	}
}

// canonical is a JSON value written with its keys sorted, to compare.
func canonical(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
