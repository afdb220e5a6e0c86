package main

import (
	"fmt"
	"time"

	"atelier/batch"
)

// progressEvery is the least time between two redraws of the progress
// line: reports come at every cell's start and end.
const progressEvery = 100 * time.Millisecond

// showBatchProgress draws the run's progress on one line of stderr when it is a
// terminal, and reads the reports to their end either way.
func (a *app) showBatchProgress(reports <-chan batch.Progress) {
	term := isTerminal(a.io.err)
	var last time.Time
	drawn := false
	for p := range reports {
		if !term || (!p.Final && time.Since(last) < progressEvery) {
			continue
		}
		last = time.Now()
		fmt.Fprint(a.io.err, "\r\x1b[2K"+batchProgressLine(p))
		drawn = true
	}
	if drawn {
		fmt.Fprint(a.io.err, "\r\x1b[2K")
	}
}

// batchProgressLine is the progress of a run in one line.
func batchProgressLine(p batch.Progress) string {
	return fmt.Sprintf("batch %d: %s", p.BatchID, p.Line())
}
