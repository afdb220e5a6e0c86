package rank

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// byName finds a target's entry on b.
func byName(t *testing.T, b Board, name string) Entry {
	t.Helper()
	for _, e := range b.Entries {
		if e.Target == name {
			return e
		}
	}
	t.Fatalf("no entry for %q on %+v", name, b.Entries)
	return Entry{}
}

func repeat(v Vote, k int) []Vote {
	out := make([]Vote, k)
	for i := range out {
		out[i] = v
	}
	return out
}

// A board whose counts match the strengths 4:2:1 exactly: the maximum
// likelihood is then those strengths, by hand — the score equations
// W_i = Σ_j n_ij p_i/(p_i+p_j) hold: A: 3·4/6 + 5·4/5 = 6 = 2+4 wins,
// B: 3·2/6 + 3·2/3 = 3 = 1+2, C: 5·1/5 + 3·1/3 = 2 = 1+1. With the
// geometric mean 2 set to 1000 points, A = 1000 + 400·log10(2) = 1120.4120,
// B = 1000, C = 879.5880.
func TestFitHandComputedExact(t *testing.T) {
	var votes []Vote
	votes = append(votes, repeat(Better("A", "B"), 2)...)
	votes = append(votes, Better("B", "A"))
	votes = append(votes, repeat(Better("B", "C"), 2)...)
	votes = append(votes, Better("C", "B"))
	votes = append(votes, repeat(Better("A", "C"), 4)...)
	votes = append(votes, Better("C", "A"))
	b, err := Compute(votes, Options{Prior: -1, Rounds: -1})
	if err != nil {
		t.Fatal(err)
	}
	wantScores(t, b, map[string]float64{"A": 1120.4120, "B": 1000, "C": 879.5880})
}

// wantScores checks b's scores to four decimals.
func wantScores(t *testing.T, b Board, want map[string]float64) {
	t.Helper()
	for name, w := range want {
		if got := byName(t, b, name).Score; math.Abs(got-w) > 5e-5 {
			t.Errorf("%s: score %.4f, want %.4f", name, got, w)
		}
	}
}

// With the prior and a tie, solved outside this package, in plain Python,
// by two methods that agree to every digit shown:
//
//	games: A>B ×3, B>A ×1, A=B ×1 (half each), B>C ×1; C never won;
//	each target also drew 1 virtual game against a reference of strength 1.
//	Hunter's MM, 200,000 rounds from p = 1:
//	  p_i ← (W_i + 1/2) / (Σ_j n_ij/(p_i+p_j) + 1/(p_i+1));
//	Newton with Gaussian elimination, 100 steps from θ = 0:
//	  θ ← θ − H⁻¹∇ℓ, ℓ = Σ s·log σ(θi−θj) + (1−s)·log σ(θj−θi) + Σ_i ½·log σ(θi) + ½·log σ(−θi).
//	strengths p = (2.284293, 1.172065, 0.360305);
//	scores 1000 + 400/ln10·(θ − mean θ) = (1145.5842, 1029.6642, 824.7516).
func TestFitHandComputedWithPriorAndTie(t *testing.T) {
	var votes []Vote
	votes = append(votes, repeat(Better("A", "B"), 3)...)
	votes = append(votes, Better("B", "A"), Tied("A", "B"), Better("B", "C"))
	b, err := Compute(votes, Options{Rounds: -1})
	if err != nil {
		t.Fatal(err)
	}
	wantScores(t, b, map[string]float64{"A": 1145.5842, "B": 1029.6642, "C": 824.7516})
	// Win rates count the tie as half: A 3.5 of 5, B (1+0.5+1) of 6, C 0 of 1.
	for name, w := range map[string]float64{"A": 3.5 / 5, "B": 2.5 / 6, "C": 0} {
		if got := byName(t, b, name).WinRate; math.Abs(got-w) > 1e-12 {
			t.Errorf("%s: win rate %v, want %v", name, got, w)
		}
	}
	a := byName(t, b, "A")
	if a.Wins != 3 || a.Losses != 1 || a.Ties != 1 || a.Votes != 5 {
		t.Errorf("A's record %+v, want 3 wins, 1 loss, 1 tie in 5 votes", a)
	}
}

// synthetic draws k votes between random pairs of targets whose true
// strengths are given, the winner drawn by the Bradley–Terry probability.
func synthetic(rng *rand.Rand, strength map[string]float64, k int) []Vote {
	var names []string
	for n := range strength {
		names = append(names, n)
	}
	// map order is random: sort for a deterministic draw
	for i := range names {
		for j := i + 1; j < len(names); j++ {
			if names[j] < names[i] {
				names[i], names[j] = names[j], names[i]
			}
		}
	}
	votes := make([]Vote, 0, k)
	for range k {
		i := rng.IntN(len(names))
		j := (i + 1 + rng.IntN(len(names)-1)) % len(names)
		a, b := names[i], names[j]
		if rng.Float64() < strength[a]/(strength[a]+strength[b]) {
			votes = append(votes, Better(a, b))
		} else {
			votes = append(votes, Better(b, a))
		}
	}
	return votes
}

// trueScores puts strengths on the board's scale: centred on 1000.
func trueScores(strength map[string]float64) map[string]float64 {
	mean := 0.0
	for _, s := range strength {
		mean += math.Log(s)
	}
	mean /= float64(len(strength))
	out := map[string]float64{}
	for n, s := range strength {
		out[n] = 1000 + 400/math.Ln10*(math.Log(s)-mean)
	}
	return out
}

func TestSyntheticRecoversOrderAndRatios(t *testing.T) {
	strength := map[string]float64{"w": 1, "x": 2, "y": 4, "z": 8}
	votes := synthetic(rand.New(rand.NewPCG(1, 2)), strength, 3000)
	b, err := Compute(votes, Options{Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	var order []string
	for _, e := range b.Entries {
		order = append(order, e.Target)
	}
	if got := strings.Join(order, ""); got != "zyxw" {
		t.Errorf("order %s, want zyxw", got)
	}
	truth := trueScores(strength)
	for _, e := range b.Entries {
		if w := truth[e.Target]; w < e.Low || w > e.High {
			t.Errorf("%s: true score %.1f outside the interval [%.1f, %.1f] (fit %.1f)", e.Target, w, e.Low, e.High, e.Score)
		}
		if !(e.Low <= e.Score && e.Score <= e.High) || e.High-e.Low > 100 {
			t.Errorf("%s: interval [%.1f, %.1f] around %.1f: want it to hold the score and be narrower than 100 points with 3000 votes", e.Target, e.Low, e.High, e.Score)
		}
	}
	// The ratio of the top two (true 2:1) within its interval, read from the
	// difference of their scores.
	z, y := byName(t, b, "z"), byName(t, b, "y")
	ratio := math.Pow(10, (z.Score-y.Score)/400)
	if math.Abs(ratio-2) > 0.3 {
		t.Errorf("z:y strength ratio %.2f, want about 2", ratio)
	}
	if len(b.NeedVotes) != 0 {
		t.Errorf("3000 votes over strengths 1:2:4:8 settle every pair, yet need votes: %+v", b.NeedVotes)
	}
}

// Over many independent data sets, a 95% interval should hold the truth
// about 95% of the time; a bootstrap whose intervals are too narrow (or a
// fit biased by its prior) shows here.
func TestIntervalCoverage(t *testing.T) {
	strength := map[string]float64{"a": 1, "b": 1.5, "c": 3}
	truth := trueScores(strength)
	held, total := 0, 0
	for seed := range uint64(40) {
		votes := synthetic(rand.New(rand.NewPCG(seed, 99)), strength, 300)
		b, err := Compute(votes, Options{Seed: seed, Rounds: 300})
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range b.Entries {
			total++
			if truth[e.Target] >= e.Low && truth[e.Target] <= e.High {
				held++
			}
		}
	}
	if rate := float64(held) / float64(total); rate < 0.88 || rate > 0.995 {
		t.Errorf("intervals held the true score %d of %d times (%.1f%%), want about 95%%", held, total, 100*rate)
	}
}

func TestNoWinsAndUnconnectedStayFinite(t *testing.T) {
	votes := []Vote{Better("A", "B"), Better("A", "B"), Better("A", "B"), // B never wins
		Better("C", "D")} // C and D never met A or B
	b, err := Compute(votes, Options{Seed: 1, Rounds: 200})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range b.Entries {
		for _, v := range []float64{e.Score, e.Low, e.High} {
			if math.IsInf(v, 0) || math.IsNaN(v) {
				t.Fatalf("%s: score %v [%v, %v]: want finite", e.Target, e.Score, e.Low, e.High)
			}
		}
	}
	if a, bb := byName(t, b, "A"), byName(t, b, "B"); !(a.Score > bb.Score) || bb.WinRate != 0 {
		t.Errorf("A %+v should rank above B %+v, B's win rate 0", a, bb)
	}
	if b.Entries[0].Target != "A" {
		t.Errorf("first %s, want A (three wins beat one)", b.Entries[0].Target)
	}
	// A and C never met: their cell says so.
	ai, ci := -1, -1
	for i, e := range b.Entries {
		switch e.Target {
		case "A":
			ai = i
		case "C":
			ci = i
		}
	}
	if wr := b.HeadToHead[ai][ci].WinRate(); wr != -1 {
		t.Errorf("A vs C win rate %v, want -1 (never met)", wr)
	}
}

func TestTiesAndBothBad(t *testing.T) {
	votes := []Vote{Tied("A", "B"), Tied("A", "B"), {Ranked: []string{"A", "B"}, BothBad: true}}
	b, err := Compute(votes, Options{Seed: 3, Rounds: 100})
	if err != nil {
		t.Fatal(err)
	}
	a, bb := byName(t, b, "A"), byName(t, b, "B")
	if math.Abs(a.Score-1000) > 1e-6 || math.Abs(bb.Score-1000) > 1e-6 {
		t.Errorf("all ties: scores %.4f and %.4f, want both 1000", a.Score, bb.Score)
	}
	if a.Ties != 3 || a.BothBad != 1 || a.WinRate != 0.5 {
		t.Errorf("A %+v: want 3 ties, 1 both-bad, win rate 0.5", a)
	}
	if len(b.NeedVotes) != 1 || b.NeedVotes[0].Games != 3 {
		t.Errorf("need votes %+v: want the one undecided pair with its 3 games", b.NeedVotes)
	}
}

func TestRankingCountsEveryPair(t *testing.T) {
	b, err := Compute([]Vote{{Ranked: []string{"C", "A", "B", "D"}}}, Options{Rounds: -1})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][2]int{"C": {3, 0}, "A": {2, 1}, "B": {1, 2}, "D": {0, 3}}
	var order []string
	for _, e := range b.Entries {
		order = append(order, e.Target)
		if w := want[e.Target]; e.Wins != w[0] || e.Losses != w[1] || e.Votes != 1 {
			t.Errorf("%s: %d wins %d losses %d votes, want %v in 1 vote", e.Target, e.Wins, e.Losses, e.Votes, w)
		}
	}
	if got := strings.Join(order, ""); got != "CABD" {
		t.Errorf("order %s, want CABD", got)
	}
}

func TestDeterministicWithSeed(t *testing.T) {
	votes := synthetic(rand.New(rand.NewPCG(5, 5)), map[string]float64{"p": 1, "q": 1.2, "r": 1.1}, 200)
	one, _ := Compute(votes, Options{Seed: 42, Rounds: 200})
	two, _ := Compute(votes, Options{Seed: 42, Rounds: 200})
	if !reflect.DeepEqual(one, two) {
		t.Error("the same votes and seed gave two boards")
	}
	other, _ := Compute(votes, Options{Seed: 43, Rounds: 200})
	if reflect.DeepEqual(one.Entries, other.Entries) {
		t.Error("another seed gave the very same intervals: is the seed used?")
	}
}

func TestInvalidVoteNamed(t *testing.T) {
	for _, v := range []Vote{{Ranked: []string{"A"}}, {Ranked: []string{"A", "A"}}, {Ranked: []string{"A", ""}}} {
		_, err := Compute([]Vote{Better("A", "B"), v}, Options{})
		if err == nil || !strings.Contains(err.Error(), "vote 1: vote: ranked") {
			t.Errorf("%+v: error %v, want one naming vote 1's ranked field", v, err)
		}
	}
	b, err := Compute(nil, Options{})
	if err != nil || len(b.Entries) != 0 {
		t.Errorf("no votes: %+v, %v", b, err)
	}
}

func BenchmarkBoard(b *testing.B) {
	for _, c := range []struct{ votes, targets int }{{5000, 12}, {10000, 20}} {
		strength := map[string]float64{}
		for i := range c.targets {
			strength[fmt.Sprintf("t%02d", i)] = math.Pow(1.15, float64(i))
		}
		votes := synthetic(rand.New(rand.NewPCG(1, 1)), strength, c.votes)
		b.Run(fmt.Sprintf("votes=%d/targets=%d/rounds=1000", c.votes, c.targets), func(b *testing.B) {
			cpu0 := cpuTime()
			for b.Loop() {
				if _, err := Compute(votes, Options{Seed: 1}); err != nil {
					b.Fatal(err)
				}
			}
			// The machine is shared: CPU time says more than wall time.
			b.ReportMetric(float64((cpuTime()-cpu0).Milliseconds())/float64(b.N), "cpu-ms/op")
		})
	}
}

// One vote resampled is always that vote: the bootstrap alone would give an
// interval of width zero and call the pair settled. The normal
// approximation keeps the interval as wide as one vote leaves it.
func TestFewVotesKeepWideIntervals(t *testing.T) {
	b, err := Compute([]Vote{Better("A", "B")}, Options{Seed: 1, Rounds: 200})
	if err != nil {
		t.Fatal(err)
	}
	a := byName(t, b, "A")
	if a.High-a.Low < 300 || a.Low > 1000 {
		t.Errorf("A after one vote: %.0f [%.0f, %.0f]: want an interval reaching below the middle", a.Score, a.Low, a.High)
	}
	if len(b.NeedVotes) != 1 || b.NeedVotes[0].Low > 0 {
		t.Errorf("one vote settles nothing, yet need votes = %+v", b.NeedVotes)
	}
}

// The percentiles read by selection are those of a sort, for every length
// and with ties.
func TestPercentilesAsSorted(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for n := 1; n < 300; n++ {
		xs := make([]float64, n)
		for i := range xs {
			xs[i] = float64(rng.IntN(n/3 + 1)) // ties
			if n%2 == 0 {
				xs[i] = rng.NormFloat64()
			}
		}
		sorted := slices.Clone(xs)
		slices.Sort(sorted)
		wantLo, wantHi := quantile(sorted, (1-level)/2), quantile(sorted, (1+level)/2)
		lo, hi := percentiles(slices.Clone(xs))
		if lo != wantLo || hi != wantHi {
			t.Fatalf("n=%d: [%v, %v], sorted gives [%v, %v]", n, lo, hi, wantLo, wantHi)
		}
	}
}

// The bootstrap's rounds are shared among workers: the board is the same
// however many ran them.
func TestBoardSameOnAnyNumberOfCores(t *testing.T) {
	strength := map[string]float64{"a": 1, "b": 1.5, "c": 2, "d": 3}
	votes := synthetic(rand.New(rand.NewPCG(3, 3)), strength, 400)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	one, err := Compute(votes, Options{Seed: 9, Rounds: 300})
	if err != nil {
		t.Fatal(err)
	}
	runtime.GOMAXPROCS(4)
	four, err := Compute(votes, Options{Seed: 9, Rounds: 300})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(one, four) {
		t.Fatalf("one core:\n%+v\nfour:\n%+v", one, four)
	}
}
