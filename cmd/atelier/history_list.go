package main

import (
	"cmp"
	"context"
	"fmt"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"atelier/internal/termtext"
	"atelier/store"
)

func (a *app) historyListCmd() *cobra.Command {
	var f store.ItemFilter
	var kind, since string
	var page int
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "list",
		Short: "List history items, newest first, a page at a time",
		Long: "List history items, newest first: --limit a page (50), --page N the Nth. A comparison is named\n" +
			"by all its targets; STATUS is one of " + strings.Join(store.StatusWords, ", ") + ". When more\n" +
			"items follow the page, a line on stderr says how to see them. A batch run is one item\n" +
			"(batch:ID), not its cells: `--batch ID` lists its cells, the conversations and image jobs it made.",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			f.Kind = store.Kind(kind)
			var err error
			if f.Label, err = labelFlag(f.Label); err != nil {
				return err
			}
			if since != "" {
				t, err := parseSince(since, time.Now())
				if err != nil {
					return err
				}
				f.Since = t
			}
			if f.Limit < 1 || page < 1 {
				return usagef("--limit and --page: must be at least 1 (got %d and %d)", f.Limit, page)
			}
			db, err := a.store()
			if err != nil {
				return err
			}
			items, more, err := listPage(cmd.Context(), db, f, page)
			if err != nil {
				return err
			}
			if err := nameComparisons(cmd.Context(), db, items); err != nil {
				return err
			}
			if more {
				defer fmt.Fprintf(a.io.err, "%d items shown; more follow: --page %d for the next %d (or a larger --limit)\n", len(items), page+1, f.Limit)
			}
			if asJSON {
				return writeJSON(a.jsonOut(), items)
			}
			tw := tabwriter.NewWriter(a.io.out, 0, 4, 2, ' ', 0)
			fmt.Fprintln(tw, "ITEM\tWHEN\tFAMILY\tMODEL\tSTATUS\tLABEL\tTITLE")
			for _, it := range items {
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", refString(it.Ref()), it.At.Local().Format("2006-01-02 15:04"),
					cleanLine(it.Family), cleanLine(it.Model), cleanLine(it.Status), cmp.Or(cleanLine(it.Label), "-"),
					clip(termtext.String(it.Title), 60))
			}
			return tw.Flush()
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&kind, "kind", "", "chat, compare, image, video or batch")
	fl.Int64Var(&f.Batch, "batch", 0, "list the cells of this batch instead")
	fl.StringVar(&f.Family, "family", "", "alpha, beta, gamma, videoa, videob, videoc3.1")
	fl.StringVar(&f.Model, "model", "", "a model, or a video endpoint")
	fl.StringVar(&f.Status, "status", "", strings.Join(store.StatusWords, ", "))
	fl.StringVar(&f.Label, "label", "", "only the image and video items with this label (case aside)")
	fl.StringVar(&since, "since", "", "only items since a date (2026-11-01) or a duration ago (48h)")
	fl.IntVar(&f.Limit, "limit", 50, "items a page")
	fl.IntVar(&page, "page", 1, "the page to list: 2 is the items after the first --limit")
	fl.BoolVar(&asJSON, "json", false, "print JSON")
	return cmd
}

// listPage is page (from 1) of the items f selects, f.Limit a page, and
// whether more follow, each with its status in the one vocabulary of
// listings (store.Listing, which History's list reads through too).
func listPage(ctx context.Context, db *store.Store, f store.ItemFilter, page int) ([]store.Item, bool, error) {
	per := f.Limit
	f.Limit = page * per
	items, more, err := db.Listing(ctx, f)
	if err != nil {
		return nil, false, err
	}
	return items[min((page-1)*per, len(items)):], more, nil
}

// nameComparisons names each comparison by all its targets: the listing
// carries one lane's family and model.
func nameComparisons(ctx context.Context, db *store.Store, items []store.Item) error {
	for i, it := range items {
		var err error
		if items[i].Family, items[i].Model, err = targetsNamed(ctx, db, it.Kind, it.ID, it.Family, it.Model); err != nil {
			return err
		}
	}
	return nil
}

// nameHits names each comparison matched by all its targets, as the
// listing does: a hit carries the lane it matched in.
func nameHits(ctx context.Context, db *store.Store, hits []store.Hit) error {
	for i, h := range hits {
		var err error
		if hits[i].Family, hits[i].Model, err = targetsNamed(ctx, db, h.Kind, h.ID, h.Family, h.Model); err != nil {
			return err
		}
	}
	return nil
}

// targetsNamed are the family and model an item is listed with: a
// comparison's every target (its lanes read), another's own.
func targetsNamed(ctx context.Context, db *store.Store, kind store.Kind, id int64, family, model string) (string, string, error) {
	if kind != store.KindCompare {
		return family, model, nil
	}
	lanes, err := db.Lanes(ctx, id)
	if err != nil {
		return "", "", err
	}
	f, m := lanesNamed(lanes, family, model)
	return f, m, nil
}

// lanesNamed are the families and the models of a comparison's last turn,
// each once, in lane order; family and model as they were when it has no
// lanes.
func lanesNamed(lanes []store.Lane, family, model string) (string, string) {
	fams, models, _ := store.LastTurnTargets(lanes)
	if len(fams) == 0 {
		return family, model
	}
	return strings.Join(fams, ","), strings.Join(models, ",")
}
