package batch

import (
	"fmt"

	"atelier/store"
)

// NothingToResume says why resuming b would run no cell, or "" when it
// would run some: every cell is done, or those not done all failed and
// retryFailed is off (then retry names how to run them again). The Batch
// tab and `batch resume` say it rather than start a run of nothing.
func NothingToResume(b store.Batch, retryFailed bool, retry string) string {
	left := b.Cells - b.Done
	if !retryFailed {
		left -= b.Failed
	}
	switch {
	case left > 0:
		return ""
	case b.Failed > 0 && !retryFailed:
		return fmt.Sprintf("batch %d: nothing to resume: every cell is done but %d failed (%s runs them again)", b.ID, b.Failed, retry)
	}
	return fmt.Sprintf("batch %d: nothing to resume: every cell is done", b.ID)
}
