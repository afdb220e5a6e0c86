package batch

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"atelier/client/sim"
	"atelier/store"
)

// benchBatch records a finished batch of 1,000 cells (50 cases × 4 targets
// × 5 repeats, each reply the simulator's ~1.5 KB of markdown) by running
// it against the simulator, and returns the store and the batch's id.
func benchBatch(b *testing.B) (*store.Store, int64) {
	b.Helper()
	var src strings.Builder
	src.WriteString(`targets = ["alpha:a", "alpha:a:temperature=1", "beta:b", "gamma:g"]
repeats = 5
concurrency = 8
[vars]
n = [`)
	for i := range 50 {
		fmt.Fprintf(&src, "%q,", fmt.Sprint(i))
	}
	src.WriteString("]\n[[prompts]]\ntext = \"Question {{n}} about the matrix\"\n  [[prompts.checks]]\n  regex = \"(?i)matrix\"\n")
	plan, err := Parse("bench.toml", []byte(src.String()), nil)
	if err != nil {
		b.Fatal(err)
	}
	c, _ := newSim(b, sim.Options{}, nil)
	db := openStore(b, b.TempDir())
	ctx := context.Background()
	id, err := Create(ctx, db, plan, "bench.toml")
	if err != nil {
		b.Fatal(err)
	}
	if p, err := Run(ctx, c, db, id, Options{}); err != nil || p.Done != 1000 {
		b.Fatalf("setup run: %+v, %v", p, err)
	}
	return db, id
}

// BenchmarkMatrixLoad1000 is what the matrix view reads to open a batch of
// 1,000 cells: the batch, its plan and every cell's status, checks,
// figures and first line (issue 17's target for the whole view: 100 ms).
func BenchmarkMatrixLoad1000(b *testing.B) {
	db, id := benchBatch(b)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		bt, err := db.Batch(ctx, id)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := LoadPlan(bt); err != nil {
			b.Fatal(err)
		}
		cells, err := db.BatchCells(ctx, id)
		if err != nil || len(cells) != 1000 {
			b.Fatal(len(cells), err)
		}
	}
}

// BenchmarkMatrixSummary1000 adds the summary rows: the replies' text read
// back and the stability across repeats computed.
func BenchmarkMatrixSummary1000(b *testing.B) {
	db, id := benchBatch(b)
	ctx := context.Background()
	bt, _ := db.Batch(ctx, id)
	plan, _ := LoadPlan(bt)
	b.ReportAllocs()
	for b.Loop() {
		cells, err := db.BatchCells(ctx, id)
		if err != nil {
			b.Fatal(err)
		}
		replies, err := db.BatchReplies(ctx, id)
		if err != nil || len(replies) != 1000 {
			b.Fatal(len(replies), err)
		}
		if s := Summarize(plan, cells, replies); s[0].Stability != 1 {
			b.Fatalf("summary %+v", s[0])
		}
	}
}
