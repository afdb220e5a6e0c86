package main

import (
	"context"
	"fmt"
	"io"
	"math"
	"strings"

	"atelier/store"
	"atelier/store/rank"
)

// boardOf is the leaderboard of the votes f selects: chat boards with the
// answers' styles, so that the style-controlled fit stands beside the
// plain one; image and video boards without.
func boardOf(ctx context.Context, db *store.Store, f store.VoteFilter, rounds int) (leaderboard, error) {
	votes, err := db.Votes(ctx, f)
	if err != nil {
		return leaderboard{}, err
	}
	var styles store.VoteStyles
	if f.Kind == store.VoteChat {
		if styles, err = db.VoteStyles(ctx, f); err != nil {
			return leaderboard{}, err
		}
	}
	return leaderboardOf(votes, styles, rounds)
}

// rankText is a rank as a range: "2" when settled, "1–3" when not.
func rankText(e rank.Entry) string {
	if e.RankBest == e.RankWorst {
		return fmt.Sprint(e.RankBest)
	}
	return fmt.Sprintf("%d–%d", e.RankBest, e.RankWorst)
}

// printEntries is the board's table, the style-controlled score beside
// the plain one when there is one, then the statistically tied groups.
func printEntries(w io.Writer, b rank.Board) {
	styled := map[string]rank.Entry{}
	if b.Style != nil {
		for _, e := range b.Style.Entries {
			styled[e.Target] = e
		}
	}
	tw := columns(w)
	head := "RANK\tTARGET\tSCORE\t95% INTERVAL"
	if b.Style != nil {
		head += "\tSTYLE-CONTROLLED\tRANK"
	}
	fmt.Fprintln(tw, head+"\tVOTES\tWIN RATE\tBOTH BAD")
	for _, e := range b.Entries {
		fmt.Fprintf(tw, "%s\t%s\t%.0f\t%.0f – %.0f", rankText(e), e.Target, e.Score, e.Low, e.High)
		if s, ok := styled[e.Target]; ok {
			fmt.Fprintf(tw, "\t%.0f (%.0f – %.0f)\t%s", s.Score, s.Low, s.High, rankText(s))
		}
		fmt.Fprintf(tw, "\t%d\t%.0f%%\t%d\n", e.Votes, 100*e.WinRate, e.BothBad)
	}
	tw.Flush()
	for _, g := range tiedGroups(b.Entries) {
		fmt.Fprintf(w, "Statistically tied (intervals overlap): %s\n", strings.Join(g, ", "))
	}
}

// tiedGroups are the groups of more than one target, each best first.
func tiedGroups(es []rank.Entry) [][]string {
	var out [][]string
	for i := 0; i < len(es); {
		j := i
		for j < len(es) && es[j].Group == es[i].Group {
			j++
		}
		if j-i > 1 {
			var g []string
			for _, e := range es[i:j] {
				g = append(g, e.Target)
			}
			out = append(out, g)
		}
		i = j
	}
	return out
}

// printStyle says what the style features are worth.
func printStyle(w io.Writer, f *rank.StyleFit) {
	if f == nil {
		return
	}
	fmt.Fprintf(w, "\nStyle (the votes fitted again with these held equal):\n")
	for _, c := range f.Coefficients {
		fmt.Fprintf(w, "  %s\n", coefficientText(c))
	}
}

// coefficientText is "length is worth +31 points per doubling (95%: +12 to +50)".
func coefficientText(c rank.Coefficient) string {
	return fmt.Sprintf("%s is worth %s points per doubling (95%%: %s to %s)", c.Feature, signed(c.Points), signed(c.Low), signed(c.High))
}

// signed is x in whole points with its sign, 0 with none ("-0" is no
// figure a reader can use).
func signed(x float64) string {
	if math.Round(x) == 0 {
		return "0"
	}
	return fmt.Sprintf("%+.0f", x)
}

// printNeedVotes lists the pairs whose order is not settled, with about
// how many more votes would settle each.
func printNeedVotes(w io.Writer, ps []rank.Pair) {
	printSection(w, "Pairs that need more votes (their order is not settled):", ps, func(p rank.Pair) string {
		return fmt.Sprintf("%s vs %s\t%s together\tdifference %+.0f to %+.0f\t%s", p.A, p.B, count(p.Games, "vote"),
			p.Low, p.High, moreVotesText(p.MoreVotes))
	})
}

// moreVotesText is a pair's MoreVotes as a reader takes it.
func moreVotesText(n int) string {
	if n < 0 {
		return "even so far: no number of votes would settle it"
	}
	return fmt.Sprintf("about %s more would settle it", count(n, "vote"))
}

// tagBoards is what `leaderboard --by-tag` prints.
type tagBoards struct {
	Kind  store.VoteKind  `json:"kind"`
	Tags  []rank.TagBoard `json:"tags"`
	Flips []rank.Flip     `json:"flips"`
}

// leaderboardByTag ranks each tag's votes apart and names the pairs whose
// order flips between tags.
func (a *app) leaderboardByTag(ctx context.Context, db *store.Store, f store.VoteFilter, rounds int, asJSON bool) error {
	tags, err := db.AllTags(ctx)
	if err != nil {
		return err
	}
	out := tagBoards{Kind: f.Kind, Tags: []rank.TagBoard{}}
	for _, tag := range tags {
		f.Tag = tag
		lb, err := boardOf(ctx, db, f, rounds)
		if err != nil {
			return err
		}
		if lb.Votes > 0 {
			out.Tags = append(out.Tags, rank.TagBoard{Tag: tag, Board: lb.Board})
		}
	}
	out.Flips = rank.Flips(out.Tags)
	if out.Flips == nil {
		out.Flips = []rank.Flip{}
	}
	if asJSON {
		return writeJSON(a.jsonOut(), out)
	}
	w := a.textOut(a.io.out, false)
	if len(out.Tags) == 0 {
		fmt.Fprintf(w, "No blind %s votes on tagged prompts yet: `atelier compare --blind --tag T ...` tags one.\n", f.Kind)
		return nil
	}
	for i, tb := range out.Tags {
		if i > 0 {
			fmt.Fprintln(w)
		}
		fmt.Fprintf(w, "#%s · %s\n", tb.Tag, count(tb.Board.Votes, "blind vote"))
		tw := columns(w)
		for _, e := range tb.Board.Entries {
			fmt.Fprintf(tw, "  %s\t%s\t%.0f\t%.0f – %.0f\n", rankText(e), e.Target, e.Score, e.Low, e.High)
		}
		tw.Flush()
	}
	if len(out.Flips) > 0 {
		fmt.Fprintf(w, "\nOrders that flip between tags (intervals apart in both):\n")
		for _, fl := range out.Flips {
			fmt.Fprintf(w, "  %s ahead of %s on %s, behind on %s\n", fl.A, fl.B, fl.AheadOn, fl.BehindOn)
		}
	}
	return nil
}
