package imagetab

import (
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"atelier/ui/tab"
)

// Alternatives: r in the results runs the last run again
// beside it rather than in its place. The page keeps every run r added
// (their images stay, in History too, as every run's do), the footer says
// "2 of 3", and < / > step through them, as they step a chat's
// alternatives. A run sent from the form starts the page afresh. Each
// lane's job is linked in history beside the same model's job of the run
// it ran again (besideJob), so the gallery groups them after a restart
// (galleryalts.go).

// keep adds r, started by r, beside the runs shown, and shows it.
func (p *page) keep(r *run) {
	p.rerun = false
	if p.alts == nil {
		p.alts = []*run{p.run}
	}
	p.alts = append(p.alts, r)
	p.run, p.sel = r, 0
}

// step shows the previous or next alternative, going round; not while a
// run is under way (its lanes' messages are the latest run's).
func (p *page) step(msg tea.KeyPressMsg, km keyMap) tea.Cmd {
	switch {
	case len(p.alts) < 2:
		return tab.Warn("no alternatives here: r runs this again beside it")
	case p.running():
		return tab.Warn("a run is under way: esc stops it")
	}
	by := 1
	if key.Matches(msg, km.PrevAlt) {
		by = -1
	}
	i := p.shownAt()
	n := len(p.alts)
	p.run, p.sel = p.alts[((i+by)%n+n)%n], 0
	return nil
}

// shownAt is the run shown's place among the alternatives.
func (p *page) shownAt() int {
	for i, r := range p.alts {
		if r == p.run {
			return i
		}
	}
	return 0
}

// altMark is "2 of 3" when the page holds alternatives, else "".
func (p *page) altMark() string {
	if len(p.alts) < 2 {
		return ""
	}
	return fmt.Sprintf("%d of %d", p.shownAt()+1, len(p.alts))
}

// besideJob is the job lane i of the run about to start (for model) is an
// alternative of: the same lane's job of the run shown when r runs it
// again; 0 for a run of the form's own, or a lane without a job.
func (p *page) besideJob(i int, model string) int64 {
	if !p.rerun || p.run == nil || i >= len(p.run.lanes) || p.run.lanes[i].model != model {
		return 0
	}
	return p.run.lanes[i].job
}
