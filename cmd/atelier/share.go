package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	sharepage "atelier/internal/share"
	"atelier/internal/termtext"
	"atelier/store"
)

// shareCmd writes one self-contained HTML page of results, or a blind
// ballot to send to a colleague (internal/share).
func (a *app) shareCmd() *cobra.Command {
	var out, rater string
	var ballot bool
	var limit int64
	cmd := &cobra.Command{
		Use:   "share ITEM... [-o FILE.html] [--ballot]",
		Short: "Write one HTML page of results that opens offline in any browser, or a blind ballot",
		Long: "Write one self-contained HTML page of history items: a conversation, a comparison side by\n" +
			"side with its figures, an image job with its images and recipe, a video task with its video,\n" +
			"a batch's matrix and summary (batch:ID), a leaderboard with its intervals\n" +
			"(leaderboard[:chat|image|video], --rater for one rater's votes). Images up to --embed-limit\n" +
			"are embedded; videos and larger files are written beside the page in FILE_files/. The page\n" +
			"loads nothing from the network, runs no script but its own, and names no key, base URL or\n" +
			"local path.\n\n" +
			"With --ballot, a blind ballot: each prompt of a comparison (compare:12), or image jobs or\n" +
			"video tasks judged together (image:3+4, video:5+6), shown under letters only. A colleague\n" +
			"votes in the page and saves a votes file; `atelier votes import FILE` records it.",
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			var refs []sharepage.Ref
			for _, s := range args {
				r, err := sharepage.ParseRef(s)
				if err != nil {
					return usageError{err}
				}
				refs = append(refs, r)
			}
			if limit <= 0 {
				return usagef("--embed-limit %d: want a positive number of bytes", limit)
			}
			if err := checkRater(rater); err != nil {
				return err
			}
			if out == "" {
				out = sharepage.Name(refs)
			}
			db, err := a.store()
			if err != nil {
				return err
			}
			o := sharepage.Options{EmbedLimit: limit, Board: sharepage.BoardOptions{Filter: store.VoteFilter{Rater: rater}}}
			if ballot {
				res, err := sharepage.WriteBallot(cmd.Context(), db, refs, out, o)
				if err != nil {
					return err
				}
				fmt.Fprintf(a.io.out, "ballot %s → %s%s\nsend it; `atelier votes import FILE` records the votes file it saves\n",
					res.Ballot, res.Path, beside(res))
				return nil
			}
			res, err := sharepage.Write(cmd.Context(), db, refs, out, o)
			if err != nil {
				return err
			}
			fmt.Fprintf(a.io.out, "shared → %s%s\n", res.Path, beside(res))
			return nil
		},
	}
	fl := cmd.Flags()
	fl.StringVarP(&out, "output", "o", "", "the page to write, FILE.html (default: named after the first item, in the current folder)")
	fl.BoolVar(&ballot, "ballot", false, "a blind ballot of comparisons, image jobs or video tasks, for a colleague to vote on")
	fl.Int64Var(&limit, "embed-limit", sharepage.EmbedLimit, "the largest image embedded in the page, in bytes; larger ones go beside it")
	fl.StringVar(&rater, "rater", "", "a leaderboard of one rater's votes (me: your own)")
	return cmd
}

// beside says what was written beside a page.
func beside(r sharepage.Result) string {
	if len(r.Beside) == 0 {
		return ""
	}
	return fmt.Sprintf(" (and %s in %s/)", count(len(r.Beside), "file"), filepath.Base(filepath.Dir(r.Beside[0])))
}

// votesCmd takes back the votes a ballot page saved.
func (a *app) votesCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "votes import FILE [--rater NAME]",
		Short: "Record the votes a colleague saved from a ballot page (`share --ballot`)",
	}
	var rater string
	imp := &cobra.Command{
		Use:   "import FILE",
		Short: "Record a ballot's votes file as another rater's blind votes: all of it or, refused, nothing",
		Long: "Record the votes file a ballot page saved ({\"ballot\": \"ID\", \"rater\": \"NAME\", \"votes\":\n" +
			"[{\"question\": N, \"verdict\": V}]}) as the rater's blind votes. Refused, each with a line,\n" +
			"and nothing recorded: an unknown ballot, a question or a letter the ballot does not have,\n" +
			"a rater answering one question twice. Your own votes go by the rater name \"me\".",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			f, err := os.Open(args[0])
			if err != nil {
				return usageError{err}
			}
			defer f.Close()
			vf, err := sharepage.ParseVotes(f)
			if err != nil {
				return usageError{fmt.Errorf("%s: %w", args[0], err)}
			}
			if rater != "" {
				vf.Rater = rater
			}
			db, err := a.store()
			if err != nil {
				return err
			}
			n, err := db.ImportBallotVotes(cmd.Context(), vf.Ballot, vf.Rater, vf.Votes)
			var ie *store.ImportError
			if errors.As(err, &ie) {
				return fmt.Errorf("%s: %s", args[0], termtext.String(err.Error())) // one line a refusal
			}
			if err != nil {
				return err
			}
			fmt.Fprintf(a.io.out, "imported %s of %s on ballot %s\n", count(n, "blind vote"), cleanLine(vf.Rater), vf.Ballot)
			return nil
		},
	}
	imp.Flags().StringVar(&rater, "rater", "", "the rater's name, instead of the one in the file")
	cmd.AddCommand(imp)
	return cmd
}
