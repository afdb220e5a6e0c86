package store

import (
	"slices"
	"strconv"
	"testing"
)

// refs names items as the command line does: kind:id, in order.
func refs(items []Item) []string {
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = string(it.Kind) + ":" + strconv.FormatInt(it.ID, 10)
	}
	return out
}

// Batch cells stay with their batch: Chat's listing, the gallery's and
// History's default one leave them out, the history lists each batch once
// (kind batch, with its status, filtered as one), and a batch lists its
// own cells; deleting the batch deletes its cells' conversations, earlier
// attempts' included.
func TestBatchCellsStayWithTheirBatch(t *testing.T) {
	s := openTest(t)
	fakeClock(s)
	chat := must[int64](t)(s.NewConversation(bg, KindChat, "a chat of my own"))
	b := newTestBatch(t, s, 2)
	cell := must[int64](t)(s.NewBatchConversation(bg, b, "batch b: case 1 → alpha (1/1)"))
	retried := must[int64](t)(s.NewBatchConversation(bg, b, "batch b: case 2 → alpha (1/1)"))
	noErr(t, s.StartCell(bg, b, 0, cell))
	pics := newTestBatch(t, s, 1)
	job := must[int64](t)(s.AddImageJob(bg, ImageJobStart{Model: "gamma/image-2", Prompt: "a cell", BatchID: pics}))
	mine := must[int64](t)(s.AddImageJob(bg, ImageJobStart{Model: "gamma/image-2", Prompt: "my own"}))

	convs := must[[]Conversation](t)(s.Conversations(bg, ConversationQuery{}))
	if len(convs) != 1 || convs[0].ID != chat {
		t.Fatalf("conversations listed: %+v", convs)
	}
	convs = must[[]Conversation](t)(s.Conversations(bg, ConversationQuery{Batch: b}))
	if len(convs) != 2 || convs[0].ID != retried || convs[1].ID != cell || convs[0].BatchID != b {
		t.Fatalf("the batch's conversations: %+v", convs)
	}
	jobs := must[[]ImageJob](t)(s.ImageJobs(bg, ImageQuery{}))
	if len(jobs) != 1 || jobs[0].ID != mine {
		t.Fatalf("image jobs listed: %+v", jobs)
	}
	jobs = must[[]ImageJob](t)(s.ImageJobs(bg, ImageQuery{Batch: pics}))
	if len(jobs) != 1 || jobs[0].ID != job || jobs[0].BatchID != pics {
		t.Fatalf("the image batch's jobs: %+v", jobs)
	}

	for _, c := range []struct {
		f    ItemFilter
		want []string
	}{
		{ItemFilter{}, []string{"image:" + id(mine), "batch:" + id(pics), "batch:" + id(b), "chat:" + id(chat)}},
		{ItemFilter{Kind: KindBatch}, []string{"batch:" + id(pics), "batch:" + id(b)}},
		{ItemFilter{Kind: KindBatch, Status: BatchRunning}, []string{"batch:" + id(pics), "batch:" + id(b)}},
		{ItemFilter{Kind: KindBatch, Status: BatchDone}, nil},
		{ItemFilter{Family: "gamma"}, []string{"image:" + id(mine)}},
		{ItemFilter{Kind: KindChat}, []string{"chat:" + id(chat)}},
		{ItemFilter{Batch: b}, []string{"chat:" + id(retried), "chat:" + id(cell)}},
		{ItemFilter{Batch: pics}, []string{"image:" + id(job)}},
		{ItemFilter{Batch: b, Kind: KindImage}, nil},
	} {
		if got := refs(must[[]Item](t)(s.Items(bg, c.f))); !slices.Equal(got, c.want) {
			t.Errorf("items of %+v: %v, want %v", c.f, got, c.want)
		}
	}
	items := must[[]Item](t)(s.Items(bg, ItemFilter{Kind: KindBatch}))
	if it := items[1]; it.Title != "b" || it.Status != BatchRunning {
		t.Errorf("a batch as an item: %+v", it)
	}

	noErr(t, s.Delete(bg, ItemRef{Kind: KindBatch, ID: b}))
	for _, c := range []int64{cell, retried} {
		if _, err := s.Conversation(bg, c); err == nil {
			t.Errorf("conversation %d of the deleted batch is still there", c)
		}
	}
	if got := refs(must[[]Item](t)(s.Items(bg, ItemFilter{}))); !slices.Equal(got, []string{"image:" + id(mine), "batch:" + id(pics), "chat:" + id(chat)}) {
		t.Errorf("items after the batch's deletion: %v", got)
	}
}

func id(n int64) string { return strconv.FormatInt(n, 10) }
