package main

import (
	"context"

	"github.com/spf13/cobra"
)

// showCmd is a command that prints one thing named by its one argument,
// as text or, with --json (described by jsonUsage), as JSON: show gets
// the argument as typed.
func showCmd(use, short, jsonUsage string, show func(ctx context.Context, arg string, asJSON bool) error) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   use,
		Short: short,
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return show(cmd.Context(), args[0], asJSON)
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, jsonUsage)
	return cmd
}
