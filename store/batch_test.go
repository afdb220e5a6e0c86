package store

import (
	"context"
	"errors"
	"os"
	"testing"
	"time"
)

func newTestBatch(t *testing.T, s *Store, n int) int64 {
	t.Helper()
	var cells []CellKey
	for i := range n {
		cells = append(cells, CellKey{Cell: i, Prompt: 0, Case: i / 2, Target: i % 2, Repeat: 0})
	}
	return must[int64](t)(s.NewBatch(context.Background(), "b", "b.toml", []byte(`{"name":"b"}`), cells))
}

func TestBatchCellLifecycle(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := openTest(t)
	id := newTestBatch(t, s, 4)
	conv := must[int64](t)(s.NewConversation(ctx, KindChat, "cell 0"))
	if err := s.StartCell(ctx, id, 0, conv); err != nil {
		t.Fatal(err)
	}
	if err := s.StartCell(ctx, id, 0, conv); !errors.Is(err, ErrCellTaken) {
		t.Fatalf("a running cell started again: %v", err)
	}
	yes := true
	end := CellEnd{Status: CellDone, Passed: &yes, TTFT: 120 * time.Millisecond, Total: time.Second,
		Usage: Usage{InputTokens: 3, OutputTokens: 40}, FirstLine: "Paris.", ChecksJSON: []byte(`[{"check":"x","pass":true}]`)}
	if err := s.FinishCell(ctx, id, 0, end); err != nil {
		t.Fatal(err)
	}
	if err := s.StartCell(ctx, id, 0, conv); !errors.Is(err, ErrCellTaken) {
		t.Fatalf("a done cell started again: %v", err)
	}
	if err := s.FinishCell(ctx, id, 1, end); !errors.Is(err, ErrCellTaken) {
		t.Fatalf("a pending cell finished: %v", err)
	}
	noErr(t, s.StartCell(ctx, id, 1, conv))
	noErr(t, s.FinishCell(ctx, id, 1, CellEnd{Status: CellFailed, Error: "401"}))
	must[struct{}](t)(struct{}{}, s.StartCell(ctx, id, 2, conv)) // left running

	cells := must[[]BatchCell](t)(s.BatchCells(ctx, id))
	if len(cells) != 4 {
		t.Fatalf("%d cells", len(cells))
	}
	c := cells[0]
	if c.Status != CellDone || c.Passed == nil || !*c.Passed || c.TTFT != 120*time.Millisecond || c.Total != time.Second ||
		c.Usage.OutputTokens != 40 || c.FirstLine != "Paris." || c.ConversationID != conv || c.Attempts != 1 || string(c.ChecksJSON) == "" {
		t.Errorf("cell 0 = %+v", c)
	}
	if cells[1].Status != CellFailed || cells[1].Error != "401" || cells[1].Passed != nil {
		t.Errorf("cell 1 = %+v", cells[1])
	}
	b := must[*Batch](t)(s.Batch(ctx, id))
	if b.Cells != 4 || b.Done != 1 || b.Failed != 1 || b.Passed != 1 || b.Status != BatchRunning {
		t.Errorf("batch = %+v", b)
	}

	// Resume: the running cell becomes interrupted and may start again; a
	// failed one may be retried; the done one may not.
	noErr(t, s.TakeBatch(ctx, id))
	cells = must[[]BatchCell](t)(s.BatchCells(ctx, id))
	if cells[2].Status != StatusInterrupted {
		t.Errorf("cell 2 after take = %s", cells[2].Status)
	}
	noErr(t, s.StartCell(ctx, id, 2, conv))
	noErr(t, s.StartCell(ctx, id, 1, conv))
	if cells = must[[]BatchCell](t)(s.BatchCells(ctx, id)); cells[2].Attempts != 2 {
		t.Errorf("attempts = %d", cells[2].Attempts)
	}
	if st := must[string](t)(s.ReleaseBatch(ctx, id)); st != BatchStopped {
		t.Errorf("released as %s with cells left", st)
	}
	for _, cell := range []int{1, 2} {
		noErr(t, s.FinishCell(ctx, id, cell, CellEnd{Status: CellDone}))
	}
	noErr(t, s.StartCell(ctx, id, 3, conv))
	noErr(t, s.FinishCell(ctx, id, 3, CellEnd{Status: CellFailed}))
	if st := must[string](t)(s.ReleaseBatch(ctx, id)); st != BatchDone {
		t.Errorf("released as %s with every cell ended", st)
	}
}

func TestBatchBusyAndDelete(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := openTest(t)
	id := newTestBatch(t, s, 2)
	keep := must[int64](t)(s.NewConversation(ctx, KindChat, "not a batch's"))
	conv := must[int64](t)(s.NewConversation(ctx, KindChat, "cell"))
	msg := must[int64](t)(s.AddMessage(ctx, Message{ConversationID: conv, Role: RoleAssistant, Text: "reply one\nmore"}))
	noErr(t, s.StartCell(ctx, id, 0, conv))
	noErr(t, s.FinishCell(ctx, id, 0, CellEnd{Status: CellDone, MessageID: msg}))
	texts := must[map[int]string](t)(s.BatchReplies(ctx, id))
	if len(texts) != 1 || texts[0] != "reply one\nmore" {
		t.Errorf("replies = %v", texts)
	}

	// Another living process (the parent of the test) runs it.
	if _, err := s.w.ExecContext(ctx, `UPDATE batches SET runner_pid = ?, runner_start = NULL WHERE id = ?`, os.Getppid(), id); err != nil {
		t.Fatal(err)
	}
	if err := s.TakeBatch(ctx, id); !errors.Is(err, ErrBatchBusy) {
		t.Fatalf("take of a busy batch: %v", err)
	}
	if err := s.DeleteBatch(ctx, id); !errors.Is(err, ErrBatchBusy) {
		t.Fatalf("delete of a busy batch: %v", err)
	}
	// A dead runner (no such pid) is no obstacle.
	if _, err := s.w.ExecContext(ctx, `UPDATE batches SET runner_pid = ?, runner_start = 1 WHERE id = ?`, 1<<30, id); err != nil {
		t.Fatal(err)
	}
	noErr(t, s.DeleteBatch(ctx, id))
	if _, err := s.Batch(ctx, id); !errors.Is(err, ErrNotFound) {
		t.Errorf("batch after delete: %v", err)
	}
	if _, err := s.Conversation(ctx, conv); !errors.Is(err, ErrNotFound) {
		t.Errorf("the cell's conversation survived: %v", err)
	}
	if _, err := s.Conversation(ctx, keep); err != nil {
		t.Errorf("another conversation went: %v", err)
	}
	if cells := must[[]BatchCell](t)(s.BatchCells(ctx, id)); len(cells) != 0 {
		t.Errorf("%d cells left", len(cells))
	}
	if err := s.DeleteBatch(ctx, id); !errors.Is(err, ErrNotFound) {
		t.Errorf("second delete: %v", err)
	}
}

func TestBatchesList(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := openTest(t)
	fakeClock(s)
	a := newTestBatch(t, s, 1)
	b := newTestBatch(t, s, 3)
	list := must[[]Batch](t)(s.Batches(ctx, 0))
	if len(list) != 2 || list[0].ID != b || list[1].ID != a || list[0].Cells != 3 || string(list[0].PlanJSON) != `{"name":"b"}` {
		t.Fatalf("list = %+v", list)
	}
	// A conversation deleted from History leaves the cell, without it.
	conv := must[int64](t)(s.NewConversation(ctx, KindChat, "cell"))
	msg := must[int64](t)(s.AddMessage(ctx, Message{ConversationID: conv, Role: RoleAssistant, Text: "x"}))
	noErr(t, s.StartCell(ctx, a, 0, conv))
	noErr(t, s.FinishCell(ctx, a, 0, CellEnd{Status: CellDone, MessageID: msg}))
	noErr(t, s.DeleteConversation(ctx, conv))
	cells := must[[]BatchCell](t)(s.BatchCells(ctx, a))
	if cells[0].ConversationID != 0 || cells[0].MessageID != 0 || cells[0].Status != CellDone {
		t.Errorf("cell after its conversation was deleted = %+v", cells[0])
	}
}

func noErr(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
