package imagetab

import (
	"encoding/json"
	"strings"
	"testing"

	"atelier/ui/tab"
)

// TestLabels: the form's label row labels the job and is not sent (the
// request is the one sent without it; a bad label is named and nothing is
// sent); L on the result and on a gallery job asks for its label, writes
// it, and the gallery shows it; label:NAME in the gallery's filter keeps
// the labelled jobs.
func TestLabels(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	h.set("prompt", "a lamp").set(rowSize, "256x256").set(rowLabel, strings.Repeat("x", 41)).Keys("enter")
	if n := len(h.srv.all()); n != 0 {
		t.Fatalf("a 41-character label sent %d requests", n)
	}
	if l := h.line("label"); !strings.Contains(l, "longer than 40") {
		t.Errorf("the label row does not name its rule: %q", l)
	}
	h.set(rowLabel, "  Lamps ").Keys("enter")
	reqs := h.srv.all()
	if len(reqs) != 1 {
		t.Fatalf("%d requests\n%s", len(reqs), h.view())
	}
	var body map[string]any
	if err := json.Unmarshal(reqs[0].body, &body); err != nil {
		t.Fatal(err)
	}
	if _, sent := body["label"]; sent || body["prompt"] != "a lamp" {
		t.Errorf("request body %v", body)
	}
	jobs := h.jobs()
	if len(jobs) != 1 || jobs[0].Label != "Lamps" {
		t.Fatalf("jobs %+v", jobs)
	}

	// L on the result: opens on its label.
	h.Keys("L")
	if !h.m.label.Asking() || h.m.label.Value() != "Lamps" || !h.m.Focused() {
		t.Fatalf("L on the result: asking %v, value %q\n%s", h.m.label.Asking(), h.m.label.Value(), h.view())
	}
	h.Keys("ctrl+u").Type("Lights").Keys("enter")
	if jobs := h.jobs(); jobs[0].Label != "Lights" {
		t.Errorf("stored %q after L on the result", jobs[0].Label)
	}

	// The gallery shows it, takes L and filters by it.
	h.Keys("g")
	h.Send(tab.StoreChangedMsg{Shown: tab.Image})
	if l := h.line("a lamp"); !strings.Contains(l, "[Lights]") {
		t.Errorf("the gallery's row shows no label: %q\n%s", l, h.view())
	}
	h.Keys("/").Type("label:LIGHTS")
	if h.m.gallery.jobs.Len() != 1 {
		t.Errorf("label:LIGHTS keeps %d jobs, want 1", h.m.gallery.jobs.Len())
	}
	h.Keys("esc")
	h.Keys("L", "ctrl+u", "enter") // an empty label takes it away
	if jobs := h.jobs(); jobs[0].Label != "" {
		t.Errorf("stored %q after an empty label in the gallery", jobs[0].Label)
	}
	h.Send(tab.StoreChangedMsg{Shown: tab.Image})
	h.Keys("/").Type("label:lights")
	if h.m.gallery.jobs.Len() != 0 {
		t.Errorf("label:lights keeps %d jobs after the label was taken away", h.m.gallery.jobs.Len())
	}
}
