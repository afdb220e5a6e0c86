package main

import (
	"github.com/spf13/cobra"

	"atelier/store"
)

// labelFlag checks a --label value (the idea an image or a video
// belongs to) before anything is sent: "" (not given) is none; a bad one
// is a usage error naming the flag and the rule.
func labelFlag(v string) (string, error) {
	if v == "" {
		return "", nil
	}
	l, err := store.NormalizeLabel(v)
	if err != nil {
		return "", usagef("--label: %v", err)
	}
	return l, nil
}

// runLabel is the label a run carries: --label when given, else the one
// of the recipe it runs again (--from), which must pass the same rules (a
// recipe file may come from anywhere).
func runLabel(flag, fromRecipe, file string) (string, error) {
	l, err := labelFlag(flag)
	if err != nil || l != "" || fromRecipe == "" {
		return l, err
	}
	if l, err = store.NormalizeLabel(fromRecipe); err != nil {
		return "", usagef("--from %s: %v (give --label to replace it)", file, err)
	}
	return l, nil
}

func (a *app) historyLabelCmd() *cobra.Command {
	var clear bool
	cmd := &cobra.Command{
		Use:   "label ITEM NAME | label ITEM --clear",
		Short: "Label an image or a video item (the idea it belongs to), or take its label away",
		Long: "Give an image job or a video task of the history a label: the idea it belongs to, shown by\n" +
			"`history list`, `video list` and the TUI, and filtered by with --label. A label is 1 to 40\n" +
			"characters, trimmed, with no control characters; it replaces the item's label, if any.",
		Args: func(cmd *cobra.Command, args []string) error {
			switch {
			case clear && len(args) != 1:
				return usagef("history label ITEM --clear: give the ITEM alone")
			case !clear && len(args) != 2:
				return usagef("history label ITEM NAME: give the ITEM and the label (or --clear)")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			var label string
			if !clear {
				var err error
				if label, err = store.NormalizeLabel(args[1]); err != nil {
					return usagef("history label %s: %v", args[0], err)
				}
			}
			ref, db, err := a.itemArg(cmd.Context(), args)
			if err != nil {
				return err
			}
			if ref.Kind != store.KindImage && ref.Kind != store.KindVideo {
				return usagef("history label %s: only image and video items carry a label", args[0])
			}
			if clear {
				return db.ClearLabel(cmd.Context(), ref)
			}
			return db.SetLabel(cmd.Context(), ref, label)
		},
	}
	cmd.Flags().BoolVar(&clear, "clear", false, "take the item's label away")
	return cmd
}
