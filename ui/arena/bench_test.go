package arena

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"testing"
	"time"

	"atelier/store"
	"atelier/ui/internal/measure/framebench"
	"atelier/ui/tab"
)

// benchStore is a history of n blind chat votes over k targets of
// strengths 1.15^i, judged as Bradley–Terry says (one in twenty a tie).
func benchStore(b *testing.B, n, k int) *store.Store {
	b.Helper()
	db := openStore(b)
	conv := comparison(b, db, "a prompt")
	rng := rand.New(rand.NewPCG(16, 16))
	for range n {
		i, j := rng.IntN(k), rng.IntN(k-1)
		if j >= i {
			j++
		}
		a, c := fmt.Sprintf("alpha:model-%02d", i), fmt.Sprintf("beta:model-%02d", j)
		verdict := "BA"
		switch p := math.Pow(1.15, float64(i)) / (math.Pow(1.15, float64(i)) + math.Pow(1.15, float64(j))); {
		case rng.Float64() < 0.05:
			verdict = store.VerdictTie
		case rng.Float64() < p:
			verdict = "AB"
		}
		vote(b, db, conv, true, verdict, a, c)
	}
	return db
}

// BenchmarkOpenBoard: the tab shown with 10,000 votes over 20 targets (the figure):
// the store read and the board computed (1,000 bootstrap rounds, as the
// command line) in the command, then the result taken and drawn on the
// UI loop. cpu-ms/op is the whole; ui-ms/op and ui-cpu-ms/op the loop's
// share (Update of ShownMsg and of the result, and View), wall and CPU
// time: all a frame waits for.
func BenchmarkOpenBoard(b *testing.B) {
	db := benchStore(b, 10_000, 20)
	m := New(Options{Store: db})
	m.SetSize(120, 40)
	var ui, uiCPU time.Duration
	runtime.LockOSThread() // the thread's clock then counts the loop's work alone
	defer runtime.UnlockOSThread()
	p0 := framebench.Process()
	for b.Loop() {
		t0, c0 := time.Now(), framebench.Thread()
		next, cmd := m.Update(tab.ShownMsg{})
		ui, uiCPU = ui+time.Since(t0), uiCPU+framebench.Thread()-c0
		msg := cmd().(tab.ResultMsg).Msg
		t1, c1 := time.Now(), framebench.Thread()
		next, _ = next.Update(msg)
		if next.View() == "" || next.boards.board.blind.Votes != 10_000 {
			b.Fatalf("board of %d votes", next.boards.board.blind.Votes)
		}
		ui, uiCPU = ui+time.Since(t1), uiCPU+framebench.Thread()-c1
		m = next
	}
	framebench.ProcessCPU(b, p0)
	b.ReportMetric(float64(ui)/float64(time.Millisecond)/float64(b.N), "ui-ms/op")
	b.ReportMetric(float64(uiCPU)/float64(time.Millisecond)/float64(b.N), "ui-cpu-ms/op")
}

// BenchmarkVotesQuery is the store's share of opening the board: reading
// the 10,000 votes with their targets, as the tab reads them (ranked: the
// columns a board needs) and whole (store.Votes, every column).
func BenchmarkVotesQuery(b *testing.B) {
	db := benchStore(b, 10_000, 20)
	for _, c := range []struct {
		name string
		read func(context.Context, store.VoteFilter) ([]store.Vote, error)
	}{{"ranked", db.RankedVotes}, {"whole", db.Votes}} {
		b.Run(c.name, func(b *testing.B) {
			p0 := framebench.Process()
			for b.Loop() {
				if vs, err := c.read(bg, store.VoteFilter{Kind: store.VoteChat}); err != nil || len(vs) != 10_000 {
					b.Fatal(len(vs), err)
				}
			}
			framebench.ProcessCPU(b, p0)
		})
	}
}
