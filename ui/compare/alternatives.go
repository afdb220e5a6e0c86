package compare

import (
	"fmt"
	"slices"

	tea "charm.land/bubbletea/v2"

	"atelier/ui/tab"
)

// Alternatives (issue 33): ctrl+r runs the prompt on the targets again as
// a comparison of its own, and the earlier runs of that prompt on those
// targets (the store finds them: CompareAlternatives) stay beside it, each
// lane's replies with them. The prompt line says "2 of 3", and < / >
// open the previous or next of them, as they step a chat's alternatives;
// [ and ] still walk every comparison in history.

// altMark is "alternative 2 of 3" when the run on screen has others.
func (r run) altMark() string {
	if len(r.alts) < 2 {
		return ""
	}
	for i, id := range r.alts {
		if id == r.convID {
			return fmt.Sprintf("alternative %d of %d", i+1, len(r.alts))
		}
	}
	return ""
}

// altStep is the next (on) or previous alternative of the run, going
// round; 0 and the reason when it has none.
func (r run) altStep(on bool) (int64, tea.Cmd) {
	at := slices.Index(r.alts, r.convID)
	if len(r.alts) < 2 || at < 0 || r.convID == 0 {
		return 0, tab.Warn("compare: no alternatives of this run: ctrl+r runs it again beside it")
	}
	by, n := -1, len(r.alts)
	if on {
		by = 1
	}
	return r.alts[((at+by)%n+n)%n], nil
}
