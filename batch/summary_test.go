package batch

import (
	"fmt"
	"math"
	"testing"
	"time"

	"atelier/store"
)

func TestSimilarity(t *testing.T) {
	cases := []struct {
		a, b string
		want float64
	}{
		{"", "", 1},
		{"the cat sat", "The cat, sat!", 1},
		{"the cat sat", "a dog ran", 0},
		{"the cat sat on the mat", "the cat sat", 2 * 3.0 / 9},
		{"one two three four", "two one three four", 1},
		{"a a b", "a b b", 2 * 2.0 / 6},
		{"x", "", 0},
	}
	for _, c := range cases {
		if got := Similarity(Words(c.a), Words(c.b)); math.Abs(got-c.want) > 1e-9 {
			t.Errorf("Similarity(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
	long := ""
	for range MaxSimilarityWords + 50 {
		long += "w "
	}
	if n := len(Words(long)); n != MaxSimilarityWords {
		t.Errorf("Words kept %d words", n)
	}
}

func TestSummarize(t *testing.T) {
	p := &Plan{Targets: []string{"alpha:a", "beta:b"}, Repeats: 2, Cases: []Case{{Text: "q0"}, {Text: "q1"}}}
	yes, no := true, false
	ms := time.Millisecond
	cells := []store.BatchCell{
		// alpha: 4 done, checks 3 of 4 pass
		{CellKey: store.CellKey{Cell: 0, Case: 0, Target: 0, Repeat: 0}, Status: store.CellDone, Passed: &yes, TTFT: 100 * ms, Total: 1100 * ms, Usage: store.Usage{OutputTokens: 10}},
		{CellKey: store.CellKey{Cell: 1, Case: 0, Target: 0, Repeat: 1}, Status: store.CellDone, Passed: &yes, TTFT: 200 * ms, Total: 1200 * ms, Usage: store.Usage{OutputTokens: 20}},
		{CellKey: store.CellKey{Cell: 4, Case: 1, Target: 0, Repeat: 0}, Status: store.CellDone, Passed: &no, TTFT: 300 * ms, Total: 1300 * ms, Usage: store.Usage{OutputTokens: 30}},
		{CellKey: store.CellKey{Cell: 5, Case: 1, Target: 0, Repeat: 1}, Status: store.CellDone, Passed: &yes, TTFT: 400 * ms, Total: 1400 * ms, Usage: store.Usage{OutputTokens: 40}},
		// beta: one done, one failed, one pending
		{CellKey: store.CellKey{Cell: 2, Case: 0, Target: 1, Repeat: 0}, Status: store.CellDone, TTFT: 50 * ms, Total: 550 * ms, Usage: store.Usage{OutputTokens: 5}},
		{CellKey: store.CellKey{Cell: 3, Case: 0, Target: 1, Repeat: 1}, Status: store.CellFailed},
		{CellKey: store.CellKey{Cell: 6, Case: 1, Target: 1, Repeat: 0}, Status: store.CellPending},
	}
	replies := map[int]string{0: "a b c d", 1: "a b c d", 4: "x y", 5: "z w", 2: "only one"}
	s := Summarize(p, cells, replies)
	a, b := s[0], s[1]
	if a.Cells != 4 || a.Done != 4 || a.Checked != 4 || a.Passed != 3 || a.PassRate != 0.75 {
		t.Errorf("alpha counts %+v", a)
	}
	if a.TTFTMedian != 200*ms || a.TTFTP95 != 400*ms || a.TotalMedian != 1200*ms || a.TotalP95 != 1400*ms {
		t.Errorf("alpha times %+v", a)
	}
	if a.OutputTokens != 25 || math.Abs(a.TokensPerSecond-100.0/4) > 1e-9 {
		t.Errorf("alpha tokens %+v", a)
	}
	if a.Stability != 0.5 { // case 0 identical (1), case 1 nothing shared (0)
		t.Errorf("alpha stability %v", a.Stability)
	}
	if b.Cells != 3 || b.Done != 1 || b.Failed != 1 || b.PassRate != -1 || b.Stability != -1 {
		t.Errorf("beta %+v", b)
	}
	// pass^2: alpha passed both repeats of case 0, not of case 1: 1/2;
	// case 1 is flaky. beta: case 0 done and failed (0), case 1 unfinished.
	if a.PassHatN != 0.5 || a.Flaky != 1 || b.PassHatN != 0 || b.Flaky != 1 {
		t.Errorf("pass^N, flaky: alpha %v %d, beta %v %d: want 0.5 1, 0 1", a.PassHatN, a.Flaky, b.PassHatN, b.Flaky)
	}
}

// BenchmarkSimilarity400 is one pair of replies of 400 words.
func BenchmarkSimilarity400(b *testing.B) {
	a, c := make([]string, 400), make([]string, 400)
	for i := range a {
		a[i], c[i] = fmt.Sprint("w", i%37), fmt.Sprint("w", i%41)
	}
	c[0], c[len(c)-1] = "start", "end"
	for b.Loop() {
		Similarity(a, c)
	}
}
