package rank

import (
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// kinds groups votes that are the same judgement (the same targets in the
// same order, tied or not): a board of pairwise votes over n targets has at
// most 1.5·n² kinds, however many votes, so a resample is tallied per kind.
type kinds struct {
	games [][]game // the games of each kind
	of    []int32  // of[k]: the kind of vote k
}

func kindsOf(votes []Vote, idx map[string]int) kinds {
	var ks kinds
	byKey := map[string]int32{}
	var key strings.Builder
	for _, v := range votes {
		key.Reset()
		key.WriteString(strconv.FormatBool(v.Tie || v.BothBad))
		for _, t := range v.Ranked {
			key.WriteByte(' ')
			key.WriteString(strconv.Itoa(idx[t]))
		}
		k, ok := byKey[key.String()]
		if !ok {
			k = int32(len(ks.games))
			byKey[key.String()] = k
			ks.games = append(ks.games, v.games(idx, nil))
		}
		ks.of = append(ks.of, k)
	}
	return ks
}

// samples holds a bootstrap's scores: round r's score of target i is
// at[r*n+i].
type samples struct {
	n, rounds int
	at        []float64
}

// bootstrap refits opt.Rounds resamples of the votes, each starting from the
// full fit logp. Nil when there are no rounds to run.
//
// The rounds are shared among up to one worker per core: each round draws
// from a random stream of its own (the seed and the round's number), so
// the samples are the same however many workers ran them, and a board
// opens in about half the time on two cores.
func bootstrap(n int, ks kinds, logp []float64, opt Options) *samples {
	if opt.Rounds <= 0 || len(ks.of) == 0 {
		return nil
	}
	s := &samples{n: n, rounds: opt.Rounds, at: make([]float64, opt.Rounds*n)}
	workers := min(runtime.GOMAXPROCS(0), maxWorkers, opt.Rounds)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			r := newResampler(n, len(ks.games))
			for round := w; round < opt.Rounds; round += workers {
				r.round(ks, logp, opt, round, s.at[round*n:(round+1)*n])
			}
		})
	}
	wg.Wait()
	return s
}

// maxWorkers bounds the bootstrap's goroutines on a machine of many cores.
const maxWorkers = 8

// resampler is one worker's buffers, reused round after round.
type resampler struct {
	t     *tally
	count []float64
	start []float64
	score []float64
}

func newResampler(n, kinds int) *resampler {
	return &resampler{t: newTally(n), count: make([]float64, kinds), start: make([]float64, n), score: make([]float64, 0, n)}
}

// round draws the votes of round number round with replacement, refits
// them and writes the ratings to out.
func (r *resampler) round(ks kinds, logp []float64, opt Options, round int, out []float64) {
	votes := len(ks.of)
	rng := rand.New(rand.NewPCG(opt.Seed, 0x5eed+uint64(round)))
	// Two draws per random word: an index is the top 32 bits of 32 random
	// bits times the number of votes (Lemire's multiply-shift), biased by
	// at most votes/2³², far below the bootstrap's own noise, at a third
	// of IntN's cost.
	clear(r.count)
	for d := 0; d < votes; d += 2 {
		x := rng.Uint64()
		r.count[ks.of[(x>>32)*uint64(votes)>>32]]++
		if d+1 < votes {
			r.count[ks.of[(x&math.MaxUint32)*uint64(votes)>>32]]++
		}
	}
	r.t.reset()
	for k, c := range r.count {
		if c > 0 {
			r.t.add(ks.games[k], c)
		}
	}
	copy(r.start, logp)
	r.score = ratings(fit(r.t, opt.Prior, r.start), r.score)
	copy(out, r.score)
}

// level is the interval's coverage.
const level = 0.95

// interval is the 95% percentile interval of target i's score.
func (s *samples) interval(i int) (lo, hi float64) {
	col := make([]float64, s.rounds)
	for r := range col {
		col[r] = s.at[r*s.n+i]
	}
	return percentiles(col)
}

// diffInterval is the 95% percentile interval of score(i) - score(j).
func (s *samples) diffInterval(i, j int) (lo, hi float64) {
	col := make([]float64, s.rounds)
	for r := range col {
		col[r] = s.at[r*s.n+i] - s.at[r*s.n+j]
	}
	return percentiles(col)
}

// percentiles reads the (1-level)/2 and (1+level)/2 quantiles of xs,
// interpolating between neighbours, as a sort would give them; xs is
// reordered. A selection of the four values they need, not a sort: the
// board reads an interval for every target and every pair (190 pairs of
// 1,000 rounds for 20 targets), and sorting them was a fifth of its work.
func percentiles(xs []float64) (lo, hi float64) {
	n := len(xs)
	if n == 0 {
		return 0, 0
	}
	hi = interpolated(xs, quantileIndex((1+level)/2, n), (1+level)/2)
	lo = interpolated(xs, quantileIndex((1-level)/2, n), (1-level)/2)
	return lo, hi
}

// quantileIndex is the index below quantile q of n sorted values.
func quantileIndex(q float64, n int) int { return int(math.Floor(q * float64(n-1))) }

// interpolated selects the k-th and (k+1)-th smallest of xs and
// interpolates between them at q·(len(xs)-1), as quantile does on a sorted
// slice.
func interpolated(xs []float64, k int, q float64) float64 {
	selectKth(xs, k)
	if k+1 >= len(xs) {
		return xs[k]
	}
	next := slices.Min(xs[k+1:])
	f := q*float64(len(xs)-1) - float64(k)
	return xs[k]*(1-f) + next*f
}

// selectKth reorders xs so that xs[k] is the value a sort would put there,
// with nothing larger before it and nothing smaller after (Hoare's
// selection, a median of three for the pivot).
func selectKth(xs []float64, k int) {
	lo, hi := 0, len(xs)-1
	for hi-lo > 16 {
		mid := lo + (hi-lo)/2
		if xs[mid] < xs[lo] {
			xs[mid], xs[lo] = xs[lo], xs[mid]
		}
		if xs[hi] < xs[lo] {
			xs[hi], xs[lo] = xs[lo], xs[hi]
		}
		if xs[hi] < xs[mid] {
			xs[hi], xs[mid] = xs[mid], xs[hi]
		}
		p := xs[mid]
		i, j := lo, hi
		for i <= j {
			for xs[i] < p {
				i++
			}
			for xs[j] > p {
				j--
			}
			if i <= j {
				xs[i], xs[j] = xs[j], xs[i]
				i++
				j--
			}
		}
		switch {
		case k <= j:
			hi = j
		case k >= i:
			lo = i
		default:
			return // between j and i every value equals the pivot
		}
	}
	slices.Sort(xs[lo : hi+1])
}

func quantile(sorted []float64, q float64) float64 {
	pos := q * float64(len(sorted)-1)
	k := int(math.Floor(pos))
	if k+1 >= len(sorted) {
		return sorted[len(sorted)-1]
	}
	f := pos - float64(k)
	return sorted[k]*(1-f) + sorted[k+1]*f
}
