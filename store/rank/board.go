package rank

import (
	"cmp"
	"fmt"
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
	A, B  string
	Games int     `json:"games"` // games between them
	Low   float64 `json:"low"`   // 95% interval of Score(A) - Score(B)
	High  float64 `json:"high"`
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

	entries := make([]Entry, n)
	for i, name := range names {
		entries[i] = Entry{Target: name, Score: score[i], Low: score[i], High: score[i]}
		if boot != nil {
			entries[i].Low, entries[i].High = boot.interval(i)
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
	b.NeedVotes = needVotes(names, order, t, score, boot, opt.NeedVotes)
	return b, nil
}

// needVotes lists up to k pairs whose difference is undecided: the interval
// of Score(A)-Score(B) holds 0. Widest first; with no bootstrap, the pairs
// that met least.
func needVotes(names []string, order []int, t *tally, score []float64, boot *samples, k int) []Pair {
	var out []Pair
	for r, i := range order {
		for _, j := range order[r+1:] {
			p := Pair{A: names[i], B: names[j], Games: int(t.games[i*t.n+j])}
			p.Low, p.High = score[i]-score[j], score[i]-score[j]
			if boot != nil {
				p.Low, p.High = boot.diffInterval(i, j)
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
