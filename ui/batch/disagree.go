package batch

import (
	"slices"

	engine "atelier/batch"
	"atelier/store"
)

// DisagreeBelow is the similarity under which two targets' answers to a
// case without checks are said to disagree.
const DisagreeBelow = 0.5

// disagreement says, for each case, whether its targets disagree:
//
//   - a case with checks: the targets' verdicts differ — one target passed
//     every check in every done repeat, another did not (a failed cell
//     counts as not passing);
//   - a case without checks: two targets' answers (the first done repeat
//     of each) have a word-level similarity (batch.Similarity) under
//     DisagreeBelow.
//
// Targets with nothing done yet take no part; a case needs two that do.
func disagreement(plan *engine.Plan, cells []store.BatchCell, replies map[int]string) []bool {
	out := make([]bool, len(plan.Cases))
	for ci, row := range verdicts(plan, cells, replies) {
		out[ci] = row.disagree()
	}
	return out
}

// verdict is what one target made of one case, for disagreement: whether
// anything ended, whether it has checks and passed them all, and the text
// of its first done repeat.
type verdict struct {
	seen, checked, clean bool
	text                 string
	hasText              bool
}

// verdictRow is a case's verdicts, by target.
type verdictRow []verdict

// verdicts gathers each (case, target)'s verdict from the cells.
func verdicts(plan *engine.Plan, cells []store.BatchCell, replies map[int]string) []verdictRow {
	nt := len(plan.Targets)
	vs := make([]verdictRow, len(plan.Cases))
	for i := range vs {
		vs[i] = make(verdictRow, nt)
		for j := range vs[i] {
			vs[i][j].clean = true
		}
	}
	for _, c := range cells {
		if c.Case < 0 || c.Case >= len(vs) || c.Target < 0 || c.Target >= nt {
			continue
		}
		v := &vs[c.Case][c.Target]
		switch c.Status {
		case store.CellDone:
			v.seen = true
			if c.Passed != nil {
				v.checked = true
				v.clean = v.clean && *c.Passed
			}
			if text, ok := replies[c.Cell]; ok && !v.hasText {
				v.text, v.hasText = text, true
			}
		case store.CellFailed:
			v.seen, v.clean = true, false
		}
	}
	return vs
}

// disagree says whether the targets that saw the case disagree on it: by
// their checks' verdicts when it has checks, else by their answers' words.
func (row verdictRow) disagree() bool {
	checked := slices.ContainsFunc(row, func(v verdict) bool { return v.checked })
	var words [][]string
	var clean []bool
	for _, v := range row {
		if !v.seen {
			continue
		}
		clean = append(clean, v.clean)
		if v.hasText {
			words = append(words, engine.Words(v.text))
		}
	}
	if checked {
		return slices.Contains(clean, true) && slices.Contains(clean, false)
	}
	for i := range words {
		for j := i + 1; j < len(words); j++ {
			if engine.Similarity(words[i], words[j]) < DisagreeBelow {
				return true
			}
		}
	}
	return false
}
