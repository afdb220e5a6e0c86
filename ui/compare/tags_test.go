package compare

import (
	"slices"
	"strings"
	"testing"

	"atelier/store"
)

// TestTags: # opens the comparison's tags, typed comma-separated; a bad
// one is refused naming the rule and keeps the field; enter stores them
// as `compare --tag` does (normalised, each once), they show on the
// comparison, and they come back with it from history.
func TestTags(t *testing.T) {
	t.Parallel()
	h := onSim(t, "hello", "alpha:a", "beta:b")
	h.Keys("ctrl+r", "#")
	if h.m.mode != lining || !strings.Contains(h.view(), "Tags (comma-separated") {
		t.Fatalf("mode %d:\n%s", h.m.mode, h.view())
	}
	h.Type("Code, " + strings.Repeat("x", 41))
	h.Keys("enter")
	if errs := h.Errors(); len(errs) != 1 || !strings.Contains(errs[0].Error(), "longer than 40") || h.m.mode != lining {
		t.Fatalf("errors %v, mode %d", errs, h.m.mode)
	}
	for range 43 {
		h.Keys("backspace")
	}
	h.Type(", poetry , code,")
	h.Keys("enter")
	ref := store.ItemRef{Kind: store.KindCompare, ID: h.m.run.convID}
	got, err := h.db.Tags(t.Context(), ref)
	if err != nil || !slices.Equal(got, []string{"code", "poetry"}) {
		t.Fatalf("tags %q (%v)", got, err)
	}
	if v := h.view(); !strings.Contains(v, "tags code, poetry") {
		t.Errorf("tags not shown:\n%s", v)
	}
	m := New(Options{Store: h.db})
	m.SetSize(116, 36)
	m = drive(t, m, m.Init())
	if !slices.Equal(m.run.tags, got) {
		t.Errorf("reopened with tags %q", m.run.tags)
	}
	h.Keys("#")
	if v := h.m.line.input.Value(); v != "code, poetry" {
		t.Errorf("the field opens with %q", v)
	}
	h.Keys("esc")
}

// TestTagsNeedHistory: a comparison not in history takes no tags.
func TestTagsNeedHistory(t *testing.T) {
	t.Parallel()
	m := press(t, madeUpBlind(t, 120, 40, "a", "b"), "#")
	if m.mode != browsing || m.line != nil {
		t.Fatalf("mode %d: a field for tags that cannot be stored", m.mode)
	}
}
