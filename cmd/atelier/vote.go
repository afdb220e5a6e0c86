package main

import (
	"fmt"
	"strconv"

	"github.com/spf13/cobra"
)

// voteCmd manages recorded votes. A vote is never changed after the reveal
// (it would no longer be blind); it can only be withdrawn.
func (a *app) voteCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "vote withdraw ID",
		Short: "Withdraw an arena vote (`history show` lists an item's votes with their ids)",
	}
	cmd.AddCommand(&cobra.Command{
		Use:   "withdraw ID",
		Short: "Withdraw a vote: it stays in the history, marked, and leaves the leaderboard",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := strconv.ParseInt(args[0], 10, 64)
			if err != nil || id <= 0 {
				return usagef("vote id %q: want a positive number, as `history show` lists it", args[0])
			}
			db, err := a.store()
			if err != nil {
				return err
			}
			if err := db.WithdrawVote(cmd.Context(), id); err != nil {
				return err
			}
			fmt.Fprintf(a.io.out, "vote %d withdrawn\n", id)
			return nil
		},
	})
	return cmd
}
