package share

import (
	"context"
	"fmt"
	"math"
	"strings"

	"atelier/store"
	"atelier/store/rank"
)

// boardView is a leaderboard as `atelier leaderboard` prints it: the
// blind votes fitted, each target's score with its 95% interval drawn
// on one scale, then the pairs not settled yet.
type boardView struct {
	Kind    string
	Title   string // the kind, capitalised
	Rater   string
	Votes   int
	Rounds  int
	Entries []entryView
	Need    []rank.Pair
	Agree   []store.Agreement
}

type entryView struct {
	rank.Entry
	Rank int
	// The interval and the score on a 0–300 scale shared by every row.
	X1, X2, Dot string
}

// BoardOptions says which votes a shared leaderboard ranks.
type BoardOptions struct {
	Kind   store.VoteKind
	Filter store.VoteFilter // its Kind is set from Kind
	Rounds int              // bootstrap rounds; 0: store.BoardRounds
}

func boardSection(ctx context.Context, db *store.Store, o BoardOptions) (section, error) {
	if o.Kind == "" {
		o.Kind = store.VoteChat
	}
	o.Filter.Kind = o.Kind
	if o.Rounds == 0 {
		o.Rounds = store.BoardRounds
	}
	votes, err := db.RankedVotes(ctx, o.Filter)
	if err != nil {
		return section{}, err
	}
	b, _, err := store.Boards(votes, o.Rounds)
	if err != nil {
		return section{}, fmt.Errorf("share leaderboard: %w", err)
	}
	v := &boardView{Kind: string(o.Kind), Title: strings.ToUpper(string(o.Kind)[:1]) + string(o.Kind)[1:], Rater: o.Filter.Rater, Votes: b.Votes, Rounds: b.Rounds, Need: b.NeedVotes}
	if v.Agree, err = db.Agreements(ctx, o.Filter); err != nil {
		return section{}, err
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, e := range b.Entries {
		lo, hi = math.Min(lo, e.Low), math.Max(hi, e.High)
	}
	x := func(f float64) string {
		if hi <= lo {
			return "150"
		}
		return fmt.Sprintf("%.1f", 10+280*(f-lo)/(hi-lo))
	}
	for i, e := range b.Entries {
		v.Entries = append(v.Entries, entryView{Entry: e, Rank: i + 1, X1: x(e.Low), X2: x(e.High), Dot: x(e.Score)})
	}
	return section{Board: v}, nil
}
