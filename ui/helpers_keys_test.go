package ui

import "charm.land/bubbles/v2/key"

// noKeys is the help of a test screen without keys of its own.
type noKeys struct{}

func (noKeys) ShortHelp() []key.Binding  { return nil }
func (noKeys) FullHelp() [][]key.Binding { return nil }
