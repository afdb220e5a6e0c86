package batch

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"strings"
	"testing"

	"atelier/client/sim"
	"atelier/internal/childproc"
	"atelier/store"
)

// The kill test re-executes this test binary as a batch runner that is
// killed mid-run, as the store's crash tests do (see internal/childproc):
// the child is chosen by an environment variable and runs from TestMain,
// outside the framework.

const (
	childDirEnv = "ATELIER_BATCH_CHILD_DIR"
	childURLEnv = "ATELIER_BATCH_CHILD_URL"
)

func TestMain(m *testing.M) {
	childproc.Main(m, map[string]func(string) error{
		childDirEnv: func(dir string) error { return runChild(dir, os.Getenv(childURLEnv)) },
	})
}

// runChild creates the five-prompt batch (without its faulty targets) in
// dir, says its id on stdout and runs it until it is killed; a run that
// ends by itself is an error.
func runChild(dir, url string) error {
	db, err := store.Open(dir)
	if err != nil {
		return err
	}
	ctx := context.Background()
	id, err := Create(ctx, db, killPlan(), "")
	if err != nil {
		return err
	}
	fmt.Printf("batch %d\n", id)
	_, err = Run(ctx, newClient(&testing.T{}, url), db, id, Options{})
	return fmt.Errorf("the run ended without being killed: %v", err)
}

// killPlan is 5 prompts × 3 targets (two families) × 3 repeats.
func killPlan() *Plan {
	p, err := Parse("kill.toml", []byte(`targets = ["alpha:model-a", "alpha:model-a:temperature=0.5", "beta:model-b"]
repeats = 3
[vars]
n = ["1", "2", "3", "4", "5"]
[[prompts]]
text = "Question {{n}}: tell me about batches."
`), nil)
	if err != nil {
		panic(err)
	}
	return p
}

// TestKilledRunResumes: a runner killed with SIGKILL while two requests
// per family are in flight, then resumed, does every cell exactly once:
// the simulator sees each finished cell once, the cells cut by the kill
// once more, and the store holds one complete reply per cell.
func TestKilledRunResumes(t *testing.T) {
	ctx := testCtx(t)
	const passFirst = 10
	var w *watch
	c, url := newSim(t, sim.Options{}, func(h http.Handler) http.Handler {
		w = newWatch(h, nil)
		w.holdAll, w.passFirst = true, passFirst
		return w
	})
	dir := t.TempDir()

	child := childproc.Start(t, childDirEnv+"="+dir, childURLEnv+"="+url)
	var id int64
	child.Await("batch %d", &id)
	// Ten requests served; then every worker (two per family) is held
	// with its request in flight, each having recorded its last cell.
	waitHeld(t, ctx, w, 4)
	child.Kill()
	w.stopHolding()
	w.mu.Lock()
	before := w.requests["alpha"] + w.requests["beta"]
	w.mu.Unlock()
	if before != passFirst+4 {
		t.Fatalf("%d requests before the kill, want %d", before, passFirst+4)
	}

	db := openStore(t, dir) // marks the dead runner's replies interrupted
	cells, err := db.BatchCells(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	counts := map[string]int{}
	for _, cell := range cells {
		counts[cell.Status]++
	}
	if counts[store.CellDone] != passFirst || counts[store.StatusRunning] != 4 {
		t.Fatalf("cells after the kill: %v, want %d done and 4 running", counts, passFirst)
	}

	p, err := Run(ctx, c, db, id, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if p.Done != 45 || p.Ran != 45-passFirst {
		t.Errorf("resume: %+v", p)
	}
	w.mu.Lock()
	sent := w.requests["alpha"] + w.requests["beta"] - before
	w.mu.Unlock()
	if sent != 45-passFirst {
		t.Errorf("the resume sent %d requests for %d cells left", sent, 45-passFirst)
	}
	cells, _ = db.BatchCells(ctx, id)
	for _, cell := range cells {
		conv, err := db.Conversation(ctx, cell.ConversationID)
		if err != nil {
			t.Fatal(err)
		}
		complete := 0
		for _, m := range conv.Messages {
			if m.Role == store.RoleAssistant && m.Status == store.StatusComplete {
				complete++
			}
		}
		if cell.Status != store.CellDone || complete != 1 {
			t.Errorf("cell %d: %s with %d complete replies", cell.Cell, cell.Status, complete)
		}
		if want := 1 + btoi(cell.Attempts > 1); cell.Attempts != want {
			t.Errorf("cell %d: %d attempts", cell.Cell, cell.Attempts)
		}
	}
	if b, _ := db.Batch(ctx, id); b.Status != store.BatchDone || strings.TrimSpace(b.Name) == "" {
		t.Errorf("batch: %+v", b)
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
