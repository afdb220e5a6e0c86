package strip

import (
	"bytes"
	"context"
	"encoding/json"
	"image"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"atelier/store"
	"atelier/ui/imageview"
	"atelier/ui/tab"
	"atelier/ui/tab/tabtest"
)

var bg = context.Background()

// addJob records a finished image job of prompt with request body, its
// one image saved as the app saves it (with its recipe) unless bare.
func addJob(t *testing.T, db *store.Store, prompt, body string, bare bool, inputs ...store.ImageInput) int64 {
	t.Helper()
	ep := store.ImageGenerate
	if len(inputs) > 0 {
		ep = store.ImageEdit
	}
	id := tabtest.Must[int64](t)(db.AddImageJob(bg, store.ImageJobStart{Endpoint: ep, Model: "gamma/image-2", Prompt: prompt,
		RequestJSON: json.RawMessage(body), Inputs: inputs}))
	img := image.NewRGBA(image.Rect(0, 0, 8, 8))
	for i := range img.Pix {
		img.Pix[i] = byte(id * 40)
	}
	png := tabtest.EncodePNG(t, img)
	var rel string
	if bare {
		rel = tabtest.Must[string](t)(db.SaveMedia("image", "png", bytes.NewReader(png)))
	} else {
		var err error
		if rel, _, err = db.SaveImage(bg, id, "png", png); err != nil {
			t.Fatal(err)
		}
	}
	tabtest.Must[int64](t)(db.AddImageFile(bg, store.ImageFile{JobID: id, Path: rel, MIME: "image/png", Width: 8, Height: 8}))
	if err := db.FinishImageJob(bg, id, store.ImageJobEnd{}); err != nil {
		t.Fatal(err)
	}
	return id
}

// harness drives a strip as a tab would: its answers fed back in, what
// goes to the shell kept.
type harness struct {
	t     *testing.T
	m     Model
	shell []tea.Msg
}

func newHarness(t *testing.T, w, h int) *harness {
	m := New(func(msg tea.Msg) tea.Msg { return tab.Result(tab.Image, msg) }, nil)
	m.SetSize(w, h)
	return &harness{t: t, m: m}
}

func (h *harness) run(cmd tea.Cmd) {
	h.t.Helper()
	for _, msg := range tabtest.Results(h.t, tab.Image, cmd, &h.shell) {
		var next tea.Cmd
		var ok bool
		h.m, next, ok = h.m.Update(msg)
		if !ok {
			h.t.Fatalf("the strip did not take its own %T", msg)
		}
		h.run(next)
	}
}

func (h *harness) keys(ks ...string) {
	h.t.Helper()
	for _, k := range ks {
		m, cmd, ok := h.m.Update(tabtest.Press(k))
		if !ok {
			h.t.Fatalf("the strip has no use for %s", k)
		}
		h.m = m
		h.run(cmd)
	}
}

func (h *harness) chosen() int64 {
	j, _ := h.m.Selected()
	return j.ID
}

// off draws no picture, as a viewer with images off.
type off struct{}

func (off) View(string, image.Image, int, int) string { return "" }

func TestStripShowsTheLineageAndMoves(t *testing.T) {
	t.Parallel()
	db := tabtest.OpenStore(t, "")
	one := addJob(t, db, "a lighthouse", `{"model":"gamma/image-2","prompt":"a lighthouse","seed":1}`, false)
	two := addJob(t, db, "a lighthouse", `{"model":"gamma/image-2","prompt":"a lighthouse","seed":2}`, false)
	addJob(t, db, "unrelated", `{"model":"gamma/image-2","prompt":"unrelated"}`, false)
	three := addJob(t, db, "a lighthouse", `{"model":"gamma/image-2","prompt":"a lighthouse","seed":2,"size":"1024x1536"}`, false)

	h := newHarness(t, 76, 20)
	m, cmd := h.m.Open(db, two)
	h.m = m
	h.run(cmd)
	if h.chosen() != two || len(h.m.jobs) != 3 {
		t.Fatalf("opened on %d with %d jobs", h.chosen(), len(h.m.jobs))
	}
	if n := len(h.m.Visible()); n != 3 {
		t.Fatalf("%d thumbnails decoded in sight", n)
	}
	v := h.m.View(off{})
	for _, want := range []string{"Variants · 3 image jobs · “a lighthouse”", "seed 1", "seed 2", "size 1024x1536", "▲ #2 ✓", "╭", "#1 · 8x8"} {
		if !strings.Contains(v, want) {
			t.Errorf("no %q in\n%s", want, v)
		}
	}
	if s := h.m.Summary(); s != "variants · 2 of 3" {
		t.Fatalf("summary %q", s)
	}
	h.keys("left")
	if h.chosen() != one {
		t.Fatalf("left went to %d", h.chosen())
	}
	h.keys("left", "end")
	if h.chosen() != three {
		t.Fatalf("end went to %d", h.chosen())
	}
	h.keys("h", "home")
	if h.chosen() != one {
		t.Fatalf("home went to %d", h.chosen())
	}
	h.m, _, _ = h.m.Update(tea.MouseWheelMsg{Button: tea.MouseWheelDown})
	if h.chosen() != two {
		t.Fatalf("the wheel went to %d", h.chosen())
	}
	h.m, _, _ = h.m.Update(tea.MouseWheelMsg{Button: tea.MouseWheelUp})
	if _, _, ok := h.m.Update(tabtest.Press("x")); ok {
		t.Fatal("the strip took a key it has no use for")
	}
	pic := &imageview.Preview{}
	if v := h.m.View(pic); strings.Contains(v, "╭") || !strings.Contains(v, "▀") {
		t.Fatalf("with a painter the thumbnails are no pictures:\n%s", v)
	}
}

// At 40 columns two tiles fit: the rest scroll into sight with the cursor,
// and the line under them says how many are out of sight either way.
func TestStripScrollsWhenNarrow(t *testing.T) {
	t.Parallel()
	db := tabtest.OpenStore(t, "")
	var ids []int64
	for range 5 {
		ids = append(ids, addJob(t, db, "a kite", `{"prompt":"a kite"}`, false))
	}
	h := newHarness(t, 40, 8) // too short for pictures: labels only
	m, cmd := h.m.Open(db, ids[0])
	h.m = m
	h.run(cmd)
	v := h.m.View(off{})
	if !strings.Contains(v, "3 more ›") || strings.Contains(v, "‹") || strings.Contains(v, "╭") {
		t.Fatalf("the first two of five:\n%s", v)
	}
	h.keys("right", "right", "right")
	v = h.m.View(off{})
	if !strings.Contains(v, "‹ 2 more") || !strings.Contains(v, "1 more ›") || !strings.Contains(v, "▲ #4") {
		t.Fatalf("on the fourth of five:\n%s", v)
	}
	for _, l := range strings.Split(v, "\n") {
		if w := len([]rune(stripANSI(l))); w != 40 {
			t.Fatalf("a line of %d cells, not 40: %q", w, l)
		}
	}
}

func stripANSI(s string) string {
	var b strings.Builder
	in := false
	for _, r := range s {
		switch {
		case r == '\x1b':
			in = true
		case in && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'):
			in = false
		case !in:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Another process makes a variant, and deletes the first: Follow shows
// both, the cursor staying on its job.
func TestStripFollowsTheStore(t *testing.T) {
	t.Parallel()
	db := tabtest.OpenStore(t, "")
	one := addJob(t, db, "a kite", `{"prompt":"a kite","seed":1}`, false)
	two := addJob(t, db, "a kite", `{"prompt":"a kite","seed":2}`, false)
	h := newHarness(t, 76, 20)
	m, cmd := h.m.Open(db, one)
	h.m = m
	h.run(cmd)
	h.keys("right")

	other := tabtest.OpenStore(t, db.Dir())
	three := addJob(t, other, "a kite", `{"prompt":"a kite","seed":3}`, false)
	if err := other.DeleteImageJob(bg, one); err != nil {
		t.Fatal(err)
	}
	m, cmd = h.m.Follow()
	h.m = m
	h.run(cmd)
	if h.chosen() != two || len(h.m.jobs) != 2 || h.m.jobs[1].ID != three {
		t.Fatalf("after the change: on %d of %d", h.chosen(), len(h.m.jobs))
	}
	if v := h.m.View(off{}); !strings.Contains(v, "seed 3") || !strings.Contains(v, "▲ #2") {
		t.Fatalf("the new variant is not shown:\n%s", v)
	}
	if _, cmd := h.m.Close().Follow(); cmd != nil {
		t.Fatal("a closed strip reads the store")
	}
}

// R sends the Image tab the chosen job with the recipe of its file (its
// seed too); a file without one sends the job as the history kept it.
func TestStripReloadsTheRecipe(t *testing.T) {
	t.Parallel()
	db := tabtest.OpenStore(t, "")
	one := addJob(t, db, "a kite", `{"model":"gamma/image-2","prompt":"a kite","seed":41}`, false)
	bare := addJob(t, db, "a kite", `{"model":"gamma/image-2","prompt":"a kite","seed":42}`, true)
	h := newHarness(t, 76, 20)
	m, cmd := h.m.Open(db, one)
	h.m = m
	h.run(cmd)
	h.keys("R")
	r, notes := reruns(h.shell)
	if len(r) != 1 || r[0].To != tab.Image || r[0].ID != one || r[0].Model != "gamma/image-2" || !strings.Contains(string(r[0].BodyJSON), `"seed":41`) {
		t.Fatalf("R sent %+v", r)
	}
	if len(notes) != 1 || !strings.Contains(notes[0], "recipe is in the Image form") {
		t.Fatalf("notes %q", notes)
	}
	h.shell = nil
	h.keys("right", "R")
	r, notes = reruns(h.shell)
	if len(r) != 1 || r[0].ID != bare || r[0].BodyJSON != nil || !strings.Contains(notes[0], "carries no recipe") {
		t.Fatalf("R on a file without a recipe sent %+v, %q", r, notes)
	}
}

func reruns(msgs []tea.Msg) (out []tab.RerunMsg, notes []string) {
	for _, m := range msgs {
		switch m := m.(type) {
		case tab.RerunMsg:
			out = append(out, m)
		case tab.NoticeMsg:
			notes = append(notes, m.Text)
		}
	}
	return out, notes
}
