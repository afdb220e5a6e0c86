package rank

import "math"

// Ranks as ranges. A handful of votes can reorder a board, so a target's
// rank is shown as the ranks its interval allows, as public arenas show
// them: its best rank is 1 + the number of targets whose lower bound is
// above its upper bound (those it is surely behind), its worst the number
// of targets less those whose upper bound is below its lower bound (those
// it is surely ahead of). Targets whose intervals all overlap each other
// form a group, statistically tied: from the top, a target joins the group
// above it when its interval reaches every one of the group's (a chain,
// A overlapping B overlapping C, can hold A and C apart: they are not
// tied).

// rankRanges sets the RankBest, RankWorst and Group of es, which are
// sorted best first.
func rankRanges(es []Entry) {
	for i := range es {
		above, below := 0, 0
		for j := range es {
			switch {
			case j == i:
			case es[j].Low > es[i].High:
				above++
			case es[j].High < es[i].Low:
				below++
			}
		}
		es[i].RankBest, es[i].RankWorst = 1+above, len(es)-below
	}
	// Sorted by score, a lower target overlaps a higher one when its High
	// reaches the other's Low: it overlaps the whole group when it reaches
	// the highest Low of the group.
	group, top := 1, math.Inf(-1) // top: the highest Low of the group so far
	for i := range es {
		if i > 0 && es[i].High < top {
			group++
			top = math.Inf(-1)
		}
		es[i].Group = group
		top = max(top, es[i].Low)
	}
}

// settleZ is the z of the test that would settle a pair: the two-sided
// 95% level of the intervals.
const settleZ = z95

// settle sets each pair's MoreVotes: the votes between them that would
// put 0 outside a 95% interval of their difference if the fitted win rate
// p = σ(Δ) held (Δ the difference in natural log-strength). n games
// between two targets measure logit p with a standard error of
// 1/√(n·p·(1−p)); the difference is settled when |Δ| > z·that, that is
// with n > z² / (p·(1−p)·Δ²) games. MoreVotes is that n less the games
// they have played, at least 1 (the pair is open now); -1 when the rate is
// even (no number of votes separates two equal targets).
func settle(ps []Pair, names []string, score []float64, idx map[string]int) {
	for k := range ps {
		ps[k].MoreVotes = moreVotes(score[idx[ps[k].A]]-score[idx[ps[k].B]], ps[k].Games)
	}
}

// moreVotes is settle's figure for a difference of diff points after games
// games.
func moreVotes(diff float64, games int) int {
	d := diff / eloScale
	if math.Abs(d) < 1e-6 {
		return -1
	}
	p := sigmoid(d)
	need := settleZ * settleZ / (p * (1 - p) * d * d)
	if need > 1e9 {
		return -1
	}
	return max(int(math.Ceil(need))-games, 1)
}
