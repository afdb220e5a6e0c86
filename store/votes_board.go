package store

import (
	"context"
	"fmt"

	"atelier/store/rank"
)

// BoardSeed seeds the bootstrap of every leaderboard, so the same votes
// give the same board in `atelier leaderboard` and in the Arena tab.
const BoardSeed = 16

// BoardRounds is the bootstrap's rounds unless told otherwise.
const BoardRounds = 1000

// Boards ranks votes as the command line and the Arena tab show them: the
// blind votes fitted, with rounds bootstrap rounds for the intervals (0:
// none), and the votes cast with the names shown counted apart, never
// fitted (open has no intervals).
func Boards(votes []Vote, rounds int) (blind, open rank.Board, err error) {
	return StyledBoards(votes, nil, rounds)
}

// StyledBoards is Boards with the answers' styles (VoteStyles): the blind
// board carries the style-controlled fit too when every blind vote's
// answers have one.
func StyledBoards(votes []Vote, styles VoteStyles, rounds int) (blind, open rank.Board, err error) {
	var b, o []rank.Vote
	for _, v := range votes {
		names, tie, bad := v.Ranked()
		rv := rank.Vote{Ranked: names, Tie: tie, BothBad: bad}
		if v.Blind {
			rv.Styles = styles.styles(v, names)
			b = append(b, rv)
		} else {
			o = append(o, rv)
		}
	}
	if rounds == 0 {
		rounds = -1 // rank's "none"
	}
	if blind, err = rank.Compute(b, rank.Options{Rounds: rounds, Seed: BoardSeed}); err != nil {
		return rank.Board{}, rank.Board{}, err
	}
	if open, err = rank.Compute(o, rank.Options{Rounds: -1}); err != nil {
		return rank.Board{}, rank.Board{}, err
	}
	return blind, open, nil
}

// RankedVotes lists the votes f selects as Boards needs them, oldest first
// as Votes lists them: each vote's ID, Kind, Verdict and Blind, and its
// targets' Letter and Target; every other field is left zero. Six
// columns where Votes reads fifteen: with 10,000 votes it reads them in
// about 40% less CPU time (BENCHMARKS.md).
func (s *Store) RankedVotes(ctx context.Context, f VoteFilter) ([]Vote, error) {
	where, args, err := voteWhere(f)
	if err != nil {
		return nil, err
	}
	rows, err := s.r.QueryContext(ctx, `SELECT v.id, v.kind, v.verdict, v.blind, t.letter, t.target
		FROM votes v JOIN vote_targets t ON t.vote_id = v.id
		WHERE `+where+` ORDER BY v.created_at, v.id, t.letter`, args...)
	if err != nil {
		return nil, fmt.Errorf("votes: %w", err)
	}
	return votesOf(rows, func(v *Vote, t *VoteTarget) error {
		return rows.Scan(&v.ID, &v.Kind, &v.Verdict, &v.Blind, &t.Letter, &t.Target)
	})
}

// BoardsStamp sums up what the leaderboards are computed from — the votes
// (cast or withdrawn), the tags that filter them and the ratings given in
// Compare — in a few counts read from the tables' ends: while it stays
// the same, a board computed again would come out the same, so a view
// that follows the store recomputes one (a bootstrap of thousands of
// votes) only when it moved. The sums are weighted by row, so that two
// changes that undo each other's counts still move it. Compare stamps
// only with each other.
func (s *Store) BoardsStamp(ctx context.Context) (string, error) {
	var stamp string
	err := s.r.QueryRowContext(ctx, `SELECT
		(SELECT count(*) || '.' || ifnull(max(id), 0) || '.' || total(withdrawn_at) FROM votes) || '/' ||
		(SELECT count(*) || '.' || ifnull(max(rowid), 0) || '.' || total(rowid * unicode(tag) * length(tag)) FROM tags) || '/' ||
		(SELECT count(*) || '.' || total((rating + 7 * winner) * ((conversation_id * 1024 + turn) * 8 + lane + 1)) FROM compare_lanes) || '/' ||
		(SELECT count(*) || '.' || total(created_at) FROM judge_verdicts)`).Scan(&stamp)
	if err != nil {
		return "", fmt.Errorf("leaderboards: %w", err)
	}
	return stamp, nil
}
