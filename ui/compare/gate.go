package compare

import (
	tea "charm.land/bubbletea/v2"

	"atelier/batch/judge"
	"atelier/client"
	"atelier/store/price"
	"atelier/ui/components/guard"
	"atelier/ui/tab"
)

// Before a run is sent, its estimate is weighed against the [budget] of
// config.toml: past it, the tab asks first and sends nothing
// until the answer is yes, as `atelier compare` asks on its terminal.

// pendingRun is a run as it will be sent: kept while the guard weighs it.
type pendingRun struct {
	targets        []client.ChatTarget // with the run's system prompt
	prompt, system string
	blind          bool
	judge          *judge.Judge // not a run: the judge's pick of the run on screen (pick.go)
	altOf          int64        // the comparison it runs again beside (alternatives.go); 0: none
}

// estimate is what sending prompt to targets may cost at prices; nil when
// none of them is priced, so that nothing pretends to know.
func estimate(prices price.Table, targets []client.ChatTarget, prompt string) *float64 {
	return prices.EstimateAsks(price.ChatAsks(targets, prompt), 1)
}

// gate holds a run while the budget weighs it and while its question
// (ui/components/guard) waits for an answer. It is apart from the Model
// because the run held and the question are one state: the Model launches
// what the gate lets go, and gives it the keys while it asks.
type gate struct {
	ask  guard.Model
	held *pendingRun // the run weighed, sent on its yes; nil when none
}

func newGate() gate { return gate{ask: guard.New()} }

// asking reports whether the question waits for an answer.
func (g gate) asking() bool { return g.ask.Asking() }

// hold keeps p while weigh, the guard's command, weighs it.
func (g *gate) hold(p pendingRun, weigh tea.Cmd) tea.Cmd {
	g.held = &p
	return ours(weigh)
}

// verdict takes the guard's verdict on the run held: it goes at once
// (goes) when it fits, else the question is asked. A verdict that finds
// the person typing elsewhere drops the run, having sent nothing: cmd
// says so.
func (g *gate) verdict(v guard.Verdict, typing bool) (goes *pendingRun, cmd tea.Cmd) {
	p := g.held
	if p == nil {
		return nil, nil
	}
	g.ask = g.ask.Ask(v)
	switch {
	case !g.ask.Asking():
		g.held = nil
		return p, nil
	case typing:
		g.held, g.ask = nil, guard.New()
		return nil, tab.Warn("compare: " + v.What + " over the budget, not run: ctrl+r asks again")
	}
	return nil, nil
}

// key answers the question: yes lets the run held go, no drops it, having
// sent nothing (cmd says so). answered is false for any other key, which
// keeps asking (cmd says which keys answer).
func (g *gate) key(msg tea.KeyPressMsg) (goes *pendingRun, cmd tea.Cmd, answered bool) {
	var answer guard.Answer
	g.ask, answer, cmd = g.ask.Update(msg)
	if answer == guard.None {
		return nil, cmd, false
	}
	p := g.held
	g.held = nil
	if answer == guard.Yes && p != nil {
		return p, nil, true
	}
	return nil, tab.Info("compare: " + g.ask.Refused()), true // no success: nothing ran
}
