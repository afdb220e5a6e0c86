package store

import (
	"slices"
	"testing"
)

// A run linked beside another joins its group, oldest first, each member
// reading the same group; one linked to a later member joins the same
// group; an unlinked one is alone; a missing one is refused by name.
func TestLinkAlternativeGroupsByID(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	var jobs []int64
	for range 4 {
		jobs = append(jobs, must[int64](t)(s.AddImageJob(bg, ImageJobStart{Model: "m", Prompt: "a crane"})))
	}
	if err := s.LinkAlternative(bg, AltImageJob, jobs[0], jobs[1]); err != nil {
		t.Fatal(err)
	}
	if err := s.LinkAlternative(bg, AltImageJob, jobs[1], jobs[2]); err != nil { // beside the second: the same group
		t.Fatal(err)
	}
	want := jobs[:3]
	for _, id := range want {
		if got := must[[]int64](t)(s.Alternatives(bg, AltImageJob, id)); !slices.Equal(got, want) {
			t.Fatalf("alternatives of %d: %v, want %v", id, got, want)
		}
	}
	if got := must[[]int64](t)(s.Alternatives(bg, AltImageJob, jobs[3])); !slices.Equal(got, jobs[3:]) {
		t.Fatalf("an unlinked job: %v", got)
	}
	groups := must[map[int64][]int64](t)(s.AlternativeGroups(bg, AltImageJob, []int64{jobs[2], jobs[3]}))
	if len(groups) != 3 || !slices.Equal(groups[jobs[0]], want) {
		t.Fatalf("groups: %v", groups)
	}
	// The same numbers in the other kind's table are another matter.
	if got := must[[]int64](t)(s.Alternatives(bg, AltComparison, jobs[1])); len(got) != 1 {
		t.Fatalf("a comparison read a job's group: %v", got)
	}
	if err := s.LinkAlternative(bg, AltImageJob, jobs[0], 999); err == nil {
		t.Fatal("a missing job was linked")
	}
	// Deleting the first leaves the others grouped.
	if err := s.DeleteImageJob(bg, jobs[0]); err != nil {
		t.Fatal(err)
	}
	if got := must[[]int64](t)(s.Alternatives(bg, AltImageJob, jobs[2])); !slices.Equal(got, jobs[1:3]) {
		t.Fatalf("after deleting the first: %v", got)
	}
}

// The alternatives migration writes down the groups Compare found by matching before it: the
// same first prompt on the same targets in any order, a batch's cells and
// other prompts or targets apart.
func TestAlternativesMigrationKeepsTheMatchedGroups(t *testing.T) {
	t.Parallel()
	s := openThrough(t, "alternatives",
		`INSERT INTO batches (id, name, plan_json, created_at, updated_at) VALUES (1, 'b', '{}', 1, 1)`,
		`INSERT INTO conversations (id, kind, batch_id, created_at, updated_at) VALUES
			(1, 'compare', NULL, 1, 1), (2, 'compare', NULL, 1, 1), (3, 'compare', NULL, 1, 1),
			(4, 'compare', NULL, 1, 1), (5, 'compare', 1, 1, 1), (6, 'chat', NULL, 1, 1)`,
		`INSERT INTO messages (conversation_id, turn, lane, role, family, model, text, created_at, updated_at) VALUES
			(1, 0, 0, 'user', '', '', 'q', 1, 1), (1, 0, 1, 'assistant', 'alpha', 'a', '', 1, 1), (1, 0, 2, 'assistant', 'beta', 'b', '', 1, 1),
			(2, 0, 0, 'user', '', '', 'q', 1, 1), (2, 0, 1, 'assistant', 'beta', 'b', '', 1, 1), (2, 0, 2, 'assistant', 'alpha', 'a', '', 1, 1),
			(3, 0, 0, 'user', '', '', 'q', 1, 1), (3, 0, 1, 'assistant', 'alpha', 'a', '', 1, 1), (3, 0, 2, 'assistant', 'gamma', 'c', '', 1, 1),
			(4, 0, 0, 'user', '', '', 'other', 1, 1), (4, 0, 1, 'assistant', 'alpha', 'a', '', 1, 1), (4, 0, 2, 'assistant', 'beta', 'b', '', 1, 1),
			(5, 0, 0, 'user', '', '', 'q', 1, 1), (5, 0, 1, 'assistant', 'alpha', 'a', '', 1, 1), (5, 0, 2, 'assistant', 'beta', 'b', '', 1, 1),
			(6, 0, 0, 'user', '', '', 'q', 1, 1)`,
	)
	for id, want := range map[int64][]int64{1: {1, 2}, 2: {1, 2}, 3: {3}, 4: {4}, 5: {5}} {
		if got := must[[]int64](t)(s.CompareAlternatives(bg, id)); !slices.Equal(got, want) {
			t.Errorf("comparison %d: %v, want %v", id, got, want)
		}
	}
}

// The JSON export names a group's members, itself among them, for an
// image job and a comparison; an item alone names none.
func TestExportNamesAlternatives(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	a := must[int64](t)(s.AddImageJob(bg, ImageJobStart{Model: "m", Prompt: "a crane"}))
	b := must[int64](t)(s.AddImageJob(bg, ImageJobStart{Model: "m", Prompt: "a crane"}))
	alone := must[int64](t)(s.AddImageJob(bg, ImageJobStart{Model: "m", Prompt: "a heron"}))
	c1 := must[int64](t)(s.NewConversation(bg, KindCompare, ""))
	c2 := must[int64](t)(s.NewConversation(bg, KindCompare, ""))
	if err := s.LinkAlternative(bg, AltImageJob, a, b); err != nil {
		t.Fatal(err)
	}
	if err := s.LinkAlternative(bg, AltComparison, c1, c2); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		ref  ItemRef
		want []int64
	}{
		{ItemRef{Kind: KindImage, ID: b}, []int64{a, b}},
		{ItemRef{Kind: KindImage, ID: alone}, nil},
		{ItemRef{Kind: KindCompare, ID: c1}, []int64{c1, c2}},
	} {
		doc := must[*exportDoc](t)(s.export(bg, tc.ref))
		var got []int64
		if doc.ImageJob != nil {
			got = doc.ImageJob.Alternatives
		} else {
			got = doc.Conversation.Alternatives
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s %d: alternatives %v, want %v", tc.ref.Kind, tc.ref.ID, got, tc.want)
		}
	}
}
