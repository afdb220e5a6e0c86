package store

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestItemsAndHitsByMarks: the listing and a search's hits narrowed to
// items with tags, with a standing vote, with a standing blind vote.
func TestItemsAndHitsByMarks(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	fakeClock(s)
	blindCmp, _ := votedComparison(t, s, "blind one", "AB")
	openCmp := must[int64](t)(s.NewConversation(bg, KindCompare, "open one"))
	open := chatVote(openCmp, "BA")
	open.Blind = false
	must[int64](t)(s.RecordVote(bg, open))
	_, withdrawn := votedComparison(t, s, "withdrawn", "AB")
	check(t, s.WithdrawVote(bg, withdrawn))
	plain := must[int64](t)(s.NewConversation(bg, KindChat, "plain chat"))
	_, jobs := imageVote(t, s, "AB") // blind, on both jobs
	task := must[int64](t)(s.AddVideoTask(bg, VideoSubmission{RequestID: "rq", Endpoint: "fam-a/text-to-video", Prompt: "waves"}))
	check(t, s.SetTags(bg, ItemRef{KindCompare, openCmp}, []string{"code", "poetry"}))
	check(t, s.SetTags(bg, ItemRef{KindImage, jobs[0]}, []string{"poetry"}))
	check(t, s.SetTags(bg, ItemRef{KindVideo, task}, []string{"code"}))
	check(t, s.SetTags(bg, ItemRef{KindChat, plain}, []string{"misc"}))

	name := func(r ItemRef) string { return fmt.Sprintf("%s%d", r.Kind, r.ID) }
	cases := []struct {
		marks Marks
		want  []ItemRef
	}{
		{Marks{Tags: []string{"code"}}, []ItemRef{{KindVideo, task}, {KindCompare, openCmp}}},
		{Marks{Tags: []string{"code", "poetry"}}, []ItemRef{{KindCompare, openCmp}}},
		{Marks{Tags: []string{"poetry"}}, []ItemRef{{KindImage, jobs[0]}, {KindCompare, openCmp}}},
		{Marks{Voted: true}, []ItemRef{{KindImage, jobs[1]}, {KindImage, jobs[0]}, {KindCompare, openCmp}, {KindCompare, blindCmp}}},
		{Marks{Blind: true}, []ItemRef{{KindImage, jobs[1]}, {KindImage, jobs[0]}, {KindCompare, blindCmp}}},
		{Marks{Blind: true, Tags: []string{"poetry"}}, []ItemRef{{KindImage, jobs[0]}}},
		{Marks{Tags: []string{"nothing"}}, nil},
	}
	all := must[[]Item](t)(s.Items(bg, ItemFilter{Limit: 100}))
	var refs []ItemRef
	for _, it := range all {
		refs = append(refs, it.Ref())
	}
	for _, c := range cases {
		items := must[[]Item](t)(s.Items(bg, ItemFilter{Marks: c.marks, Limit: 100}))
		var got, want []string
		for _, it := range items {
			got = append(got, name(it.Ref()))
		}
		for _, r := range c.want {
			want = append(want, name(r))
		}
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%+v: listed %v, want %v", c.marks, got, want)
		}
		keep := must[map[ItemRef]bool](t)(s.KeepMarked(bg, refs, c.marks))
		for _, r := range refs {
			if keep[r] != slices.Contains(c.want, r) {
				t.Errorf("%+v: %s kept %v", c.marks, name(r), keep[r])
			}
		}
	}
}
