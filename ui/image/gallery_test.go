package imagetab

import (
	"encoding/json"
	"strings"
	"testing"

	"atelier/client"
	"atelier/store"
)

func TestGalleryListsJobsAndRerunFillsTheForm(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	h.generateSmall("a red kite")
	h.to("prompt").set("prompt", "a green field").set(rowModel, client.ImageModel25Sunburst).pick(rowQuality, "max").Keys("enter")

	h.Keys("g")
	if h.m.area != galleryArea || h.m.Focused() {
		t.Fatal("g did not open the gallery")
	}
	v := h.view()
	for _, want := range []string{"Gallery · 2 image jobs", "gamma/image-2  ", "a red kite", "gamma/image-2.5-sunburst", "a green field", "256x256 · max"} {
		if !strings.Contains(v, want) {
			t.Errorf("gallery lacks %q:\n%s", want, v)
		}
	}
	// The newest is first and selected: its image is shown.
	if !strings.Contains(h.line("▸"), "a green field") || !strings.Contains(v, "▀") {
		t.Errorf("the newest job is not selected with its image:\n%s", v)
	}
	h.Keys("down")
	if !strings.Contains(h.line("▸"), "a red kite") {
		t.Fatalf("down did not move:\n%s", h.view())
	}
	h.Keys("enter")
	if len(h.opened) != 1 || !strings.Contains(h.opened[0], "/media/") {
		t.Errorf("enter opened %q", h.opened)
	}

	h.Keys("r")
	if h.m.area != formArea || h.m.form.row() != "prompt" {
		t.Fatal("r did not fill the form and go to the prompt")
	}
	s := h.m.form.spec()
	if s.Prompt != "a red kite" || s.Model != client.ImageModel2 || s.Quality != "low" || s.Size != "256x256" || !s.Stream {
		t.Fatalf("form %+v", s)
	}
	if n := h.Notices(); !strings.Contains(n[len(n)-1], "enter sends it again") {
		t.Errorf("notices %q", n)
	}
	h.Keys("enter")
	jobs := h.jobs()
	if len(jobs) != 3 || jobs[0].Prompt != "a red kite" || jobs[0].Model != client.ImageModel2 {
		t.Fatalf("re-run: jobs %+v", jobs)
	}
	var req map[string]any
	json.Unmarshal(h.srv.all()[2].body, &req)
	if req["quality"] != "low" || req["size"] != "256x256" {
		t.Errorf("re-run request %v", req)
	}
}

func TestGalleryRerunOfAnEditKeepsItsInputs(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	h.set("prompt", "a cup").set(rowSize, "256x256").Keys("enter", "e")
	h.set("prompt", "the cup, cracked").Keys("enter")
	h.Keys("g", "r") // the edit is the newest job
	s := h.m.form.spec()
	first := h.jobs()[1]
	if len(s.Inputs) != 1 || s.Inputs[0].FileID != first.Files[0].ID || s.Prompt != "the cup, cracked" {
		t.Fatalf("form inputs %+v prompt %q", s.Inputs, s.Prompt)
	}
	h.Keys("enter")
	jobs := h.jobs()
	if len(jobs) != 3 || jobs[0].Endpoint != store.ImageEdit {
		t.Fatalf("jobs %+v", jobs)
	}
}

func TestGalleryEditThis(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	h.set("prompt", "a bowl").set(rowSize, "256x256").Keys("enter")
	h.Keys("g", "e") // from the results
	want := h.jobs()[0].Files[0].ID
	if len(h.m.form.spec().Inputs) != 1 || h.m.form.spec().Inputs[0].FileID != want || h.m.area != formArea {
		t.Fatalf("inputs %+v, want file %d", h.m.form.spec().Inputs, want)
	}
}

func TestGalleryWhenEmpty(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	h.to(rowQuality).Keys("g")
	if v := h.view(); !strings.Contains(v, "No image jobs yet") {
		t.Errorf("empty gallery:\n%s", v)
	}
	h.Keys("esc")
	if h.m.area != formArea || h.m.form.row() != rowQuality {
		t.Error("esc did not go back to where the form was")
	}
}

// TestGalleryCountsOneJob: one job is "1 image job", not "1 image jobs".
func TestGalleryCountsOneJob(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	h.set("prompt", "a red kite").set(rowSize, "256x256").Keys("enter")
	h.Keys("g")
	if v := h.view(); !strings.Contains(v, "Gallery · 1 image job ") {
		t.Errorf("one job counted as:\n%s", v)
	}
}

// TestGalleryFilter: / narrows the jobs to those whose model or prompt
// holds the text; enter keeps the filter, and the keys act on the job
// found.
func TestGalleryFilter(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	h.set("prompt", "a red kite").set(rowModel, client.ImageModel2).set(rowSize, "256x256").Keys("enter")
	h.to("prompt").set("prompt", "a green field").set(rowModel, client.ImageModel25Sunburst).Keys("enter")
	h.Keys("g", "/")
	h.Type("kite")
	v := h.view()
	if !strings.Contains(v, "/ kite") || strings.Contains(v, "a green field") || !strings.Contains(h.line("▸"), "a red kite") {
		t.Fatalf("filter kite:\n%s", v)
	}
	h.Keys("enter", "enter")
	if len(h.opened) != 1 {
		t.Errorf("enter after the filter opened %q", h.opened)
	}
	h.Keys("/")
	h.Type("x")
	if !strings.Contains(h.view(), "no match for “kitex”") {
		t.Errorf("no match:\n%s", h.view())
	}
}
