package imagetab

import (
	"context"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"atelier/store"
)

// r in the results runs the request again beside the earlier run, which
// stays: "2 of 2", and < / > step between them; a run sent from the form
// starts afresh.
func TestRerunAddsAnAlternative(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	h.set("prompt", "a paper crane").set(rowSize, "256x256").Keys("enter")
	first := h.m.page.run
	if first == nil || h.m.page.altMark() != "" {
		t.Fatalf("after the first run:\n%s", h.view())
	}
	h.Keys("r")
	if n := len(h.jobs()); n != 2 {
		t.Fatalf("%d jobs after r, want 2", n)
	}
	if h.m.page.run == first || !strings.Contains(h.view(), "2 of 2 · ") {
		t.Fatalf("after r, the new run is not the second alternative:\n%s", h.view())
	}
	h.Keys("<")
	if h.m.page.run != first || !strings.Contains(h.view(), "1 of 2 · ") {
		t.Fatalf("after <, the first run is not shown:\n%s", h.view())
	}
	h.Keys(">", ">") // round: 2, then 1
	if h.m.page.run != first {
		t.Fatal("> does not go round")
	}
	h.Keys("tab").Keys("enter") // the form, sent again: a fresh page
	if len(h.m.page.alts) != 0 || strings.Contains(h.view(), " of 2 · ") {
		t.Fatalf("a run from the form kept the alternatives:\n%s", h.view())
	}
}

// The jobs r ran beside each other are grouped in history: after a
// restart the gallery marks each "alt N of 3" and < / > move between
// them, going round; a job run from the form is alone.
func TestRerunAlternativesSurviveARestart(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	h.set("prompt", "a paper crane").set(rowSize, "256x256").Keys("enter")
	h.Keys("r")
	h.Keys("r")
	h.Keys("tab").Keys("enter") // a run of the form's own: alone
	jobs := h.jobs()            // newest first
	if len(jobs) != 4 {
		t.Fatalf("%d jobs, want 4", len(jobs))
	}
	alone, group := jobs[0].ID, []int64{jobs[3].ID, jobs[2].ID, jobs[1].ID}
	if got, err := h.db.Alternatives(context.Background(), store.AltImageJob, group[1]); err != nil || !slices.Equal(got, group) {
		t.Fatalf("stored alternatives: %v %v, want %v", got, err, group)
	}

	again := newHarnessAt(t, nil, h.db.Dir()) // a new process on the same history
	again.m = drive(t, again.m, func(m Model) (Model, tea.Cmd) { return m.openGallery() })
	v := again.view()
	for _, mark := range []string{"alt 1 of 3", "alt 2 of 3", "alt 3 of 3"} {
		if strings.Count(v, mark) != 1 {
			t.Fatalf("the gallery after a restart lacks %q once:\n%s", mark, v)
		}
	}
	selected := func() int64 {
		j, _ := again.m.gallery.selected()
		return j.ID
	}
	if selected() != alone {
		t.Fatalf("the gallery opens on %d, want the newest %d", selected(), alone)
	}
	again.Keys("<")
	if w := again.Warnings(); len(w) == 0 || !strings.Contains(w[len(w)-1], "no alternatives") {
		t.Fatalf("< on a job alone: warnings %q", w)
	}
	again.Keys("down") // the third alternative
	for _, want := range []int64{group[1], group[0], group[2]} {
		again.Keys("<")
		if selected() != want {
			t.Fatalf("< went to %d, want %d", selected(), want)
		}
	}
	again.Keys(">")
	if selected() != group[0] {
		t.Fatalf("> went to %d, want %d", selected(), group[0])
	}
}
