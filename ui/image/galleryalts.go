package imagetab

import (
	"fmt"
	"slices"
	"strconv"

	tea "charm.land/bubbletea/v2"

	"atelier/store"
	"atelier/ui/tab"
)

// The gallery's alternatives: the jobs r ran beside each other
// in the results are linked in history (store.LinkAlternative), so after a
// restart too each says its place among them ("alt 2 of 3") and < / >
// move the cursor to the previous or next of them, as they step the
// results' alternatives.

// jobIDs are the ids of jobs.
func jobIDs(jobs []store.ImageJob) []int64 {
	ids := make([]int64, len(jobs))
	for i, j := range jobs {
		ids[i] = j.ID
	}
	return ids
}

// altMark is "alt 2 of 3" for a job with alternatives, else "".
func (g gallery) altMark(id int64) string {
	group := g.alts[id]
	if len(group) < 2 {
		return ""
	}
	return fmt.Sprintf("alt %d of %d", slices.Index(group, id)+1, len(group))
}

// stepAlt moves the cursor from job to its next (on) or previous
// alternative, going round, and loads its image; the cmd says why it
// cannot: no alternatives, or the one stepped to is not listed (filtered
// out, or older than the gallery's jobs).
func (g *gallery) stepAlt(job store.ImageJob, on bool, db *store.Store) tea.Cmd {
	group := g.alts[job.ID]
	if len(group) < 2 {
		return tab.Warn("no alternatives of this job: r in the results runs it again beside it")
	}
	by, n := -1, len(group)
	if on {
		by = 1
	}
	to := group[((slices.Index(group, job.ID)+by)%n+n)%n]
	if !g.jobs.Select(strconv.FormatInt(to, 10)) {
		return tab.Warn(fmt.Sprintf("alternative #%d is not listed here (a filter hides it, or it is older than the gallery's %d jobs)", to, galleryLimit))
	}
	return g.loadThumb(db)
}
