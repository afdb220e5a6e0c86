package imagetab

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"atelier/store"
)

func TestStreamedGenerationShowsPartialsBeforeTheResult(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	h.set("prompt", "a lighthouse in fog").set(rowSize, "256x256").set(rowPartials, "2")
	h.watching().Keys("enter")

	reqs := h.srv.all()
	if len(reqs) != 1 || reqs[0].path != "/bypass/gamma/v1/images/generations" {
		t.Fatalf("requests %+v", reqs)
	}
	var body map[string]any
	if err := json.Unmarshal(reqs[0].body, &body); err != nil {
		t.Fatal(err)
	}
	if body["stream"] != true || body["partial_images"] != float64(2) || body["size"] != "256x256" ||
		body["prompt"] != "a lighthouse in fog" || body["model"] != "gamma/image-2.5-flare" {
		t.Errorf("request body %v", body)
	}

	partial := h.firstSeen("image 1 · partial 1", "▀")
	second := h.firstSeen("image 1 · partial 2")
	final := h.firstSeen("image 1 of 1")
	if partial < 0 || second < partial || final < second {
		t.Fatalf("partial 1 at view %d, partial 2 at %d, result at %d", partial, second, final)
	}
	if h.seen[partial] == h.seen[final] {
		t.Error("the partial preview looks like the result")
	}

	jobs := h.jobs()
	if len(jobs) != 1 || jobs[0].Status != store.StatusComplete || jobs[0].Endpoint != store.ImageGenerate {
		t.Fatalf("jobs %+v", jobs)
	}
	files := jobs[0].Files
	if len(files) != 1 || files[0].Partial || files[0].Width != 256 {
		t.Fatalf("files %+v", files)
	}
	media, err := h.db.MediaPath(files[0].Path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(media); err != nil {
		t.Fatal(err)
	}
	copies, _ := filepath.Glob(filepath.Join(h.outDir, "image-*.png"))
	if len(copies) != 1 {
		t.Fatalf("copies in the images folder: %v", copies)
	}
	if v := h.view(); !strings.Contains(v, filepath.Base(copies[0])) {
		t.Errorf("the path is not shown:\n%s", v)
	}
	if n := h.Notices(); len(n) != 1 || !strings.Contains(n[0], "1 image from gamma/image-2.5-flare") {
		t.Errorf("notices %q", n)
	}

	h.Keys("enter")
	if len(h.opened) != 1 || h.opened[0] != copies[0] {
		t.Errorf("enter opened %q, want %q", h.opened, copies[0])
	}
}

func TestWholeReplyOfTwoImages(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	h.set("prompt", "two moons").set(rowSize, "256x256").set(rowN, "2").to(rowStream).Keys("space")
	if h.m.form.spec().Stream {
		t.Fatal("space did not turn streaming off")
	}
	h.Keys("enter")
	var body map[string]any
	json.Unmarshal(h.srv.all()[0].body, &body)
	if _, ok := body["stream"]; ok || body["n"] != float64(2) {
		t.Errorf("request body %v", body)
	}
	v := h.view()
	for _, want := range []string{"image 1 of 2", "image 2 of 2"} {
		if !strings.Contains(v, want) {
			t.Errorf("view lacks %q:\n%s", want, v)
		}
	}
	jobs := h.jobs()
	if len(jobs) != 1 || len(jobs[0].Files) != 2 {
		t.Fatalf("jobs %+v", jobs)
	}
	// The stored reply points at the files instead of holding the images.
	if !strings.Contains(string(jobs[0].ResponseJSON), store.ElidedFilePrefix) {
		t.Errorf("response %s", jobs[0].ResponseJSON)
	}
	h.Keys("right")
	if h.m.page.sel != 1 || !strings.Contains(h.view(), "▸ image 2 of 2") {
		t.Errorf("right did not select the second image:\n%s", h.view())
	}
}

func TestServiceErrorIsShownAndRecorded(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	h.set("prompt", "a storm [[fault:500]]").set(rowSize, "256x256")
	h.Keys("enter")
	if errs := h.Errors(); len(errs) != 1 {
		t.Fatalf("errors %v", errs)
	}
	if v := h.view(); !strings.Contains(v, "failed") || !strings.Contains(v, "✗") {
		t.Errorf("the failure is not shown:\n%s", v)
	}
	if jobs := h.jobs(); len(jobs) != 1 || jobs[0].Status != store.StatusError {
		t.Fatalf("jobs %+v", jobs)
	}
}

func TestNoServiceYet(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	h.m.client = nil
	h.set("prompt", "anything").Keys("enter")
	if ws := h.Warnings(); len(ws) != 1 || !strings.Contains(ws[0], "Settings") {
		t.Fatalf("warnings %q", ws)
	}
	if len(h.srv.all()) != 0 || h.m.page.run != nil {
		t.Fatal("something was sent")
	}
}

func TestServiceRefusalShowsBesideItsField(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	h.set("prompt", "a fox").set(rowSize, "256x256").set(rowN, "11").Keys("enter")
	if n := len(h.srv.all()); n != 1 {
		t.Fatalf("%d requests: the client leaves the cap on n to the service", n)
	}
	if v := h.view(); !strings.Contains(v, "✗ 1 to fix in the form") {
		t.Errorf("the folded form does not say so:\n%s", v)
	}
	h.Keys("tab")
	if l := h.line("n  "); !strings.Contains(l, "✗ refused by the service: ") || !strings.Contains(h.view(), "between 1 and 10") {
		t.Errorf("n line %q in\n%s", l, h.view())
	}
}
