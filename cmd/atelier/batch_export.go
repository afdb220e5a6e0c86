package main

import (
	"os"

	"github.com/spf13/cobra"

	"atelier/batch"
)

func (a *app) batchExportCmd() *cobra.Command {
	var asCSV, asMD bool
	var outPath string
	cmd := &cobra.Command{
		Use:   "export ID --csv|--md [-o FILE]",
		Short: "Export a batch: CSV with one row per reply, or a Markdown report",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if asCSV == asMD {
				return usagef("give one of --csv or --md")
			}
			id, db, err := a.batchArg(args)
			if err != nil {
				return err
			}
			d, err := batch.LoadReport(cmd.Context(), db, id)
			if err != nil {
				return err
			}
			w := a.textOut(a.io.out, false) // model text, cleaned for a terminal
			if outPath != "" {
				f, err := os.Create(outPath)
				if err != nil {
					return err
				}
				defer f.Close()
				w = f
			}
			if asCSV {
				err = d.WriteCSV(w)
			} else {
				err = d.WriteMarkdown(w)
			}
			if err != nil {
				return err
			}
			if f, ok := w.(*os.File); ok && outPath != "" {
				return f.Close()
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&asCSV, "csv", false, "CSV, one row per reply")
	cmd.Flags().BoolVar(&asMD, "md", false, "a Markdown report: the summary, then every case's replies")
	cmd.Flags().StringVarP(&outPath, "output", "o", "", "write to this file instead of stdout")
	return cmd
}
