package imagetab

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/store"
	"atelier/ui/imageview"
	"atelier/ui/tab"
	"atelier/ui/tab/tabtest"
)

// The strip of variants from the gallery (issue 33): s shows the job's
// lineage with what tells each apart, follows a variant another process
// makes (the cursor staying on its job), and R reloads the chosen one
// into the form; esc goes back to the gallery.
func TestGalleryStripOfVariants(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	h.generateSmall("a red kite")
	h.to(rowQuality).pick(rowQuality, "medium").Keys("enter")
	h.to("prompt").set("prompt", "a green field").Keys("enter")
	jobs := h.jobs() // newest first
	h.Keys("g", "down", "s")
	if h.m.area != stripArea {
		t.Fatalf("s in the gallery did not open the strip:\n%s", h.view())
	}
	v := h.view()
	for _, want := range []string{"Variants · 2 image jobs · “a red kite”", "quality low", "quality medium", "▲ #2"} {
		if !strings.Contains(v, want) {
			t.Fatalf("no %q in the strip:\n%s", want, v)
		}
	}
	if strings.Contains(v, "a green field") {
		t.Fatalf("another prompt in the strip:\n%s", v)
	}

	other := tabtest.OpenStore(t, h.db.Dir()) // another process makes a variant
	tabtest.Must[int64](t)(other.AddImageJob(context.Background(), store.ImageJobStart{Model: client.ImageModel2, Prompt: "a red kite",
		RequestJSON: json.RawMessage(`{"model":"` + client.ImageModel2 + `","prompt":"a red kite","size":"256x256","quality":"high"}`)}))
	h.Send(tab.StoreChangedMsg{Shown: tab.Image})
	v = h.view()
	if !strings.Contains(v, "3 image jobs") || !strings.Contains(v, "quality high") || !strings.Contains(v, "▲ #2") {
		t.Fatalf("the new variant is not in the strip, or the cursor moved:\n%s", v)
	}

	h.Keys("left", "R")
	var rerun *tab.RerunMsg
	for _, msg := range h.Out {
		if r, ok := msg.(tab.RerunMsg); ok {
			rerun = &r
		}
	}
	if rerun == nil || rerun.ID != jobs[2].ID || rerun.To != tab.Image || len(rerun.BodyJSON) == 0 {
		t.Fatalf("R sent %+v, want job %d with its recipe", rerun, jobs[2].ID)
	}
	h.Send(*rerun) // the shell hands it back
	if s := h.m.form.spec(); s.Prompt != "a red kite" || s.Quality != "low" || h.m.area != formArea || h.m.strip.IsOpen() {
		t.Fatalf("after R: form %+v in area %d", s, h.m.area)
	}

	h.to(rowQuality).Keys("g", "down", "s", "esc")
	if h.m.area != galleryArea || h.m.strip.IsOpen() {
		t.Fatalf("esc left the strip for area %d", h.m.area)
	}
	h.NoErrors()
}

// With kitty graphics the strip's thumbnails are sent to the terminal,
// one transmission each, and drawn as placeholders once they went out.
func TestStripThumbnailsInKitty(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	h.m.viewer.Caps = imageview.Capabilities{Override: imageview.ProtocolKitty, TrueColor: true}
	h.generateSmall("a bell")
	h.to(rowQuality).pick(rowQuality, "medium").Keys("enter")
	h.Keys("g")
	before := len(h.Out)
	h.Keys("s")
	var raws []tea.Msg
	for _, m := range h.Out[before:] {
		if r, ok := m.(tea.RawMsg); ok {
			raws = append(raws, r)
		}
	}
	if len(raws) != 2 {
		t.Fatalf("%d kitty transmissions for two thumbnails", len(raws))
	}
	if strings.Contains(h.m.View(), "\U0010EEEE") {
		t.Error("placeholders drawn before the thumbnails were sent")
	}
	h.Send(raws...)
	if n := strings.Count(h.m.View(), "\U0010EEEE"); n == 0 {
		t.Fatalf("no kitty placeholders once the thumbnails were sent:\n%s", h.view())
	}
	h.NoErrors()
}

// R on an edit in the strip reloads its input image with the recipe: the
// form edits the same earlier result again, the lineage kept.
func TestStripReloadsAnEditWithItsInput(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	h.generateSmall("a bell")
	first := h.jobs()[0]
	ctx := context.Background()
	edit := tabtest.Must[int64](t)(h.db.AddImageJob(ctx, store.ImageJobStart{Endpoint: store.ImageEdit, Model: client.ImageModel2,
		Prompt: "add snow", Inputs: []store.ImageInput{{FileID: first.Files[0].ID}},
		RequestJSON: json.RawMessage(`{"model":"` + client.ImageModel2 + `","prompt":"add snow","size":"256x256","seed":9}`)}))
	rel, _, err := h.db.SaveImage(ctx, edit, "png", tabtest.EncodePNG(t, scene(16, 16, 0)))
	if err != nil {
		t.Fatal(err)
	}
	tabtest.Must[int64](t)(h.db.AddImageFile(ctx, store.ImageFile{JobID: edit, Path: rel, MIME: "image/png", Width: 16, Height: 16}))
	if err := h.db.FinishImageJob(ctx, edit, store.ImageJobEnd{}); err != nil {
		t.Fatal(err)
	}

	h.Keys("g", "s") // the gallery opens on the newest: the edit
	if v := h.view(); !strings.Contains(v, fmt.Sprintf("edit of #%d", first.ID)) || !strings.Contains(v, fmt.Sprintf("▲ #%d", edit)) {
		t.Fatalf("the edit is not in the strip under the cursor:\n%s", v)
	}
	h.Keys("R")
	for _, msg := range h.Out {
		if r, ok := msg.(tab.RerunMsg); ok {
			h.Send(r)
		}
	}
	s := h.m.form.spec()
	if s.Prompt != "add snow" || len(s.Inputs) != 1 || s.Inputs[0].FileID != first.Files[0].ID || fmt.Sprint(s.Extra["seed"]) != "9" {
		t.Fatalf("after R on the edit: %+v", s)
	}
	h.NoErrors()
}
