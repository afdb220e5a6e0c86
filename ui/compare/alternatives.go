package compare

import (
	"fmt"
	"slices"

	tea "charm.land/bubbletea/v2"

	"atelier/client"

	"atelier/ui/tab"
)

// Alternatives: ctrl+r runs the prompt on the targets again as
// a comparison of its own, and when the run on screen is of that prompt on
// those targets the new one is linked beside it in history
// (store.LinkAlternative): the group, read by id (CompareAlternatives),
// stays together, each lane's replies with it. The prompt line says "2 of 3", and < / >
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

// againOf is the comparison a run of prompt on targets is an alternative
// of: this run's when it is recorded and of the same prompt on the same
// targets (family and model, in any order: a blind run shuffles them);
// else 0, a run of its own.
func (r run) againOf(prompt string, targets []client.ChatTarget) int64 {
	if r.convID == 0 || r.prompt != prompt || len(r.lanes) != len(targets) {
		return 0
	}
	had := make([]client.ChatTarget, len(r.lanes))
	for i, l := range r.lanes {
		had[i] = l.target
	}
	if !slices.Equal(modelsOf(had), modelsOf(targets)) {
		return 0
	}
	return r.convID
}

// modelsOf are the family/model pairs of targets, sorted.
func modelsOf(ts []client.ChatTarget) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = string(t.Family) + "/" + t.Model
	}
	slices.Sort(out)
	return out
}
