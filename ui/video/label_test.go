package video

import (
	"strings"
	"testing"

	"atelier/client/sim"
	"atelier/store"
	"atelier/ui/tab"
)

// TestLabelFromTheForm: the form's label row labels the task in the
// history and is not sent; a bad one is named beside the row and nothing
// is sent.
func TestLabelFromTheForm(t *testing.T) {
	r := newRig(t, sim.Options{})
	h := r.harness(t)
	h.to("prompt").Type("a kite over the sea")
	h.to("label").Type(strings.Repeat("k", 41)).Keys("enter")
	if n := len(r.submissions()); n != 0 {
		t.Fatalf("a form with a 41-character label sent %d requests", n)
	}
	if l := h.line("label"); !strings.Contains(l, "longer than 40") {
		t.Errorf("the label row does not name its rule: %q", l)
	}
	for range 41 {
		h.Keys("backspace")
	}
	h.Type("  Kites ").Keys("enter")
	got := r.submissions()
	if len(got) != 1 {
		t.Fatalf("%d submissions; errors %q\n%s", len(got), h.errs(), h.view())
	}
	if _, sent := got[0]["label"]; sent || got[0]["prompt"] != "a kite over the sea" || len(got[0]) != 1 {
		t.Errorf("sent %v; want the prompt alone", got[0])
	}
	id := h.m.tasks.Items()[0].id()
	rec, err := r.st.VideoTask(t.Context(), id)
	if err != nil || rec.Label != "Kites" {
		t.Fatalf("recorded label %q, %v", rec.Label, err)
	}
	if l := h.line("[Kites]"); !strings.Contains(l, "a kite") && !strings.Contains(l, "videoa q1 t2v") {
		t.Errorf("the task's line shows no label: %q", l)
	}
}

// TestLabelKey: L on a task asks for its label, on its current one; enter
// writes it, a bad one is refused in place, esc leaves it, an empty one
// takes it away; the list follows the store, a label set elsewhere (the
// command line) included; the / filter takes label:NAME.
func TestLabelKey(t *testing.T) {
	r := newRig(t, sim.Options{})
	h := r.harness(t)
	for _, p := range []string{"first", "second"} {
		h.to("prompt").Keys("ctrl+u").Type(p).Keys("enter")
	}
	if len(h.m.tasks.Items()) != 2 {
		t.Fatalf("%d tasks\n%s", len(h.m.tasks.Items()), h.view())
	}
	h.Keys("esc")
	sel, _ := h.m.tasks.Selected()
	ref := store.ItemRef{Kind: store.KindVideo, ID: sel.rec.ID}
	label := func() string {
		t.Helper()
		rec, err := r.st.VideoTask(t.Context(), sel.id())
		if err != nil {
			t.Fatal(err)
		}
		return rec.Label
	}

	h.Keys("L")
	if !h.m.label.Asking() || !h.m.Focused() {
		t.Fatalf("L did not ask for the label\n%s", h.view())
	}
	h.Type("Ocean").Keys("enter")
	if got := label(); got != "Ocean" {
		t.Fatalf("stored label %q, want Ocean", got)
	}
	if n := h.Notices(); len(n) == 0 || n[len(n)-1] != "video labelled [Ocean]" {
		t.Errorf("notices %q", n)
	}
	h.Send(tab.StoreChangedMsg{Shown: tab.Video})
	if l := h.line("[Ocean]"); !strings.HasPrefix(l, "›") {
		t.Errorf("after the store changed, the line shows no label: %q", l)
	}

	// ↑ suggests the labels in use; a bad label stays asked, named.
	h.Keys("L")
	if v := h.m.label.Value(); v != "Ocean" {
		t.Errorf("the question opens on %q, want the task's label", v)
	}
	h.Keys("ctrl+u").Type(strings.Repeat("x", 41)).Keys("enter")
	if !h.m.label.Asking() || !strings.Contains(h.view(), "longer than 40") {
		t.Errorf("a 41-character label was not refused in place\n%s", h.view())
	}
	h.Keys("ctrl+u", "down")
	if v := h.m.label.Value(); v != "Ocean" {
		t.Errorf("↓ suggests %q, want the label in use", v)
	}
	h.Keys("esc")
	if h.m.label.Asking() || label() != "Ocean" {
		t.Errorf("esc: asking %v, label %q", h.m.label.Asking(), label())
	}

	// Set from elsewhere (the command line's history label), followed.
	if err := r.st.SetLabel(t.Context(), ref, "Tides"); err != nil {
		t.Fatal(err)
	}
	h.Send(tab.StoreChangedMsg{Shown: tab.Video})
	if l := h.line("[Tides]"); !strings.HasPrefix(l, "›") {
		t.Errorf("a label set elsewhere does not show: %q", l)
	}

	// The filter keeps a label's tasks.
	h.Keys("/").Type("label:TIDES")
	if h.m.tasks.Len() != 1 {
		t.Errorf("label:TIDES keeps %d tasks, want 1\n%s", h.m.tasks.Len(), h.view())
	}
	h.Keys("esc")

	// An empty label takes it away.
	h.Keys("L", "ctrl+u", "enter")
	if got := label(); got != "" {
		t.Errorf("after an empty label, stored %q", got)
	}
}
