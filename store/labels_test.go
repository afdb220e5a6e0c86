package store

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"
)

func TestNormalizeLabel(t *testing.T) {
	for _, c := range []struct {
		in, want string
		rule     string // in the error; "" for none
	}{
		{"  Cats in space ", "Cats in space", ""},
		{"ünïcödé ✓", "ünïcödé ✓", ""},
		{strings.Repeat("é", 40), strings.Repeat("é", 40), ""},
		{"", "", "empty"},
		{" \t ", "", "empty"},
		{strings.Repeat("a", 41), "", "longer than 40"},
		{"two\nlines", "", "control"},
		{"tab\there", "", "control"},
		{"esc\x1b[31m", "", "control"},
		{"c1\u009b", "", "control"},
		{"bad\xffutf8", "", "UTF-8"},
	} {
		got, err := NormalizeLabel(c.in)
		if c.rule == "" {
			if err != nil || got != c.want {
				t.Errorf("NormalizeLabel(%q) = %q, %v; want %q", c.in, got, err, c.want)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), c.rule) || !strings.HasPrefix(err.Error(), "label: ") {
			t.Errorf("NormalizeLabel(%q) error %v; want one naming the label and %q", c.in, err, c.rule)
		}
	}
}

// labelFixture adds two image jobs and two video tasks, none labelled, and
// a chat; the store's clock advances a second per reading.
func labelFixture(t *testing.T) (*Store, []ItemRef) {
	t.Helper()
	s := openTest(t)
	fakeClock(s)
	ctx := context.Background()
	var refs []ItemRef
	for _, p := range []string{"a fox", "a cat"} {
		id, err := s.AddImageJob(ctx, ImageJobStart{Model: "gamma-1", Prompt: p, RequestJSON: json.RawMessage(`{"prompt":"` + p + `"}`)})
		if err != nil {
			t.Fatal(err)
		}
		refs = append(refs, ItemRef{Kind: KindImage, ID: id})
	}
	for _, rid := range []string{"r1", "r2"} {
		id, err := s.AddVideoTask(ctx, VideoSubmission{RequestID: rid, Endpoint: "videoa/q1/text-to-video",
			BodyJSON: json.RawMessage(`{"prompt":"waves"}`)})
		if err != nil {
			t.Fatal(err)
		}
		refs = append(refs, ItemRef{Kind: KindVideo, ID: id})
	}
	if _, err := s.NewConversation(ctx, KindChat, "hello"); err != nil {
		t.Fatal(err)
	}
	return s, refs
}

func TestSetLabelListsAndFilters(t *testing.T) {
	s, refs := labelFixture(t)
	ctx := context.Background()
	img1, img2, vid1, vid2 := refs[0], refs[1], refs[2], refs[3]
	for ref, l := range map[ItemRef]string{img1: " Space cats ", vid1: "space CATS", vid2: "Ocean"} {
		if err := s.SetLabel(ctx, ref, l); err != nil {
			t.Fatal(err)
		}
	}
	all, _, err := s.Listing(ctx, ItemFilter{})
	if err != nil {
		t.Fatal(err)
	}
	got := map[ItemRef]string{}
	for _, it := range all {
		got[it.Ref()] = it.Label
	}
	want := map[ItemRef]string{img1: "Space cats", img2: "", vid1: "space CATS", vid2: "Ocean"}
	for ref, l := range want {
		if got[ref] != l {
			t.Errorf("listing: %v labelled %q, want %q", ref, got[ref], l)
		}
	}

	// A filter matches without case, and leaves out what carries none
	// (the chat, the unlabelled image).
	items, _, err := s.Listing(ctx, ItemFilter{Label: "SPACE CATS"})
	if err != nil {
		t.Fatal(err)
	}
	var refsGot []ItemRef
	for _, it := range items {
		refsGot = append(refsGot, it.Ref())
	}
	if want := []ItemRef{vid1, img1}; !slices.Equal(refsGot, want) {
		t.Errorf("label filter: %v, want %v (newest first)", refsGot, want)
	}
	tasks, err := s.VideoTasks(ctx, VideoQuery{Label: "ocean"})
	if err != nil {
		t.Fatal(err)
	}
	if len(tasks) != 1 || tasks[0].ID != vid2.ID || tasks[0].Label != "Ocean" {
		t.Errorf("video tasks labelled ocean: %+v", tasks)
	}

	// Labels in use, the newest item's first, one per spelling without case.
	labels, err := s.Labels(ctx, 0)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"Ocean", "space CATS"}; !slices.Equal(labels, want) {
		t.Errorf("Labels = %q, want %q", labels, want)
	}
	if l, _ := s.Labels(ctx, 1); !slices.Equal(l, []string{"Ocean"}) {
		t.Errorf("Labels(limit 1) = %q", l)
	}

	// Cleared, an item leaves the filter and the labels in use.
	if err := s.ClearLabel(ctx, vid2); err != nil {
		t.Fatal(err)
	}
	if l, _ := s.Labels(ctx, 0); !slices.Equal(l, []string{"space CATS"}) {
		t.Errorf("after clearing: Labels = %q", l)
	}
	if items, _, _ := s.Listing(ctx, ItemFilter{Label: "ocean"}); len(items) != 0 {
		t.Errorf("after clearing, the filter still finds %v", items)
	}
}

func TestSetLabelRefuses(t *testing.T) {
	s, refs := labelFixture(t)
	ctx := context.Background()
	err := s.SetLabel(ctx, refs[0], "a\nb")
	if err == nil || !strings.Contains(err.Error(), "label") || !strings.Contains(err.Error(), "control") {
		t.Errorf("bad label: %v", err)
	}
	if j, _ := s.ImageJob(ctx, refs[0].ID); j.Label != "" {
		t.Errorf("a refused label was stored: %q", j.Label)
	}
	if err := s.SetLabel(ctx, ItemRef{Kind: KindImage, ID: 999}, "x"); !errors.Is(err, ErrNotFound) {
		t.Errorf("missing item: %v, want ErrNotFound", err)
	}
	if err := s.SetLabel(ctx, ItemRef{Kind: KindChat, ID: 1}, "x"); err == nil || !strings.Contains(err.Error(), "only image and video") {
		t.Errorf("a chat: %v", err)
	}
	if _, err := s.AddImageJob(ctx, ImageJobStart{Prompt: "p", Label: strings.Repeat("x", 41)}); err == nil ||
		!strings.Contains(err.Error(), "longer than 40") {
		t.Errorf("image job with a long label: %v", err)
	}
	if _, err := s.AddVideoTask(ctx, VideoSubmission{RequestID: "r9", Endpoint: "videoa/q1/text-to-video", Label: " "}); err == nil ||
		!strings.Contains(err.Error(), "empty") {
		t.Errorf("video task with a blank label: %v", err)
	}
	if _, err := s.VideoTask(ctx, "r9"); !errors.Is(err, ErrNotFound) {
		t.Errorf("a task with a refused label was recorded: %v", err)
	}
}

// A label set later moves the tasks' stamp: the Video tab, which reads its
// tasks again only when the stamp moved, shows it.
func TestSetLabelMovesTheVideoStamp(t *testing.T) {
	s, refs := labelFixture(t)
	ctx := context.Background()
	before, err := s.VideoTasksStamp(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SetLabel(ctx, refs[2], "x"); err != nil {
		t.Fatal(err)
	}
	if after, _ := s.VideoTasksStamp(ctx); after == before {
		t.Errorf("stamp %q did not move with the label", after)
	}
}

// Labels given at creation are kept, in the row, the export, the markdown
// and the recipes the images and the video's sidecar carry.
func TestLabelRoundTrip(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	img, err := s.AddImageJob(ctx, ImageJobStart{Prompt: "a fox", RequestJSON: json.RawMessage(`{"prompt":"a fox"}`), Label: " Foxes "})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.AddVideoTask(ctx, VideoSubmission{RequestID: "r1", Endpoint: "videoa/q1/text-to-video",
		BodyJSON: json.RawMessage(`{"prompt":"a fox runs"}`), Label: "Foxes"}); err != nil {
		t.Fatal(err)
	}
	if rc, err := s.ImageRecipe(ctx, img); err != nil || rc.Label != "Foxes" {
		t.Errorf("image recipe label: %+v, %v", rc, err)
	}
	if err := s.SetLabel(ctx, ItemRef{Kind: KindImage, ID: img}, "Fox II"); err != nil {
		t.Fatal(err)
	}
	if rc, _ := s.ImageRecipe(ctx, img); rc.Label != "Fox II" {
		t.Errorf("image recipe after relabelling: %q", rc.Label)
	}
	if rc, err := s.videoRecipe(ctx, "r1"); err != nil || rc.Label != "Foxes" {
		t.Errorf("video recipe label: %+v, %v", rc, err)
	}
	v, _ := s.VideoTask(ctx, "r1")
	for _, c := range []struct {
		ref  ItemRef
		want string
	}{{ItemRef{Kind: KindImage, ID: img}, "Fox II"}, {ItemRef{Kind: KindVideo, ID: v.ID}, "Foxes"}} {
		var b bytes.Buffer
		if err := s.ExportJSON(ctx, c.ref, &b); err != nil {
			t.Fatal(err)
		}
		var doc struct {
			ImageJob  *struct{ Label string } `json:"image_job"`
			VideoTask *struct{ Label string } `json:"video_task"`
		}
		if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
			t.Fatal(err)
		}
		got := ""
		if doc.ImageJob != nil {
			got = doc.ImageJob.Label
		} else if doc.VideoTask != nil {
			got = doc.VideoTask.Label
		}
		if got != c.want {
			t.Errorf("export of %v: label %q, want %q", c.ref, got, c.want)
		}
		path, err := s.ExportMarkdown(ctx, c.ref, t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		if md, _ := os.ReadFile(path); !strings.Contains(string(md), "label "+c.want) {
			t.Errorf("markdown of %v has no label %q:\n%s", c.ref, c.want, md)
		}
	}
}

// A search's hits are narrowed by a label through the marks, as the
// listing is: a conversation never carries one.
func TestKeepMarkedByLabel(t *testing.T) {
	s, refs := labelFixture(t)
	ctx := context.Background()
	if err := s.SetLabel(ctx, refs[1], "Cats"); err != nil {
		t.Fatal(err)
	}
	chat := ItemRef{Kind: KindChat, ID: 1}
	keep, err := s.KeepMarked(ctx, append(refs, chat), Marks{Label: "cats"})
	if err != nil {
		t.Fatal(err)
	}
	for _, ref := range append(refs, chat) {
		if keep[ref] != (ref == refs[1]) {
			t.Errorf("%v kept %v", ref, keep[ref])
		}
	}
	items, _, err := s.Listing(ctx, ItemFilter{Marks: Marks{Label: "CATS"}})
	if err != nil || len(items) != 1 || items[0].Ref() != refs[1] {
		t.Errorf("listing by the label mark: %v, %v", items, err)
	}
}
