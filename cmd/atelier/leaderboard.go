package main

import (
	"encoding/json"
	"fmt"
	"io"
	"time"

	"github.com/spf13/cobra"

	"atelier/client"
	"atelier/store"
	"atelier/store/rank"
)

func (a *app) leaderboardCmd() *cobra.Command {
	var kind, since string
	var f store.VoteFilter
	var asJSON, byTag bool
	var rounds int
	cmd := &cobra.Command{
		Use:   "leaderboard",
		Short: "Rank the targets of your blind votes, with 95% intervals",
		Long: "Rank the targets you judged in blind comparisons by a Bradley–Terry fit of every blind\n" +
			"vote (a tie or \"both bad\" counts half a win each way; a ranking of n targets counts each\n" +
			"of its pairs), with a 95% interval from a bootstrap of the votes, the number of votes\n" +
			"and win rates; then the pairs whose order the votes have not settled yet. Votes cast\n" +
			"with the names shown are listed apart and never enter the scores.\n\n" +
			"Chat boards also fit the votes with the answers' style held equal (length, headers,\n" +
			"bold, list items) and say what each is worth. A rank is a range where intervals\n" +
			"overlap. --by-tag ranks each tag's votes apart and names the pairs whose order flips.",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			switch store.VoteKind(kind) {
			case store.VoteChat, store.VoteImage, store.VoteVideo:
				f.Kind = store.VoteKind(kind)
			default:
				return usagef("--kind %q: want chat, image or video", kind)
			}
			if f.Tag != "" {
				tag, err := store.NormalizeTag(f.Tag)
				if err != nil {
					return usagef("--tag: %v", err)
				}
				f.Tag = tag
			}
			if since != "" {
				t, err := parseSince(since, time.Now())
				if err != nil {
					return err
				}
				f.Since = t
			}
			if err := checkRater(f.Rater); err != nil {
				return err
			}
			if rounds < 0 || rounds > 100_000 {
				return usagef("--rounds %d: want 0 to 100000", rounds)
			}
			db, err := a.store()
			if err != nil {
				return err
			}
			if byTag {
				if f.Tag != "" {
					return usagef("--by-tag and --tag: pick one")
				}
				return a.leaderboardByTag(cmd.Context(), db, f, rounds, asJSON)
			}
			lb, err := boardOf(cmd.Context(), db, f, rounds)
			if err != nil {
				return err
			}
			lb.Kind = f.Kind
			if lb.Agreement, err = db.Agreements(cmd.Context(), f); err != nil {
				return err
			}
			if f.Kind == store.VoteChat {
				ratings, err := db.LaneRatings(cmd.Context(), f)
				if err != nil {
					return err
				}
				lb.Rated = store.RatedTargets(ratings, laneTarget)
			}
			if asJSON {
				return writeJSON(a.jsonOut(), lb)
			}
			return printLeaderboard(a.textOut(a.io.out, false), lb)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&kind, "kind", "chat", "chat, image or video: one board each")
	fl.StringVar(&f.Tag, "tag", "", "only votes on prompts with this tag")
	fl.StringVar(&f.Family, "family", "", "only votes between targets all of this family")
	fl.StringVar(&since, "since", "", "only votes since a date (2026-11-01) or a duration ago (720h)")
	fl.IntVar(&rounds, "rounds", store.BoardRounds, "bootstrap rounds for the intervals (0: none)")
	addRaterFlag(cmd, &f)
	fl.BoolVar(&asJSON, "json", false, "print JSON: the board, the head-to-head matrix, the pairs that need votes")
	fl.BoolVar(&byTag, "by-tag", false, "one board per tag, and the pairs whose order flips between tags")
	return cmd
}

// leaderboard is what the command prints.
type leaderboard struct {
	Kind store.VoteKind `json:"kind"`
	rank.Board
	// Targets names the rows and columns of HeadToHead.
	Targets []string `json:"targets"`
	// Open are the votes cast with the names shown: counted, never fitted.
	Open []openRecord `json:"open"`
	// Rated are the stars and winner marks given in comparisons with the
	// names shown: counted, never fitted.
	Rated []store.RatedTarget `json:"rated"`
	// Agreement is each pair of raters' agreement (leaderboard_raters.go).
	Agreement []store.Agreement `json:"agreement"`
}

// laneTarget names a rated lane's target as -t names it.
func laneTarget(r store.LaneRating) string {
	t := client.ChatTarget{Family: client.Group(r.Family), Model: r.Model}
	json.Unmarshal(r.SettingsJSON, &t.Settings) // unreadable settings: named without them
	return targetSpec(t)
}

// openRecord is a target's record in open votes.
type openRecord struct {
	Target  string  `json:"target"`
	Votes   int     `json:"votes"`
	Wins    int     `json:"wins"`
	Losses  int     `json:"losses"`
	Ties    int     `json:"ties"`
	WinRate float64 `json:"win_rate"`
}

// leaderboardOf fits the blind votes (with the answers' styles, when
// known) and counts the open ones apart, as the Arena tab does
// (store.StyledBoards).
func leaderboardOf(votes []store.Vote, styles store.VoteStyles, rounds int) (leaderboard, error) {
	b, ob, err := store.StyledBoards(votes, styles, rounds)
	if err != nil {
		return leaderboard{}, err
	}
	lb := leaderboard{Board: b, Targets: []string{}, Open: []openRecord{}}
	for _, e := range b.Entries {
		lb.Targets = append(lb.Targets, e.Target)
	}
	for _, e := range ob.Entries {
		lb.Open = append(lb.Open, openRecord{Target: e.Target, Votes: e.Votes, Wins: e.Wins, Losses: e.Losses,
			Ties: e.Ties, WinRate: e.WinRate})
	}
	return lb, nil
}

func printLeaderboard(w io.Writer, lb leaderboard) error {
	if len(lb.Entries) == 0 {
		fmt.Fprintf(w, "No blind %s votes yet: `atelier compare --blind -t ... -t ...` asks for one.\n", lb.Kind)
	} else {
		fmt.Fprintf(w, "%s arena · %s · 95%% intervals from %d bootstrap rounds\n\n",
			title(string(lb.Kind)), count(lb.Votes, "blind vote"), lb.Rounds)
		printEntries(w, lb.Board)
		printStyle(w, lb.Style)
		printNeedVotes(w, lb.NeedVotes)
	}
	printSection(w, "Ratings given with the names shown (not in the scores):", lb.Rated, func(r store.RatedTarget) string {
		return fmt.Sprintf("%s\t%s\t%d times the winner", r.Target, starsText(r), r.Wins)
	})
	printAgreements(w, lb.Agreement)
	printSection(w, "Open votes (names shown; not in the scores):", lb.Open, func(o openRecord) string {
		return fmt.Sprintf("%s\t%d votes\twin rate %.0f%%", o.Target, o.Votes, 100*o.WinRate)
	})
	return nil
}

func starsText(r store.RatedTarget) string {
	if r.Rated == 0 {
		return "no stars"
	}
	return fmt.Sprintf("%.1f stars from %d", r.Stars, r.Rated)
}

func title(s string) string {
	if s == "" {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}
