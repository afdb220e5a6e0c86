package rank

import (
	"cmp"
	"fmt"
	"math"
	"slices"
)

// Options tune Compute; the zero value means the defaults.
type Options struct {
	// Rounds of the bootstrap (default 1000; negative: none, and the
	// intervals are the score itself).
	Rounds int
	// Seed of the bootstrap's random source.
	Seed uint64
	// Prior is the number of virtual drawn games each target plays against
	// a reference of strength 1 (default 1; negative: none, which only
	// well-connected boards where everyone won and lost can take).
	Prior float64
	// NeedVotes is how many pairs Board.NeedVotes lists at most (default 5).
	NeedVotes int
}

func (o Options) withDefaults() Options {
	if o.Rounds == 0 {
		o.Rounds = 1000
	}
	if o.Prior == 0 {
		o.Prior = 1
	}
	if o.Prior < 0 {
		o.Prior = 0
	}
	if o.NeedVotes == 0 {
		o.NeedVotes = 5
	}
	return o
}

// Entry is one target's line on the board.
type Entry struct {
	Target string  `json:"target"`
	Score  float64 `json:"score"` // Elo scale, the board averaging 1000
	Low    float64 `json:"low"`   // 95% interval of Score
	High   float64 `json:"high"`
	Votes  int     `json:"votes"` // votes the target was judged in
	Wins   int     `json:"wins"`  // pairs won, lost and drawn
	Losses int     `json:"losses"`
	Ties   int     `json:"ties"`
	// BothBad counts the votes that found every reply, this one's too, bad.
	BothBad int     `json:"both_bad"`
	WinRate float64 `json:"win_rate"` // (wins + ties/2) / pairs
	// RankBest and RankWorst are the rank as a range, Group the tied group
	// (ranges.go).
	RankBest  int `json:"rank_best"`
	RankWorst int `json:"rank_worst"`
	Group     int `json:"group"`
}

// Cell is one target's record against another.
type Cell struct {
	Games float64 `json:"games"`
	Score float64 `json:"score"` // wins plus half the ties of the row's target
}

// WinRate is the row target's share of the games; -1 when they never met.
func (c Cell) WinRate() float64 {
	if c.Games == 0 {
		return -1
	}
	return c.Score / c.Games
}

// Pair is two targets whose order the votes have not settled.
type Pair struct {
	A     string  `json:"a"`
	B     string  `json:"b"`
	Games int     `json:"games"` // games between them
	Low   float64 `json:"low"`   // 95% interval of Score(A) - Score(B)
	High  float64 `json:"high"`
	// MoreVotes is about how many more votes between them would settle
	// their order at the fitted win rate; -1 at an even rate (ranges.go).
	MoreVotes int `json:"more_votes"`
}

// Board is the leaderboard of a set of votes.
type Board struct {
	Entries []Entry `json:"entries"` // best first
	Votes   int     `json:"votes"`
	Rounds  int     `json:"bootstrap_rounds"`
	// HeadToHead[i][j] is Entries[i]'s record against Entries[j].
	HeadToHead [][]Cell `json:"head_to_head"`
	// NeedVotes are the pairs whose difference the interval does not yet
	// decide, the widest first (fewest games breaking ties).
	NeedVotes []Pair `json:"need_votes"`
	// Style is the style-controlled fit beside this one; nil when the
	// votes carry no styles (images, video).
	Style *StyleFit `json:"style,omitempty"`
}

// Compute ranks the targets of votes. An invalid vote is an error naming it.
func Compute(votes []Vote, opt Options) (Board, error) {
	opt = opt.withDefaults()
	var names []string
	idx := map[string]int{}
	for k, v := range votes {
		if err := v.check(); err != nil {
			return Board{}, fmt.Errorf("vote %d: %w", k, err)
		}
		for _, t := range v.Ranked {
			if _, ok := idx[t]; !ok {
				idx[t] = len(names)
				names = append(names, t)
			}
		}
	}
	n := len(names)
	b := Board{Votes: len(votes), Rounds: max(opt.Rounds, 0)}
	if n == 0 {
		return b, nil
	}
	ks := kindsOf(votes, idx)
	t := newTally(n)
	kindCount := make([]float64, len(ks.games))
	for _, k := range ks.of {
		kindCount[k]++
	}
	for k, gs := range ks.games {
		t.add(gs, kindCount[k])
	}
	logp := fit(t, opt.Prior, nil)
	score := ratings(logp, nil)
	boot := bootstrap(n, ks, logp, opt)
	wald := newSpread(covariance(t, opt.Prior, logp), n)

	entries := make([]Entry, n)
	for i, name := range names {
		entries[i] = Entry{Target: name, Score: score[i], Low: score[i], High: score[i]}
		if boot != nil {
			lo, hi := boot.interval(i)
			hw := wald.centered(i)
			entries[i].Low, entries[i].High = min(lo, score[i]-hw), max(hi, score[i]+hw)
		}
	}
	for _, v := range votes {
		for _, name := range v.Ranked {
			e := &entries[idx[name]]
			e.Votes++
			if v.BothBad {
				e.BothBad++
			}
		}
	}
	won := make([]float64, n*n) // won[i*n+j]: what i scored against j
	for k, gs := range ks.games {
		c := kindCount[k]
		for _, g := range gs {
			won[g.i*n+g.j] += c * g.s
			won[g.j*n+g.i] += c * (1 - g.s)
			switch g.s {
			case 1:
				entries[g.i].Wins += int(c)
				entries[g.j].Losses += int(c)
			case 0.5:
				entries[g.i].Ties += int(c)
				entries[g.j].Ties += int(c)
			}
		}
	}
	for i := range entries {
		e := &entries[i]
		if games := e.Wins + e.Losses + e.Ties; games > 0 {
			e.WinRate = (float64(e.Wins) + float64(e.Ties)/2) / float64(games)
		}
	}

	order := make([]int, n) // order[r] is the target at rank r
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(x, y int) int {
		return cmp.Or(cmp.Compare(score[y], score[x]), cmp.Compare(names[x], names[y]))
	})
	for _, i := range order {
		b.Entries = append(b.Entries, entries[i])
		row := make([]Cell, n)
		for c, j := range order {
			if i != j {
				row[c] = Cell{Games: t.games[i*n+j], Score: won[i*n+j]}
			}
		}
		b.HeadToHead = append(b.HeadToHead, row)
	}
	b.NeedVotes = needVotes(names, order, t, score, boot, wald, opt.NeedVotes)
	settle(b.NeedVotes, names, score, idx)
	rankRanges(b.Entries)
	style, err := styleFit(votes, names, idx, opt)
	if err != nil {
		return Board{}, err
	}
	b.Style = style
	return b, nil
}

// needVotes lists up to k pairs whose difference is undecided: the interval
// of Score(A)-Score(B) holds 0. Widest first; with no bootstrap, the pairs
// that met least.
func needVotes(names []string, order []int, t *tally, score []float64, boot *samples, wald spread, k int) []Pair {
	var out []Pair
	for r, i := range order {
		for _, j := range order[r+1:] {
			p := Pair{A: names[i], B: names[j], Games: int(t.games[i*t.n+j])}
			p.Low, p.High = score[i]-score[j], score[i]-score[j]
			if boot != nil {
				lo, hi := boot.diffInterval(i, j)
				d, hw := score[i]-score[j], wald.diff(i, j)
				p.Low, p.High = min(lo, d-hw), max(hi, d+hw)
			}
			if boot == nil || (p.Low <= 0 && p.High >= 0) {
				out = append(out, p)
			}
		}
	}
	slices.SortStableFunc(out, func(x, y Pair) int {
		return cmp.Or(cmp.Compare(y.High-y.Low, x.High-x.Low), cmp.Compare(x.Games, y.Games))
	})
	return out[:min(k, len(out))]
}

// z95 is the normal distribution's 97.5th percentile.
const z95 = 1.959964

// spread gives the half-widths of 95% intervals by the normal
// approximation: the likelihood's curvature at the fit. They widen the
// bootstrap's intervals where it cannot see: a few votes resampled are
// mostly the same few votes (one vote, always the same one), so its
// intervals shrink to nothing exactly where the votes say least. Where
// votes are many, the two agree and the bootstrap's stands.
type spread struct {
	n   int
	cov []float64 // covariance of the log-strengths; nil: no widening
}

func newSpread(cov []float64, n int) spread { return spread{n: n, cov: cov} }

// centered is the half-width for target i's score, which is measured from
// the targets' mean.
func (s spread) centered(i int) float64 {
	if s.cov == nil {
		return 0
	}
	n := float64(s.n)
	row, all := 0.0, 0.0
	for j := 0; j < s.n; j++ {
		row += s.cov[i*s.n+j]
		for k := 0; k < s.n; k++ {
			all += s.cov[j*s.n+k]
		}
	}
	v := s.cov[i*s.n+i] - 2*row/n + all/(n*n)
	return z95 * eloScale * math.Sqrt(max(v, 0))
}

// diff is the half-width for the difference of the scores of i and j.
func (s spread) diff(i, j int) float64 {
	if s.cov == nil {
		return 0
	}
	v := s.cov[i*s.n+i] + s.cov[j*s.n+j] - 2*s.cov[i*s.n+j]
	return z95 * eloScale * math.Sqrt(max(v, 0))
}
