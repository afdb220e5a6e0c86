package markdown

import "slices"

// pendingCheck is a code block drawn from its pieces whose check has not
// answered yet (see codeCheck): a closed block at the top level, whose
// lines are lines[from:to] and whose first code block is number first; or
// one inside the open block (block -1), whose start is from.
type pendingCheck struct {
	k        *codeCheck
	block    int
	first    int
	from, to int
}

// settle takes the answers of the checks that have one (all of them if
// wait is set): a code block whose pieces differ from the whole is
// rendered whole, in place.
func (r *Renderer) settle(wait bool) {
	var redraw []pendingCheck
	restart := false
	r.checks = slices.DeleteFunc(r.checks, func(p pendingCheck) bool {
		if p.block < 0 && r.open.start != p.from {
			return false // the block closed: its close takes the answer
		}
		ok, done := p.k.result(wait)
		switch {
		case !done:
			return false
		case !ok && p.block < 0:
			restart = true
		case !ok:
			redraw = append(redraw, p)
		}
		return true
	})
	for _, p := range redraw {
		r.redraw(p)
	}
	if restart {
		// The open block is drawn whole from its start from now on; the
		// checks of its other code are moot.
		start := r.open.start
		r.checks = slices.DeleteFunc(r.checks, func(p pendingCheck) bool { return p.block < 0 && p.from == start })
		r.restartOpen()
		r.tailDirty, r.joined = true, ""
	}
}

// redraw renders closed block p.block whole and puts its lines in place of
// those drawn from its pieces.
func (r *Renderer) redraw(p pendingCheck) {
	b := r.blocks[p.block]
	lines, _, _ := r.renderBlock(r.text[b.start:b.end], b.list, false, p.first)
	shift := len(lines) - (p.to - p.from)
	r.lines = slices.Concat(r.lines[:p.from:p.from], lines, r.lines[p.to:r.nClosed])
	r.nClosed += shift
	for i := range r.checks {
		if c := &r.checks[i]; c.block > p.block {
			c.from, c.to = c.from+shift, c.to+shift
		}
	}
	r.tailDirty, r.joined = true, ""
}

// checksAgree waits for the checks of code inside the open block at start,
// which is closing, and reports whether its pieces all agreed.
func (r *Renderer) checksAgree(start int) bool {
	ok := true
	r.checks = slices.DeleteFunc(r.checks, func(p pendingCheck) bool {
		if p.block >= 0 || p.from != start {
			return false
		}
		same, _ := p.k.result(true)
		ok = ok && same
		return true
	})
	return ok
}

// Pending reports whether code blocks drawn from their pieces are still
// being checked: a later frame may draw some of them again.
func (r *Renderer) Pending() bool { return len(r.checks) > 0 }
