package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"atelier/internal/termtext"
	"atelier/store"
)

// Named target sets: the targets a person compares, with their
// settings, saved under a name in the history; `compare --target-set` and a
// batch file's target_set take them up, as the Compare tab (S) does.

func (a *app) targetSetCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:     "target-set list | save NAME -t TARGET ... | delete NAME",
		Aliases: []string{"target-sets"},
		Short:   "Named sets of targets with their settings, for compare --target-set and batch files",
		Long: "A target set is a list of chat targets (FAMILY:MODEL[:key=value,...]) saved under a name in the\n" +
			"history. `compare --target-set NAME` runs them, a batch file's target_set = \"NAME\" takes them as\n" +
			"its first targets; the TUI's Compare tab saves and takes them up with S, and the Arena adds each\n" +
			"pair it sends to Compare to the set \"arena\".",
	}
	cmd.AddCommand(a.targetSetListCmd(), a.targetSetSaveCmd(), a.targetSetDeleteCmd())
	return cmd
}

func (a *app) targetSetListCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "list",
		Short: "List the target sets with their targets",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			db, err := a.store()
			if err != nil {
				return err
			}
			sets, err := db.TargetSets(cmd.Context())
			if err != nil {
				return err
			}
			if asJSON {
				return writeJSON(a.jsonOut(), sets)
			}
			return printTable(a.io.out, "NAME\tTARGETS", sets, func(s store.TargetSet) string {
				return termtext.String(s.Name) + "\t" + termtext.String(strings.Join(s.Targets, "  "))
			})
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print JSON")
	return cmd
}

func (a *app) targetSetSaveCmd() *cobra.Command {
	var specs []string
	cmd := &cobra.Command{
		Use:   "save NAME -t TARGET [-t TARGET ...]",
		Short: "Save targets under a name, replacing what it held",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(specs) == 0 {
				return usagef("-t: give at least one target")
			}
			db, err := a.store()
			if err != nil {
				return err
			}
			if err := db.SaveTargetSet(cmd.Context(), args[0], specs); err != nil {
				return usageError{err}
			}
			fmt.Fprintf(a.io.err, "atelier: target set %q saved: %s\n", args[0], count(len(specs), "target"))
			return nil
		},
	}
	cmd.Flags().StringArrayVarP(&specs, "target", "t", nil, "a target FAMILY:MODEL[:key=value,...] (repeatable)")
	return cmd
}

func (a *app) targetSetDeleteCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "delete NAME",
		Short: "Delete a target set",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			db, err := a.store()
			if err != nil {
				return err
			}
			if err := db.DeleteTargetSet(cmd.Context(), args[0]); errors.Is(err, store.ErrNotFound) {
				return usagef("target set %q: no such set (see atelier target-set list)", args[0])
			} else if err != nil {
				return err
			}
			fmt.Fprintf(a.io.err, "atelier: target set %q deleted\n", args[0])
			return nil
		},
	}
}

// targetSet is the targets of the set saved under name.
func (a *app) targetSet(ctx context.Context, name string) ([]string, error) {
	db, err := a.store()
	if err != nil {
		return nil, err
	}
	ts, err := db.TargetSetNamed(ctx, name)
	if errors.Is(err, store.ErrNotFound) {
		return nil, usagef("--target-set %q: no such set (see atelier target-set list)", name)
	}
	if err != nil {
		return nil, err
	}
	return ts.Targets, nil
}
