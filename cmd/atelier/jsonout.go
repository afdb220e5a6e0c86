package main

import (
	"io"

	"atelier/internal/termtext"
)

// jsonOut is where --json output goes: stdout, through termtext.JSONWriter
// when it is a terminal, so that no control character of model output
// (ESC, BEL, the C1 CSI) reaches the terminal raw. JSON stays JSON: inside
// a string the escape means the same character. A pipe or a file gets the
// bytes as they are.
func (a *app) jsonOut() io.Writer {
	if !isTerminal(a.io.out) {
		return a.io.out
	}
	return termtext.JSONWriter(a.io.out)
}
