package compare

import (
	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/store/price"
	"atelier/ui/components/guard"
	"atelier/ui/tab"
)

// Before a run is sent, its estimate is weighed against the [budget] of
// config.toml (issue 18): past it, the tab asks first and sends nothing
// until the answer is yes, as `atelier compare` asks on its terminal.

// pendingRun is a run as it will be sent: kept while the guard weighs it.
type pendingRun struct {
	targets        []client.ChatTarget // with the run's system prompt
	prompt, system string
	blind          bool
}

// estimate is what sending prompt to targets may cost at prices; nil when
// none of them is priced, so that nothing pretends to know.
func estimate(prices price.Table, targets []client.ChatTarget, prompt string) *float64 {
	return prices.EstimateAsks(price.ChatAsks(targets, prompt), 1)
}

// weighed takes the guard's verdict on the run kept: sent at once when it
// fits, else the question is asked. A verdict that finds the person
// typing elsewhere sends nothing.
func (m Model) weighed(v guard.Verdict) (Model, tea.Cmd) {
	p := m.weighing
	if p == nil {
		return m, nil
	}
	m.guard = m.guard.Ask(v)
	switch {
	case !m.guard.Asking():
		m.weighing = nil
		return m.launch(*p)
	case m.mode != browsing:
		m.weighing, m.guard = nil, guard.New()
		return m, tab.Warn("compare: " + v.What + " over the budget, not run: ctrl+r asks again")
	}
	m.mode = asking
	return m, tea.Batch(m.layout()...)
}

// guardKey answers the guard's question: yes sends the run kept, no drops
// it, having sent nothing.
func (m Model) guardKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	g, answer := m.guard.Update(msg)
	m.guard = g
	if answer == guard.None {
		return m, nil
	}
	p := m.weighing
	m.weighing, m.mode = nil, browsing
	if answer == guard.Yes && p != nil {
		return m.launch(*p)
	}
	return m, tea.Batch(append(m.layout(), tab.Notice("compare: "+g.Refused()))...)
}
