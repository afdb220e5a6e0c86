package main

import (
	"errors"

	"github.com/spf13/cobra"
)

// runTUI opens the terminal UI.
func (a *app) runTUI(cmd *cobra.Command, _ []string) error {
	return errors.New("the TUI is not built yet: use the chat, image and sim commands")
}
