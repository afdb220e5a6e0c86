package batch

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	engine "atelier/batch"
	"atelier/store"
	"atelier/ui/tab"
)

// bench1000 records a finished batch of 1,000 cells — 50 cases × 4 targets
// × 5 repeats, each reply ~1.5 KB of markdown, one case in ten failing a
// check on one target — and returns the store and the batch's id.
func bench1000(b *testing.B) (*store.Store, int64) {
	b.Helper()
	f := fixture{targets: []string{"alpha:model-a", "alpha:model-a:temperature=1", "beta:model-b", "gamma:model-g"}, repeats: 5}
	for i := range 50 {
		f.cases = append(f.cases, fmt.Sprintf("question[n=%d]", i))
	}
	f.reply = func(c, t, r int) (string, *bool) {
		pass := c%10 != 0 || t != 2
		var s strings.Builder
		fmt.Fprintf(&s, "## Answer %d\n\n", c)
		for p := range 6 {
			fmt.Fprintf(&s, "Paragraph %d of target %d, repeat %d: the matrix reads **%s** words, `code %d`, and a [link](https://example.test/%d).\n\n",
				p, t, r, map[bool]string{true: "yes", false: "no"}[pass], p, c)
			s.WriteString("- an item with some words in it\n- another item, with other words\n\n")
		}
		return s.String(), &pass
	}
	db := openStore(b)
	return db, f.record(b, db)
}

// BenchmarkOpenMatrix1000 is issue 17's "a 1,000-cell batch in history
// opens its matrix": the store read (batch, plan, every cell), the
// matrix laid out, and the first View, at 120×40. The summary rows come
// after, from a command of their own (BenchmarkSummaryRows1000).
func BenchmarkOpenMatrix1000(b *testing.B) {
	db, id := bench1000(b)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		m := New(Options{Store: db})
		m.SetSize(120, 40)
		m, _ = m.open(id) // the read that comes back is the one asked for; any other is dropped
		m, _ = m.Update(loadMatrix(ctx, db, id))
		if m.mx == nil || len(m.mx.cells) != 1000 {
			b.Fatal("no matrix")
		}
		if v := m.View(); !strings.Contains(v, "question[n=0]") {
			b.Fatal("no first row")
		}
	}
}

// BenchmarkSummaryRows1000 is the summary rows' command with the matrix
// open: every reply read back, batch.Summarize (stability across repeats)
// and the disagreement of each case, then the View with them.
func BenchmarkSummaryRows1000(b *testing.B) {
	m, loaded := openBench(b)
	db, id := m.db, loaded.id
	b.ReportAllocs()
	for b.Loop() {
		msg := summaryCmd(db, id, loaded.plan, loaded.cells)().(tab.ResultMsg).Msg
		m2, _ := m.Update(msg)
		if v := m2.View(); !strings.Contains(v, "alpha:model-a:temperature=1") || m2.mx.summary == nil {
			b.Fatal("no summary rows")
		}
	}
}

// BenchmarkProgressRedraw is one frame of a run: a progress report taken
// by Update and the View after it, with the 1,000-cell matrix open.
func BenchmarkProgressRedraw(b *testing.B) {
	m, loaded := openBench(b)
	id := loaded.id
	m.run = &running{id: id, cancel: func() {}}
	p := engine.Progress{BatchID: id, Total: 1000, Running: 4, Ran: 1, Elapsed: time.Second, Rate: 1.5, ETA: time.Minute}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		i++
		p.Done = i % 1000
		m, _ = m.Update(progressMsg{id: id, p: p})
		if v := m.View(); !strings.Contains(v, "running") {
			b.Fatal("no progress line")
		}
	}
}

// openBench is the tab at 120×40 with bench1000's matrix open.
func openBench(b *testing.B) (Model, loadedMsg) {
	b.Helper()
	db, id := bench1000(b)
	m := New(Options{Store: db})
	m.SetSize(120, 40)
	m, _ = m.open(id)
	loaded := loadMatrix(context.Background(), db, id)
	m, _ = m.Update(loaded)
	if m.mx == nil {
		b.Fatal("the matrix did not open")
	}
	return m, loaded
}
