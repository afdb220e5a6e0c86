// Package rank turns the arena's votes into a leaderboard: a Bradley–Terry
// fit of pairwise outcomes with bootstrap intervals, win rates, a
// head-to-head matrix and the pairs that most need more votes. It does no
// I/O: the store returns votes, the command line and the screens show the
// board.
//
// The model: target i has a strength p_i > 0 and beats j with probability
// p_i/(p_i+p_j). A vote between two targets is one game; a ranking of n
// targets (CABD) is every pair it orders, n(n-1)/2 games, each as a win for
// the one ranked higher. A tie counts half a win to each side. "Both bad"
// is a tie too, as the LMSYS arena counts it: neither reply was preferred,
// and dropping those votes would hide that two targets were found equally
// wanting. Board keeps the count of both-bad votes apart so a reader can
// tell them from plain ties.
//
// The fit maximises the likelihood by Newton's method (see fit), with a
// weak prior:
// every target plays Options.Prior virtual games, drawn, against a fixed
// reference of strength 1. Without it a target that never won would get
// strength 0 (a score of minus infinity) and two groups of targets never
// compared with each other would float apart without bound; with it every
// score is finite and an unconnected target sits near the middle until votes
// move it. One virtual game is little beside tens of real ones.
//
// Scores are shown on the familiar Elo scale: 400·log10(p_i), shifted so the
// targets average 1000. A difference of 400 points means 10:1 odds.
//
// The 95% interval comes from a bootstrap: the votes are resampled with
// replacement (a ranking stays whole, since its pairs were judged together),
// the fit is run again, and the 2.5th and 97.5th percentiles of each score
// are read off. The random source is seeded, so a board is the same each
// time it is computed from the same votes. With few votes resampling cannot
// show how little they say (one vote resampled is always that vote), so an
// interval is widened, where narrower, to the normal approximation's from
// the likelihood's curvature; with many votes the two agree.
package rank
