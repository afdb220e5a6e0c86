package rank

import (
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
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
func bootstrap(n int, ks kinds, logp []float64, opt Options) *samples {
	votes := len(ks.of)
	if opt.Rounds <= 0 || votes == 0 {
		return nil
	}
	s := &samples{n: n, rounds: opt.Rounds, at: make([]float64, 0, opt.Rounds*n)}
	rng := rand.New(rand.NewPCG(opt.Seed, 0x5eed))
	t := newTally(n)
	count := make([]float64, len(ks.games))
	start := make([]float64, n)
	score := make([]float64, 0, n)
	for range opt.Rounds {
		// Draw votes with replacement, two per random word: an index is
		// the top 32 bits of 32 random bits times the number of votes
		// (Lemire's multiply-shift), biased by at most votes/2³², far
		// below the bootstrap's own noise, at a third of IntN's cost.
		clear(count)
		for d := 0; d < votes; d += 2 {
			r := rng.Uint64()
			count[ks.of[(r>>32)*uint64(votes)>>32]]++
			if d+1 < votes {
				count[ks.of[(r&math.MaxUint32)*uint64(votes)>>32]]++
			}
		}
		t.reset()
		for k, c := range count {
			if c > 0 {
				t.add(ks.games[k], c)
			}
		}
		copy(start, logp)
		score = ratings(fit(t, opt.Prior, start), score)
		s.at = append(s.at, score...)
	}
	return s
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

// percentiles sorts xs and reads the (1-level)/2 and (1+level)/2 quantiles,
// interpolating between neighbours.
func percentiles(xs []float64) (lo, hi float64) {
	slices.Sort(xs)
	return quantile(xs, (1-level)/2), quantile(xs, (1+level)/2)
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
