package batch

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"atelier/client/clienttest"
	"atelier/client/sim"
	"atelier/store"
)

// fivePrompts is a batch of 5 prompts × 3 targets × 3 repeats: alpha twice
// (a sweep; its second target is answered 429 twice, then served) and gamma
// refused outright (401) every time. Prompt 1 checks for text its reply
// has, prompt 2 for text it lacks.
func fivePrompts(t *testing.T, concurrency int) *Plan {
	t.Helper()
	var b strings.Builder
	fmt.Fprintf(&b, `name = "five"
targets = [
  "alpha:model-a",
  "alpha:model-a:temperature=0.5,system=[[fault:429x2:five]]",
  "gamma:model-g:system=[[fault:unauthorized]]",
]
repeats = 3
concurrency = %d
[vars]
n = ["1", "2", "3", "4", "5"]
[[prompts]]
text = "Question {{n}}: tell me about batches."
`, concurrency)
	p, err := Parse("five.toml", []byte(b.String()), nil)
	if err != nil {
		t.Fatal(err)
	}
	reply := sim.ReplyText(p.Cases[1].Text)
	first := strings.SplitN(reply, "\n", 2)[0]
	p.Cases[1].Checks = []Check{{Kind: CheckContains, Arg: first}, {Kind: CheckMaxOutputTokens, Arg: "100000"}}
	p.Cases[2].Checks = []Check{{Kind: CheckContains, Arg: "not in any reply 8c1f"}}
	return p
}

func TestRunFivePromptsThreeTargets(t *testing.T) {
	ctx := testCtx(t)
	clock := clienttest.NewInstantClock(time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC))
	var w *watch
	c, _ := newSim(t, sim.Options{}, func(h http.Handler) http.Handler {
		w = newWatch(h, clock)
		w.pairUp = "alpha"
		return w
	})
	db := openStore(t, t.TempDir())
	plan := fivePrompts(t, 2)
	id, err := Create(ctx, db, plan, "five.toml")
	if err != nil {
		t.Fatal(err)
	}
	progress := make(chan Progress)
	var reports []Progress
	got := make(chan struct{})
	go func() {
		for p := range progress {
			reports = append(reports, p)
		}
		close(got)
	}()
	final, err := Run(ctx, c, db, id, Options{Clock: clock, Progress: progress})
	if err != nil {
		t.Fatal(err)
	}
	<-got

	// What reached the simulator: alpha's 30 cells and its two 429s; gamma
	// once per cell, as a 401 is not retried. Never more than two at once
	// per family, and two at once did happen (the first two alpha requests
	// waited for each other).
	if w.requests["alpha"] != 32 || w.requests["gamma"] != 15 {
		t.Errorf("requests = %v, want alpha 32, gamma 15", w.requests)
	}
	for fam, most := range w.most {
		if most > 2 {
			t.Errorf("%s: %d requests at once, over the limit of 2", fam, most)
		}
	}
	if w.most["alpha"] != 2 {
		t.Errorf("alpha never ran two at once: %v", w.most)
	}
	checkRetryAfter(t, w, 2)

	if final.Total != 45 || final.Done != 30 || final.Failed != 15 || final.Running != 0 || final.Ran != 45 || !final.Final {
		t.Errorf("final progress = %+v", final)
	}
	last := reports[len(reports)-1]
	if last != final {
		t.Errorf("last report %+v is not the final progress %+v", last, final)
	}
	for i := 1; i < len(reports); i++ {
		if reports[i].Done+reports[i].Failed < reports[i-1].Done+reports[i-1].Failed {
			t.Errorf("report %d went back: %+v after %+v", i, reports[i], reports[i-1])
		}
	}

	cells, err := db.BatchCells(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	replies, err := db.BatchReplies(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	for _, cell := range cells {
		cs := plan.Cases[cell.Case]
		switch cell.Target {
		case 0, 1:
			if cell.Status != store.CellDone || cell.Attempts != 1 || replies[cell.Cell] != sim.ReplyText(cs.Text) ||
				cell.Usage.OutputTokens == 0 || cell.FirstLine == "" {
				t.Errorf("cell %d = %+v, reply %q", cell.Cell, cell, replies[cell.Cell])
			}
		case 2:
			if cell.Status != store.CellFailed || !strings.Contains(cell.Error, "401") || cell.MessageID == 0 {
				t.Errorf("cell %d = %+v", cell.Cell, cell)
			}
		}
		wantPass := map[int]*bool{1: ptr(true), 2: ptr(false)}[cell.Case]
		if cell.Target == 2 {
			wantPass = nil
		}
		if (wantPass == nil) != (cell.Passed == nil) || wantPass != nil && *wantPass != *cell.Passed {
			t.Errorf("cell %d (case %d, target %d): passed = %v, want %v", cell.Cell, cell.Case, cell.Target, cell.Passed, wantPass)
		}
		if cell.Case == 2 && cell.Target == 0 {
			var rs []CheckResult
			if err := json.Unmarshal(cell.ChecksJSON, &rs); err != nil || len(rs) != 1 || rs[0].Pass || rs[0].Why != "not in the reply" {
				t.Errorf("check results %s (%v)", cell.ChecksJSON, err)
			}
		}
		// Every cell is a conversation in history: the prompt and the reply.
		conv, err := db.Conversation(ctx, cell.ConversationID)
		if err != nil {
			t.Fatalf("cell %d: %v", cell.Cell, err)
		}
		if len(conv.Messages) != 2 || conv.Messages[0].Text != cs.Text || conv.Messages[1].ID != cell.MessageID {
			t.Errorf("cell %d's conversation has %d messages", cell.Cell, len(conv.Messages))
		}
	}
	b, _ := db.Batch(ctx, id)
	if b.Status != store.BatchDone {
		t.Errorf("batch status %s", b.Status)
	}
	// A second run finds nothing to do and sends nothing.
	before := w.requests["alpha"] + w.requests["gamma"]
	if p, err := Run(ctx, c, db, id, Options{Clock: clock}); err != nil || p.Ran != 0 {
		t.Errorf("rerun: %+v, %v", p, err)
	}
	if after := w.requests["alpha"] + w.requests["gamma"]; after != before {
		t.Errorf("a finished batch sent %d requests again", after-before)
	}
}

// checkRetryAfter: after each 429 (Retry-After: 1 s at clock time T), the
// same request is sent again at T+1s or later, and of the family's other
// requests at most concurrency-1 — one that passed the gate before the 429
// came back — arrive before T+1s. (The repeats of a cell send the same
// body, so which later request is the retry is not known: one at or after
// T+1s must exist.)
func checkRetryAfter(t *testing.T, w *watch, concurrency int) {
	t.Helper()
	w.mu.Lock()
	defer w.mu.Unlock()
	seen := 0
	for i, a := range w.arrivals {
		if a.status != 429 {
			continue
		}
		seen++
		until := a.at.Add(time.Second)
		early, retried := 0, false
		for _, b := range w.arrivals[i+1:] {
			switch {
			case b.family != a.family || b.status == 429:
			case b.at.Before(until):
				early++
			case b.body == a.body:
				retried = true
			}
		}
		if !retried {
			t.Errorf("the 429 at %s was not retried after its Retry-After", a.at)
		}
		if early > concurrency-1 {
			t.Errorf("%d requests of %s went out during its Retry-After", early, a.family)
		}
	}
	if seen != 2 {
		t.Errorf("%d 429s seen, want 2", seen)
	}
}

func ptr[T any](v T) *T { return &v }

// TestGateHoldIsShared: a hold set by one cell keeps every other cell of
// the family back until it has passed, on the injected clock.
func TestGateHoldIsShared(t *testing.T) {
	t0 := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	clock := clienttest.NewInstantClock(t0)
	g := newGate(2, clock)
	ctx := context.Background()
	if err := g.enter(ctx); err != nil {
		t.Fatal(err)
	}
	g.holdFor(3 * time.Second)
	g.leave()
	if err := g.enter(ctx); err != nil {
		t.Fatal(err)
	}
	if got := clock.Now().Sub(t0); got < 3*time.Second {
		t.Errorf("entered after %s of a 3s hold", got)
	}
	g.holdFor(time.Second) // shorter than what has passed: no wait
	at := clock.Now()
	if err := g.enter(ctx); err != nil {
		t.Fatal(err)
	}
	if clock.Now().Sub(at) > time.Second {
		t.Errorf("a short hold waited %s", clock.Now().Sub(at))
	}
	// Both slots taken: a third waits until ctx ends.
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if err := g.enter(cctx); err == nil {
		t.Error("a third entered a gate of two")
	}
}

// TestRunStopsCleanly: cancelling the run leaves the cells then running
// interrupted, not done, and a second Run finishes the batch.
func TestRunStopsCleanly(t *testing.T) {
	ctx := testCtx(t)
	var w *watch
	c, _ := newSim(t, sim.Options{}, func(h http.Handler) http.Handler {
		w = newWatch(h, nil)
		w.holdAll, w.passFirst = true, 3
		return w
	})
	db := openStore(t, t.TempDir())
	plan := fivePrompts(t, 2)
	plan.Targets = plan.Targets[:1] // alpha only: 15 cells
	id, err := Create(ctx, db, plan, "")
	if err != nil {
		t.Fatal(err)
	}
	runCtx, stop := context.WithCancel(ctx)
	done := make(chan Progress)
	go func() {
		p, err := Run(runCtx, c, db, id, Options{})
		if err != context.Canceled {
			t.Errorf("Run after a stop returned %v", err)
		}
		done <- p
	}()
	waitHeld(t, ctx, w, 2)
	stop()
	p := <-done
	if p.Done != 3 || p.Running != 0 || p.Failed != 0 {
		t.Errorf("progress after stop = %+v", p)
	}
	counts := map[string]int{}
	cells, _ := db.BatchCells(ctx, id)
	for _, cell := range cells {
		counts[cell.Status]++
	}
	if counts[store.CellDone] != 3 || counts[store.StatusInterrupted] != 2 || counts[store.CellPending] != 10 {
		t.Errorf("cells after stop: %v", counts)
	}
	if b, _ := db.Batch(ctx, id); b.Status != store.BatchStopped {
		t.Errorf("batch after stop: %s", b.Status)
	}
	w.stopHolding()
	before := w.requests["alpha"]
	p, err = Run(ctx, c, db, id, Options{})
	if err != nil || p.Done != 15 || p.Ran != 12 {
		t.Fatalf("resume: %+v, %v", p, err)
	}
	if sent := w.requests["alpha"] - before; sent != 12 {
		t.Errorf("resume sent %d requests for 12 cells", sent)
	}
}

// waitHeld waits until n requests are held at the simulator.
func waitHeld(t *testing.T, ctx context.Context, w *watch, n int) {
	t.Helper()
	for {
		select {
		case held := <-w.heldCh:
			if held >= n {
				return
			}
		case <-ctx.Done():
			t.Fatalf("never %d requests held at once", n)
		}
	}
}

func TestNothingToResume(t *testing.T) {
	for _, tc := range []struct {
		b     store.Batch
		retry bool
		want  string
	}{
		{store.Batch{ID: 1, Cells: 4, Done: 4}, false, "batch 1: nothing to resume: every cell is done"},
		{store.Batch{ID: 2, Cells: 4, Done: 2, Failed: 2}, false, "batch 2: nothing to resume: every cell is done but 2 failed (R runs them again)"},
		{store.Batch{ID: 3, Cells: 4, Done: 2, Failed: 2}, true, ""},
		{store.Batch{ID: 4, Cells: 4, Done: 2, Failed: 1}, false, ""},
	} {
		if got := NothingToResume(tc.b, tc.retry, "R"); got != tc.want {
			t.Errorf("%+v retry %v: %q, want %q", tc.b, tc.retry, got, tc.want)
		}
	}
}
