package batch

import (
	tea "charm.land/bubbletea/v2"

	"atelier/store"
	"atelier/store/price"
	"atelier/ui/components/guard"
	"atelier/ui/tab"
)

// planGate holds a batch file's plan while the [budget] weighs its estimate
// (ui/components/guard) and, when the estimate passes it, while the
// person answers the guard's question. It is apart from the Model so
// that the plan waiting and the question asked are one piece of state:
// each step gives back the gate and, once, the plan it lets go, which the
// Model starts (Model.gated).
type planGate struct {
	guard guard.Model
	plan  *plannedMsg // waiting for the verdict or the answer; nil: none
}

// hold keeps p and weighs it: the verdict comes back to this tab,
// whichever shows. A plan the budget has no say on goes at once.
func (g planGate) hold(p plannedMsg, db *store.Store, settings *store.Settings) (planGate, tea.Cmd, *plannedMsg) {
	g.plan = &p
	if w := guard.Weigh(db, settings, "batch", p.plan.Estimate(prices(settings))); w != nil {
		return g, func() tea.Msg { return result(w()) }, nil
	}
	return g.release()
}

// verdict takes the budget's verdict on the plan held: a question when
// the estimate passes the budget, else the plan goes.
func (g planGate) verdict(v guard.Verdict) (planGate, tea.Cmd, *plannedMsg) {
	if g.plan == nil {
		return g, nil, nil
	}
	g.guard = g.guard.Ask(v)
	if g.guard.Asking() {
		return g, tab.Ask(g.guard.Question()), nil
	}
	return g.release()
}

// key takes the person's answer to the question: yes lets the plan go,
// no drops it, saying nothing was sent.
func (g planGate) key(msg tea.KeyPressMsg) (planGate, tea.Cmd, *plannedMsg) {
	var a guard.Answer
	var stray tea.Cmd
	g.guard, a, stray = g.guard.Update(msg)
	switch a {
	case guard.Yes:
		return g.release()
	case guard.No:
		g.plan = nil
		return g, tab.Info(g.guard.Refused()), nil
	}
	return g, stray, nil
}

// release lets the plan held go.
func (g planGate) release() (planGate, tea.Cmd, *plannedMsg) {
	p := g.plan
	g.plan = nil
	return g, nil, p
}

// prices are the rates a plan is estimated at.
func prices(s *store.Settings) (t price.Table) {
	if s != nil {
		t = s.Prices
	}
	return t
}
