package imagetab

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"atelier/ui/components/guard"
	"atelier/ui/tab"
)

// gate holds a run of more than one image while the budget is weighed and
// while its question waits for an answer (ui/components/guard): nothing
// is sent until the answer is yes.
type gate struct {
	ask    guard.Model
	held   []string // the models of the run held back; nil when none
	parent string   // the recipe the held run varies; "" for none
}

// waiting reports whether a run is held: being weighed or asked about.
func (g gate) waiting() bool { return g.held != nil }

// start sends the form to each of models, first weighing a run of more
// than one image (n > 1, or a comparison) against the [budget], as the
// command line does for n > 1; parent is the recipe a variation comes from.
func (m Model) start(models []string, parent string) (Model, tea.Cmd) {
	if m.gate.waiting() {
		return m, tab.Warn("answer the budget's question first: y runs, n does not")
	}
	s := m.form.spec()
	n := s.images() * len(models)
	if n > 1 && m.client != nil && !m.page.running() {
		what := tab.Plural(n, "image")
		if len(models) > 1 {
			what = fmt.Sprintf("%s of %s", what, tab.Plural(len(models), "model"))
		}
		if weigh := guard.Weigh(m.db, m.cfg, what, estimate(m.prices, s, models)); weigh != nil {
			m.gate.held, m.gate.parent = models, parent
			return m, func() tea.Msg { return result(weigh()) }
		}
	}
	return m.launch(models, parent)
}

// verdict takes the budget's answer on the held run: it goes at once
// (goes) when it fits, else cmd asks the question.
func (g *gate) verdict(v guard.Verdict) (goes bool, cmd tea.Cmd) {
	if !g.waiting() {
		return false, nil
	}
	g.ask = g.ask.Ask(v)
	if g.ask.Asking() {
		return false, tab.Ask(g.ask.Question())
	}
	return true, nil
}

// key answers the question: yes lets the held run go, no drops it and
// nothing is sent; any other key keeps asking.
func (g *gate) key(msg tea.KeyPressMsg) (goes bool, cmd tea.Cmd) {
	var a guard.Answer
	var stray tea.Cmd
	g.ask, a, stray = g.ask.Update(msg)
	switch a {
	case guard.Yes:
		return true, nil
	case guard.No:
		g.held, g.parent = nil, ""
		return false, tab.Info(g.ask.Refused())
	}
	return false, stray
}

// gated launches the held run when it goes, else does cmd.
func (m Model) gated(goes bool, cmd tea.Cmd) (Model, tea.Cmd) {
	if !goes {
		return m, cmd
	}
	return m.launch(m.gate.release())
}

// release lets the held run go: its models and parent, to launch.
func (g *gate) release() (models []string, parent string) {
	models, parent = g.held, g.parent
	g.held, g.parent = nil, ""
	return models, parent
}
