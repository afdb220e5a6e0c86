package batch

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	engine "atelier/batch"
	"atelier/store"
	"atelier/store/price"
	"atelier/ui/tab"
	"atelier/ui/tab/tabtest"
)

// runFile opens the path field, types path and sends it.
func (hs *harness) runFile(path string) *harness {
	hs.t.Helper()
	return hs.Keys("n").Type(path).Keys("enter")
}

// A batch file typed with ~ runs against the simulator from the tab: the
// progress is drained to its end, every cell is recorded, and the matrix
// of the new batch shows with its summary rows.
func TestRunFromFileShowsMatrix(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	src := smallBatch(t, 2)
	data, _ := os.ReadFile(src)
	if err := os.WriteFile(filepath.Join(home, "small.toml"), data, 0o600); err != nil {
		t.Fatal(err)
	}
	db := openStore(t)
	c, g := newSim(t)
	hs := newHarness(t, db, c, nil, 120, 40)
	var reports []engine.Progress
	hs.onProgress = func(p engine.Progress) []tea.Msg { reports = append(reports, p); return nil }
	hs.runFile("~/small.toml")
	hs.NoErrors()

	if hs.m.run != nil {
		t.Fatal("the run is still under way after its last report")
	}
	if len(reports) < 2 || !reports[len(reports)-1].Final || reports[len(reports)-1].Done != 8 {
		t.Fatalf("reports: %+v", reports)
	}
	bs, err := db.Batches(context.Background(), 0)
	if err != nil || len(bs) != 1 || bs[0].Done != 8 || bs[0].Status != store.BatchDone {
		t.Fatalf("batches: %+v, %v", bs, err)
	}
	if g.prompts["Capital of France"] != 4 || g.prompts["Capital of Peru"] != 4 {
		t.Errorf("requests per prompt: %v", g.prompts)
	}
	if g.most > 2 {
		t.Errorf("%d requests at once, with concurrency 1 per family and 2 families", g.most)
	}
	v := hs.view()
	for _, want := range []string{"batch 1 capitals", "alpha:model-a", "beta:model-b", "fr", "pe", "2/2", "TTFT p50/95"} {
		if !strings.Contains(v, want) {
			t.Errorf("matrix lacks %q:\n%s", want, v)
		}
	}
	if hs.m.mx.summary == nil || hs.m.mx.summary[0].Done != 4 {
		t.Errorf("summary: %+v", hs.m.mx.summary)
	}
	if n := hs.NoticesOf(tab.Done); len(n) == 0 || !strings.Contains(n[len(n)-1], "batch 1 done: 8 cells") {
		t.Errorf("done notices: %q", n)
	}
}

// esc stops a run cleanly: the cells that finished stay recorded, the
// batch is stopped, and r resumes it, running only the cells left — the
// finished ones keep their replies and are never sent again.
func TestStopThenResume(t *testing.T) {
	db := openStore(t)
	c, g := newSim(t)
	g.hold, g.pass = true, 2 // the first cell of each family answers; the rest wait
	hs := newHarness(t, db, c, nil, 120, 40)
	pressed := false
	var during string
	hs.onProgress = func(p engine.Progress) []tea.Msg {
		if p.Done >= 1 && !pressed && hs.m.mx != nil {
			pressed, during = true, hs.view()
			return []tea.Msg{tabtest.Press("esc")}
		}
		return nil
	}
	hs.runFile(smallBatch(t, 2))
	hs.NoErrors()
	if hs.m.run != nil || hs.m.mx == nil {
		t.Fatalf("after the stop: run %v, matrix %v", hs.m.run, hs.m.mx)
	}
	// The frame drawn at the first cell done: the bar with its counts,
	// rate and time left.
	for _, want := range []string{"█", "░", "/8 done", " running", "cells/s · ETA"} {
		if !strings.Contains(during, want) {
			t.Errorf("progress lacks %q:\n%s", want, during)
		}
	}
	ctx := context.Background()
	b, err := db.Batch(ctx, 1)
	if err != nil || b.Status != store.BatchStopped || b.Done == 0 || b.Done == 8 {
		t.Fatalf("stopped batch: %+v, %v", b, err)
	}
	// A stop is no success (issue 30: "batch stopped" was marked ✓).
	if n := hs.NoticesOf(tab.Hint); !strings.Contains(strings.Join(n, "\n"), "r resumes it") {
		t.Errorf("hints: %q", n)
	}
	if n := hs.NoticesOf(tab.Done); strings.Contains(strings.Join(n, "\n"), "stopped") {
		t.Errorf("a stop marked done: %q", n)
	}
	// The stopped matrix marks the cells stopped midway, and no cell with
	// repeats left reads as done (issue 30: none interrupted, "✓ 2/3").
	stopped := hs.view()
	if !strings.Contains(stopped, "◐ 1/2") {
		t.Errorf("no cell shows as interrupted:\n%s", stopped)
	}
	for _, m := range regexp.MustCompile(`[✓●] (\d+)/(\d+)`).FindAllStringSubmatch(stopped, -1) {
		if m[1] != m[2] {
			t.Errorf("a cell with repeats left reads %q:\n%s", m[0], stopped)
		}
	}
	before, _ := db.BatchCells(ctx, 1)
	kept := map[int]int64{}
	for _, cell := range before {
		if cell.Status == store.CellDone {
			kept[cell.Cell] = cell.MessageID
		}
	}

	g.mu.Lock()
	g.hold = false
	g.mu.Unlock()
	hs.onProgress = nil
	hs.Keys("r")
	hs.NoErrors()
	after, _ := db.BatchCells(ctx, 1)
	for _, cell := range after {
		if cell.Status != store.CellDone {
			t.Errorf("cell %d: %s after the resume", cell.Cell, cell.Status)
		}
		if id, ok := kept[cell.Cell]; ok && (cell.MessageID != id || cell.Attempts != 1) {
			t.Errorf("cell %d, done before the stop, ran again: message %d → %d, %d attempts", cell.Cell, id, cell.MessageID, cell.Attempts)
		}
	}
	if b, _ := db.Batch(ctx, 1); b.Status != store.BatchDone || b.Done != 8 {
		t.Errorf("after the resume: %+v", b)
	}
	if !strings.Contains(hs.view(), "done · 2 cases") {
		t.Errorf("matrix after the resume:\n%s", hs.view())
	}
	// Resuming again has nothing left to run, and says so (issue 30).
	hs.Out = nil
	hs.Keys("r")
	if n := hs.Notices(); len(n) != 1 || n[0] != "batch 1: nothing to resume: every cell is done" || hs.m.run != nil {
		t.Errorf("a resume with nothing left: notices %q, run %v", n, hs.m.run)
	}
}

// The batch under way cannot be deleted from the list: d warns and asks
// nothing, and the batch and its cells stay. (The list shows during a run
// when its matrix could not be read.)
func TestRunningBatchNotDeleted(t *testing.T) {
	db := openStore(t)
	c, g := newSim(t)
	g.hold, g.pass = true, 2
	hs := newHarness(t, db, c, nil, 120, 40)
	asked := false
	hs.onProgress = func(p engine.Progress) []tea.Msg {
		if p.Done >= 1 && !asked && hs.m.run != nil {
			asked = true
			hs.m.mx = nil // as when the matrix could not be read
			// The list reloads in a command of its own, which may not have
			// come back yet: load it here, so that d finds the batch.
			listed := listCmd(db)().(tab.ResultMsg).Msg
			return []tea.Msg{listed, tabtest.Press("d")}
		}
		if asked && hs.m.run != nil && !p.Final {
			if hs.m.list.Asking() {
				t.Error("the list asks to delete the batch under way")
			}
			return []tea.Msg{tabtest.Press("esc")} // then stop it
		}
		return nil
	}
	hs.runFile(smallBatch(t, 2))
	if !asked {
		t.Fatal("the run never reported a cell done")
	}
	if n := strings.Join(hs.Notices(), "\n"); !strings.Contains(n, "batch 1 is running: stop it first") {
		t.Errorf("notices: %q", n)
	}
	if b, err := db.Batch(context.Background(), 1); err != nil || b.ID != 1 {
		t.Errorf("the batch after d: %+v, %v", b, err)
	}
}

// A plan whose estimate passes the [budget] waits for the guard's
// question: n sends nothing and records no batch; y runs it.
func TestBudgetGuardAsksFirst(t *testing.T) {
	db := openStore(t)
	c, g := newSim(t)
	rate := 1000.0
	tiny := 0.000001
	s := store.DefaultSettings()
	s.Prices = price.Table{"model-a": {Input: &rate, Output: &rate}, "model-b": {Input: &rate, Output: &rate}}
	s.Budget = price.Budget{Run: &tiny}
	hs := newHarness(t, db, c, s, 120, 40)
	path := smallBatch(t, 1)

	hs.runFile(path)
	if !hs.m.gate.guard.Asking() || !strings.Contains(hs.view(), "Run it anyway?  y run anyway · n do not run") {
		t.Fatalf("no question:\n%s", hs.view())
	}
	hs.Keys("n")
	if bs, _ := db.Batches(context.Background(), 0); len(bs) != 0 || g.passed != 0 {
		t.Fatalf("refused, yet %d batches and %d requests", len(bs), g.passed)
	}
	if n := hs.Notices(); !strings.Contains(strings.Join(n, "\n"), "nothing was sent") {
		t.Errorf("notices: %q", n)
	}

	hs.Keys("n")
	if got := hs.m.path.input.Value(); got != path {
		t.Errorf("the path field holds %q, not the last path", got)
	}
	hs.Keys("enter", "y")
	hs.NoErrors()
	if bs, _ := db.Batches(context.Background(), 0); len(bs) != 1 || bs[0].Done != 4 {
		t.Fatalf("after yes: %+v", bs)
	}
}

// A file with a mistake is refused with its line named, and nothing runs.
func TestBadFileNamesTheLine(t *testing.T) {
	db := openStore(t)
	c, g := newSim(t)
	path := filepath.Join(t.TempDir(), "bad.toml")
	os.WriteFile(path, []byte("targets = [\"alpha:a\"]\nrepeats = 0\n[[prompts]]\ntext = \"x\"\n"), 0o600)
	hs := newHarness(t, db, c, nil, 120, 40)
	hs.runFile(path)
	errs := hs.Errors()
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), "bad.toml:2: repeats") {
		t.Fatalf("errors: %v", errs)
	}
	if g.passed != 0 || hs.m.run != nil {
		t.Error("a bad file ran")
	}
}

// TestRunWithATargetSet: a batch file's target_set is read from the
// history the tab runs on: the set's targets are the batch's (issue 30).
func TestRunWithATargetSet(t *testing.T) {
	db := openStore(t)
	c, _ := newSim(t)
	if err := db.SaveTargetSet(context.Background(), "pair", []string{"alpha:model-a:temperature=0.2", "beta:model-b"}); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "set.toml")
	if err := os.WriteFile(path, []byte("name = \"by set\"\ntarget_set = \"pair\"\n[[prompts]]\ntext = \"Capital of Peru?\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	hs := newHarness(t, db, c, nil, 120, 40)
	hs.runFile(path)
	hs.NoErrors()
	b, err := db.Batch(context.Background(), 1)
	if err != nil || b.Done != 2 {
		t.Fatalf("batch %+v, %v", b, err)
	}
	if v := hs.view(); !strings.Contains(v, "alpha:model-a:temperature=0.2") || !strings.Contains(v, "beta:model-b") {
		t.Errorf("the matrix does not show the set's targets:\n%s", v)
	}
}
