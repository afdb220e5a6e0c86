package imagetab

import (
	"strings"
	"testing"
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
