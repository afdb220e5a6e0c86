package compare

import (
	"context"
	"slices"
	"strings"
	"testing"
)

// ctrl+r runs the prompt on the targets again beside the earlier run,
// which stays with its lanes' replies: "alternative 2 of 2", and < / >
// open each; a run of another prompt has none.
func TestRerunAddsAnAlternative(t *testing.T) {
	t.Parallel()
	h := onSim(t, "hello", "alpha:a", "beta:b")
	h.Keys("ctrl+r")
	h.settle()
	first := h.m.run.convID
	if first == 0 || h.m.run.altMark() != "" {
		t.Fatalf("after one run: conversation %d, mark %q", first, h.m.run.altMark())
	}
	h.Keys("ctrl+r")
	h.settle()
	second := h.m.run.convID
	if second == first || !strings.Contains(h.view(), "alternative 2 of 2") {
		t.Fatalf("after ctrl+r: conversation %d (first %d)\n%s", second, first, h.view())
	}
	h.Keys("<")
	h.settle()
	if h.m.run.convID != first || !strings.Contains(h.view(), "alternative 1 of 2") || len(h.m.run.lanes) != 2 ||
		h.m.run.lanes[0].text == "" {
		t.Fatalf("after <: conversation %d, want %d with its replies\n%s", h.m.run.convID, first, h.view())
	}
	h.Keys(">")
	h.settle()
	if h.m.run.convID != second {
		t.Fatalf("after >: conversation %d, want %d", h.m.run.convID, second)
	}
	// The group is kept in history by id: what a restart reads.
	if alts, err := h.db.CompareAlternatives(context.Background(), first); err != nil || !slices.Equal(alts, []int64{first, second}) {
		t.Fatalf("stored alternatives of %d: %v, %v", first, alts, err)
	}
	h.m.prompt = "another prompt"
	h.Keys("ctrl+r")
	h.settle()
	if h.m.run.altMark() != "" {
		t.Fatalf("a run of another prompt has alternatives: %v", h.m.run.alts)
	}
	if alts, _ := h.db.CompareAlternatives(context.Background(), h.m.run.convID); len(alts) != 1 {
		t.Fatalf("a run of another prompt is stored in a group: %v", alts)
	}
	h.Keys("<")
	if w := h.Warnings(); len(w) == 0 || !strings.Contains(w[len(w)-1], "no alternatives") {
		t.Errorf("< with none: warnings %q", w)
	}
}

// TestNarrowTopLineKeepsThePrompt: at 80 columns, with an alternative, a
// run and a column to tell, the top line still shows the prompt (it showed
// "Prompt e…"): where the run stands gives way to it down to half the width.
func TestNarrowTopLineKeepsThePrompt(t *testing.T) {
	t.Parallel()
	const prompt = "explain CRDTs briefly"
	h := onSim(t, prompt, "alpha:a", "beta:b", "gamma:c")
	h.m.SetSize(76, 20)
	h.Keys("ctrl+r")
	h.settle()
	h.Keys("ctrl+r")
	h.settle()
	top := strings.Split(h.view(), "\n")[0]
	if !strings.Contains(top, prompt) || !strings.Contains(top, "alternative 2 of 2 · run 2 of 2") || strings.HasSuffix(top, "…") {
		t.Errorf("top line %q: want the whole prompt and where the run stands, no part cut", top)
	}
}
