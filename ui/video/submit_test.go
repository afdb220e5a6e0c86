package video

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"atelier/client/sim"
	"atelier/store/storetest"
)

// TestSubmitToDone submits a task to the simulator and follows it, through
// the poller's reports, to a done task in the list with its saved file.
func TestSubmitToDone(t *testing.T) {
	r := newRig(t, sim.Options{})
	h := r.harness(t)
	h.to("prompt").Type("a lighthouse in fog").Keys("enter")
	if len(h.m.tasks.Items()) != 1 || h.m.Running() != 1 {
		t.Fatalf("after submit: %d tasks, %d running\n%s", len(h.m.tasks.Items()), h.m.Running(), h.view())
	}
	id := h.m.tasks.Items()[0].id()
	if n := h.Notices(); len(n) != 1 || n[0] != "video "+shortID(id)+" submitted" {
		t.Errorf("notices %q", n)
	}
	if got := r.submissions(); len(got) != 1 || got[0]["prompt"] != "a lighthouse in fog" {
		t.Errorf("sent %v", got)
	}
	h.await(r.p, func(m Model) bool { return m.Running() == 0 && m.tasks.Items()[0].file != "" })
	task := h.m.tasks.Items()[0]
	if _, err := os.Stat(task.file); err != nil {
		t.Fatalf("the saved video: %v", err)
	}
	line := h.line(shortID(id))
	for _, want := range []string{"✓", "videoa q1 t2v", "COMPLETED", filepath.Base(task.file)} {
		if !strings.Contains(line, want) {
			t.Errorf("task line %q lacks %q", line, want)
		}
	}
	if n := h.Notices(); len(n) != 2 || !strings.HasPrefix(n[1], "video "+shortID(id)+" done · ") {
		t.Errorf("notices %q", n)
	}
	rec, err := r.st.VideoTask(t.Context(), id)
	if err != nil || !rec.Done || !strings.Contains(string(rec.BodyJSON), "a lighthouse in fog") {
		t.Errorf("recorded %+v, %v", rec, err)
	}
}

// TestFailedTaskIsAnnounced follows a task the service fails.
func TestFailedTaskIsAnnounced(t *testing.T) {
	r := newRig(t, sim.Options{FailShare: 1})
	h := r.harness(t)
	h.env["TERM_PROGRAM"] = "iTerm.app"
	h.to("prompt").Type("a storm").Keys("enter")
	h.await(r.p, func(m Model) bool { return m.Running() == 0 })
	line := h.line(shortID(h.m.tasks.Items()[0].id()))
	if !strings.Contains(line, "✗") {
		t.Errorf("task line %q", line)
	}
	if e := h.errs(); len(e) != 1 || !strings.Contains(e[0], " failed: ") {
		t.Errorf("errors %q", e)
	}
}

// TestDataURIWhereAccepted sends a local image as a data URI to a field
// that takes one, and says beside it that it will.
func TestDataURIWhereAccepted(t *testing.T) {
	r := newRig(t, sim.Options{})
	h := r.harness(t)
	h.endpoint("videoa/q3/image-to-video/turbo")
	h.to("image_url").Type(pngFile(t))
	if l := h.line("image_url"); !strings.Contains(l, "sent as data URI") || strings.Contains(l, "✗") {
		t.Errorf("image_url line %q", l)
	}
	h.Keys("enter") // the path is done: the next row, nothing sent
	if n := len(r.submissions()); n != 0 || h.m.form.Path() != "audio" {
		t.Fatalf("enter on the path: %d submissions, focus on %s", n, h.m.form.Path())
	}
	h.Keys("enter") // on a choice: sent
	got := r.submissions()
	if len(got) != 1 {
		t.Fatalf("%d submissions; errors %q\n%s", len(got), h.errs(), h.view())
	}
	if uri, _ := got[0]["image_url"].(string); !strings.HasPrefix(uri, "data:image/png;base64,iVBOR") {
		t.Errorf("image_url sent as %.40q", uri)
	}
}

// TestLocalFileRefusedWhereOnlyAURLGoes says a URL is required, and sends
// nothing.
func TestLocalFileRefusedWhereOnlyAURLGoes(t *testing.T) {
	r := newRig(t, sim.Options{})
	h := r.harness(t)
	h.endpoint("videoa/q1/image-to-video")
	h.to("prompt").Type("waves")
	h.to("image_url").Type(pngFile(t))
	if l := h.line("image_url"); !strings.Contains(l, "✗ a URL is required here") {
		t.Errorf("image_url line %q", l)
	}
	h.to("seed").Keys("enter")
	if n := len(r.submissions()); n != 0 {
		t.Errorf("%d submissions", n)
	}
	if w := h.Warnings(); len(w) != 1 || !strings.HasPrefix(w[0], "not sent: image_url: a URL is required here: ") {
		t.Errorf("warnings %q", w)
	}
}

// TestUnreadableImageShowsBesideItsField: the file is read by the submit
// command; what it cannot send comes back beside the field.
func TestUnreadableImageShowsBesideItsField(t *testing.T) {
	text := filepath.Join(t.TempDir(), "notes.txt")
	os.WriteFile(text, []byte("not an image at all"), 0o600)
	for name, c := range map[string]struct{ file, want string }{
		"missing":      {filepath.Join(t.TempDir(), "gone.png"), "cannot read the image: no such file or directory"},
		"not an image": {text, "a PNG, JPEG or WebP image is needed (the file looks like text/plain"},
	} {
		t.Run(name, func(t *testing.T) {
			r := newRig(t, sim.Options{})
			h := r.harness(t)
			h.endpoint("videoa/q3/reference-to-video/turbo")
			h.to("prompt").Type("a cat")
			h.to("reference_image_urls").Keys("ctrl+n").Type("https://example.org/a.png")
			h.Keys("ctrl+n").Type(c.file).Keys("enter", "enter") // the path is done; send
			if n := len(r.submissions()); n != 0 {
				t.Fatalf("%d submissions", n)
			}
			if l := h.line(filepath.Base(c.file)); !strings.Contains(l, "✗ "+c.want[:20]) {
				t.Errorf("line %q, want %q", l, c.want)
			}
			if p := h.m.form.Problem("reference_image_urls[1]"); !strings.HasPrefix(p, c.want) {
				t.Errorf("problem %q, want %q", p, c.want)
			}
			if h.m.form.Path() != "reference_image_urls[1]" || h.m.out.sending {
				t.Errorf("focus %s, sending %v", h.m.form.Path(), h.m.out.sending)
			}
			h.Type("x") // an edit of the field clears what the command found
			if l := h.line(filepath.Base(c.file)); strings.Contains(l, "✗") {
				t.Errorf("after an edit: %q", l)
			}
		})
	}
}

// TestWithoutAServiceNothingIsSent tells why.
func TestWithoutAServiceNothingIsSent(t *testing.T) {
	st := storetest.Open(t, "")
	h := newHarness(t, Options{Store: st})
	h.to("prompt").Type("fog").Keys("enter")
	if w := h.Warnings(); len(w) != 1 || !strings.Contains(w[0], "no service") {
		t.Errorf("warnings %q", w)
	}
}
