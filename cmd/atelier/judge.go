package main

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"atelier/batch/judge"
	"atelier/internal/termtext"
	"atelier/store"
	"atelier/store/price"
)

func (a *app) judgeCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "judge",
		Short: "The judge: a chat target that grades answers, checked against your votes",
	}
	cmd.AddCommand(a.judgeCalibrateCmd())
	return cmd
}

func (a *app) judgeCalibrateCmd() *cobra.Command {
	var spec string
	var f store.VoteFilter
	var asJSON, yes, dry bool
	cmd := &cobra.Command{
		Use:   "calibrate",
		Short: "Run the judge over the comparisons you voted blind and say how often it agrees with you",
		Long: "Put each blind chat vote's answers to the judge (Settings' arena.judge, or --judge), twice,\n" +
			"in the order shown and reversed, and report how often its pick agrees with yours: the\n" +
			"share, Cohen's kappa, the count, and the share of verdicts that changed with the order\n" +
			"(inconsistent: counted as a tie). Verdicts are kept in the history, so the judge is asked\n" +
			"only about votes it has not seen; the calls are priced and weighed against [budget].",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx := cmd.Context()
			if f.Tag != "" {
				tag, err := store.NormalizeTag(f.Tag)
				if err != nil {
					return usagef("--tag: %v", err)
				}
				f.Tag = tag
			}
			if spec == "" {
				if cfg, err := a.settings(); err == nil {
					spec = cfg.Arena.Judge
				}
			}
			if spec == "" {
				return usagef("no judge: --judge FAMILY:MODEL, or choose one in Settings (arena.judge)")
			}
			j, err := judge.New(nil, nil, spec)
			if err != nil {
				return usagef("--judge: %v", err)
			}
			name := j.Name()
			db, err := a.store()
			if err != nil {
				return err
			}
			var ask *judge.Judge
			if !dry {
				ids, answers, err := judge.Pending(ctx, db, name, f)
				if err != nil {
					return err
				}
				if err := a.guard(ctx, "calibration", calibrationEstimate(a.prices(), j, ids, answers), yes); err != nil {
					return err
				}
				if len(ids) > 0 {
					c, err := a.newClient(ctx)
					if err != nil {
						return err
					}
					ask = j
					ask.Client, ask.Store, ask.Title = c, db, "judge calibration: "+name
				}
			}
			res, err := judge.Calibrate(ctx, db, ask, name, f)
			if err != nil {
				return err
			}
			if asJSON {
				return writeJSON(a.jsonOut(), res)
			}
			printCalibration(a.textOut(a.io.out, false), res, f.Tag)
			return nil
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&spec, "judge", "", "the judge target (default: Settings' arena.judge)")
	fl.StringVar(&f.Tag, "tag", "", "only votes on prompts with this tag")
	fl.StringVar(&f.Family, "family", "", "only votes between targets all of this family")
	fl.BoolVar(&dry, "no-ask", false, "ask the judge nothing: report the verdicts kept so far")
	fl.BoolVar(&yes, "yes", false, "run even when the estimate passes the budget")
	fl.BoolVar(&asJSON, "json", false, "print JSON")
	return cmd
}

// calibrationEstimate is what asking the judge about the pending votes may
// cost: two picks each.
func calibrationEstimate(t price.Table, j *judge.Judge, ids []int64, answers map[int64]store.VoteAnswers) *float64 {
	var asks []price.Ask
	for _, id := range ids {
		va := answers[id]
		texts := make([]string, 0, len(va.Answers))
		for _, text := range va.Answers {
			texts = append(texts, text)
		}
		asks = append(asks, j.PickAsks("", va.Prompt, texts)...)
	}
	return t.EstimateAsks(asks, 1)
}

// printCalibration writes the judge's agreement with the person.
func printCalibration(w io.Writer, c judge.Calibration, tag string) {
	where := "your blind chat votes"
	if tag != "" {
		where += " tagged " + tag
	}
	fmt.Fprintf(w, "Judge %s against %s\n", termtext.String(c.Judge), where)
	if c.Votes == 0 {
		fmt.Fprintf(w, "  no verdicts yet: %d vote(s) to ask about\n", c.Unjudged)
	} else {
		fmt.Fprintf(w, "  agrees with you on %.0f%% of %s · Cohen's kappa %s\n", 100*c.Agreement.Agree, count(c.Votes, "vote"), kappaText(c.Agreement.Kappa))
		fmt.Fprintf(w, "  inconsistent (the pick changed with the order; counted as a tie): %.0f%% (%d of %d)\n",
			100*c.InconsistentShare, c.Inconsistent, c.Votes)
	}
	if c.Asked > 0 {
		fmt.Fprintf(w, "  asked about %s this time (two calls each)\n", count(c.Asked, "vote"))
	}
	if c.Unjudged > 0 && c.Votes > 0 {
		fmt.Fprintf(w, "  %s without a verdict\n", count(c.Unjudged, "vote"))
	}
	if c.FirstError != "" {
		fmt.Fprintf(w, "  the judge could not judge some: %s\n", termtext.String(c.FirstError))
	}
}

// kappaText is Cohen's kappa with how to read it (Landis and Koch's words).
func kappaText(k *float64) string {
	if k == nil {
		return "undefined (one label throughout)"
	}
	word := "poor"
	switch {
	case *k > 0.8:
		word = "almost perfect"
	case *k > 0.6:
		word = "substantial"
	case *k > 0.4:
		word = "moderate"
	case *k > 0.2:
		word = "fair"
	case *k > 0:
		word = "slight"
	}
	return fmt.Sprintf("%.2f (%s)", *k, word)
}
