package main

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"atelier/store"
)

// Raters on the leaderboard: every rater's blind votes count
// unless --rater names one ("me": your own); the agreement of each pair
// of raters over the comparisons both voted is printed after the board.

func addRaterFlag(cmd *cobra.Command, f *store.VoteFilter) {
	cmd.Flags().StringVar(&f.Rater, "rater", "", "only this rater's votes (me: your own; a colleague's as imported by `votes import`)")
}

// checkRater is the --rater flag's rule.
func checkRater(name string) error {
	if name == "" || name == store.RaterMe {
		return nil
	}
	if err := store.CheckRater(name); err != nil {
		return usagef("--rater: %v", err)
	}
	return nil
}

// printAgreements writes the raters' agreement, when two raters voted on
// the same comparisons.
func printAgreements(w io.Writer, ags []store.Agreement) {
	printSection(w, "Raters' agreement on the comparisons both voted:", ags, func(a store.Agreement) string {
		kappa := "κ undefined (one same verdict throughout)"
		if a.KappaOK {
			kappa = fmt.Sprintf("Cohen's κ %.2f", a.Kappa)
		}
		return fmt.Sprintf("%s · %s\t%s\t%.0f%% agree\t%s", cleanLine(a.A), cleanLine(a.B), count(a.N, "comparison"), 100*a.Percent, kappa)
	})
}
