package video

import (
	"bytes"
	"encoding/base64"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"atelier/client"
	"atelier/client/sim"
	"atelier/store"
	"atelier/ui/tab"
)

// historyImage records an image job with one saved PNG in r's store, as the
// Image tab would, and returns the job, the file's row and its path.
func (r *rig) historyImage(t *testing.T, prompt string) (job, file int64, path string) {
	t.Helper()
	ctx := t.Context()
	raw, err := os.ReadFile(pngFile(t))
	if err != nil {
		t.Fatal(err)
	}
	job, err = r.st.AddImageJob(ctx, store.ImageJobStart{Model: "image-2.5-flare", Prompt: prompt})
	if err != nil {
		t.Fatal(err)
	}
	rel, err := r.st.SaveMedia("img", "png", bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	if file, err = r.st.AddImageFile(ctx, store.ImageFile{JobID: job, Path: rel, MIME: "image/png", Width: 4, Height: 4,
		Bytes: int64(len(raw))}); err != nil {
		t.Fatal(err)
	}
	abs, err := r.st.MediaPath(rel)
	if err != nil {
		t.Fatal(err)
	}
	return job, file, abs
}

// TestImageToVideoEveryEndpoint carries a history image to each
// image-to-video endpoint with the one message the "to video" key sends:
// where the endpoint takes a local image the simulator receives it (it
// decodes the data URI as an image) and the task names the image as its
// source; where it takes only a URL, the chooser and the form say so and
// nothing is sent.
func TestImageToVideoEveryEndpoint(t *testing.T) {
	r := newRig(t, sim.Options{})
	job, file, path := r.historyImage(t, "a lighthouse in fog")
	raw, _ := os.ReadFile(path)
	eps := client.ImageToVideoEndpoints()
	if len(eps) != 4 {
		t.Fatalf("%d image-to-video endpoints, want the interface's 4", len(eps))
	}
	sent := 0
	for _, e := range eps {
		t.Run(e.Path, func(t *testing.T) {
			h := r.harness(t)
			h.Send(tab.ToVideoMsg{File: path, Prompt: "a lighthouse in fog"})
			if h.m.mode != picking || len(h.m.pick.eps) != 4 {
				t.Fatalf("not choosing among the image-to-video endpoints:\n%s", h.view())
			}
			h.Keys("home")
			for range len(h.m.pick.eps) {
				if h.m.pick.eps[h.m.pick.cursor].Path == e.Path {
					break
				}
				h.Keys("down")
			}
			want := "image URL only"
			if e.TakesLocalImage() {
				want = "takes this image"
			}
			if l := h.line("› "); !strings.Contains(l, want) {
				t.Errorf("chooser line %q lacks %q", l, want)
			}
			h.Keys("enter")
			if got := h.m.form.Text("image_url"); filepath.Base(got) != filepath.Base(path) {
				t.Fatalf("image_url %q, want the image", got)
			}
			if got := h.m.form.Text("prompt"); got != "a lighthouse in fog" {
				t.Errorf("prompt %q, want the image's", got)
			}
			h.Keys("enter")
			if !e.TakesLocalImage() {
				if w := strings.Join(h.Warnings(), "\n"); !strings.Contains(w, "takes an http(s) URL, not a local file") {
					t.Errorf("warnings %q: the form must say a local image cannot go", w)
				}
				if !strings.Contains(h.view(), "takes no local file") || !strings.Contains(h.view(), "not a local file") {
					t.Errorf("the form does not say why:\n%s", h.view())
				}
				if len(r.submissions()) != sent {
					t.Fatalf("sent to %s, which takes no local image", e.Path)
				}
				return
			}
			sent++
			got := r.submissions()
			if len(got) != sent {
				t.Fatalf("%d submissions; errors %q\n%s", len(got), h.errs(), h.view())
			}
			uri, _ := got[len(got)-1]["image_url"].(string)
			payload, ok := strings.CutPrefix(uri, "data:image/png;base64,")
			dec, err := base64.StdEncoding.DecodeString(payload)
			if !ok || err != nil || !bytes.Equal(dec, raw) {
				t.Fatalf("image_url is not the image's data URI: %.60q", uri)
			}
			rec, err := r.st.VideoTask(t.Context(), h.m.tasks.Items()[0].id())
			if err != nil || len(rec.Inputs) != 1 || rec.Inputs[0].FileID != file || rec.Inputs[0].JobID != job ||
				rec.Inputs[0].Field != "image_url" {
				t.Fatalf("recorded inputs %+v, %v; want file %d of job %d", rec.Inputs, err, file, job)
			}
		})
	}
	if sent == 0 {
		t.Fatal("no image-to-video endpoint took the local image")
	}
	lin, err := r.st.ImageLineage(t.Context(), job)
	if err != nil || len(lin.Videos) != sent {
		t.Fatalf("the image knows %d videos (%v), want %d", len(lin.Videos), err, sent)
	}
}

// TestImageToVideoRemembersEndpoint: the chooser opens on the endpoint
// chosen last, kept in the store, so another start finds it.
func TestImageToVideoRemembersEndpoint(t *testing.T) {
	r := newRig(t, sim.Options{})
	_, _, path := r.historyImage(t, "fog")
	h := r.harness(t)
	h.Send(tab.ToVideoMsg{File: path})
	if e := h.m.pick.eps[h.m.pick.cursor]; !e.TakesLocalImage() {
		t.Errorf("with none chosen yet the chooser opens on %s, which takes no local image", e.Path)
	}
	h.Keys("down", "enter") // after q3 turbo: videob o3 image-to-video
	want := h.m.form.path()
	if !strings.Contains(want, "videob/o3/") {
		t.Fatalf("chose %q", want)
	}
	if got, err := r.st.State(t.Context(), store.StateImageToVideo); err != nil || got != want {
		t.Fatalf("kept %q, %v; want %q", got, err, want)
	}
	again := newHarness(t, Options{Store: r.st}) // a new start reads it
	again.Send(tab.ToVideoMsg{File: path})
	if got := again.m.pick.eps[again.m.pick.cursor].Path; !strings.HasPrefix(want, strings.Split(got, "{")[0]) {
		t.Fatalf("the chooser opens on %q, want %q", got, want)
	}
	again.Keys("enter")
	if got := again.m.form.path(); got != want {
		t.Errorf("form on %q, want %q (the mode kept too)", got, want)
	}
}
