package history

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"atelier/store"
	"atelier/store/recipe"
	"atelier/ui/tab"
	"atelier/ui/tab/tabtest"
)

// TestRerunFromTheFilesRecipe: R fills the Image or Video form from the
// recipe in the item's saved file; where it and the row disagree, the
// file wins and the status bar names the fields; a file without a recipe,
// an item without a file and a conversation send nothing and say why.
func TestRerunFromTheFilesRecipe(t *testing.T) {
	t.Parallel()
	f, hs := openFixture(t, 100, 30)
	press := func(row string) (*tab.RerunMsg, string) {
		t.Helper()
		hs.Out = nil
		hs.to(row).Keys("R")
		hs.NoErrors()
		var got *tab.RerunMsg
		for _, m := range hs.Out {
			if r, ok := m.(tab.RerunMsg); ok {
				got = &r
			}
		}
		return got, strings.Join(hs.Notices(), " | ")
	}
	imageFile := filepath.Join(f.db.Dir(), filepath.FromSlash(f.imageFile))
	embed := func(body string) {
		t.Helper()
		rc := tabtest.Must[*recipe.Recipe](t)(recipe.New(recipe.KindImage, store.ImageGenerate, []byte(body), t0, "test"))
		img := tabtest.Must[[]byte](t)(os.ReadFile(imageFile))
		check(t, os.WriteFile(imageFile, tabtest.Must[[]byte](t)(recipe.Embed(img, rc)), 0o644))
	}

	// The fixture saved its picture without a recipe.
	if msg, note := press("watercolor"); msg != nil || !strings.Contains(note, "img-") || !strings.Contains(note, "carries no recipe") {
		t.Errorf("a file without a recipe: sent %+v, said %q", msg, note)
	}

	// A recipe that agrees with the row.
	embed(`{"model":"gamma/image-2.5-flare","prompt":"a lighthouse in fog, watercolor"}`)
	msg, note := press("watercolor")
	if msg == nil || msg.To != tab.Image || msg.ID != f.image || msg.Prompt != "a lighthouse in fog, watercolor" ||
		!strings.HasPrefix(note, "re-run from the recipe in img-") || strings.Contains(note, "differs") {
		t.Errorf("an agreeing recipe: sent %+v, said %q", msg, note)
	}

	// One that does not: the file's wins, and the fields are named.
	embed(`{"model":"gamma/image-2.5-flare","prompt":"a lighthouse in sun, oil","size":"1536x1024"}`)
	msg, note = press("watercolor")
	if msg == nil || msg.Prompt != "a lighthouse in sun, oil" || !strings.Contains(string(msg.BodyJSON), `"size":"1536x1024"`) ||
		msg.Model != "gamma/image-2.5-flare" || msg.Endpoint != store.ImageGenerate {
		t.Errorf("a disagreeing recipe: sent %+v", msg)
	}
	if !strings.Contains(note, "differs from the history's row (prompt, size): the file's recipe wins") {
		t.Errorf("a disagreeing recipe: said %q", note)
	}

	// A video: its sidecar, written when the video was saved, agrees.
	msg, note = press("beam sweeps")
	if msg == nil || msg.To != tab.Video || msg.Endpoint != "videob/o3/pro/text-to-video" ||
		!strings.Contains(string(msg.BodyJSON), `"duration":5`) || strings.Contains(note, "differs") {
		t.Errorf("a video's sidecar: sent %+v, said %q", msg, note)
	}
	side := recipe.SidecarPath(filepath.Join(f.db.Dir(), filepath.FromSlash(f.videoFile)))
	var rc recipe.Recipe
	check(t, json.Unmarshal(tabtest.Must[[]byte](t)(os.ReadFile(side)), &rc))
	rc.Request = json.RawMessage(`{"prompt":"the lighthouse beam sweeps through the fog","duration":8,"generate_audio":false}`)
	check(t, recipe.WriteSidecar(filepath.Join(f.db.Dir(), filepath.FromSlash(f.videoFile)), &rc))
	msg, note = press("beam sweeps")
	if msg == nil || !strings.Contains(string(msg.BodyJSON), `"duration":8`) || !strings.Contains(note, "(duration)") {
		t.Errorf("an edited sidecar: sent %+v, said %q", msg, note)
	}

	for row, want := range map[string]string{"storm": "no saved file", "haiku": "R re-runs an image job or a video task"} {
		if msg, note := press(row); msg != nil || !strings.Contains(note, want) {
			t.Errorf("%s: sent %+v, said %q", row, msg, note)
		}
	}

	// From an open item too.
	hs.Out = nil
	hs.opened("watercolor")
	hs.Keys("R")
	sent := false
	for _, m := range hs.Out {
		_, ok := m.(tab.RerunMsg)
		sent = sent || ok
	}
	if !sent {
		t.Errorf("R in an open item sent no re-run: %v", hs.Out)
	}
}
