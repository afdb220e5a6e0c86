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
	if n > 1 && m.client != nil && !m.running() {
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

// verdict takes the budget's answer on the held run: it goes at once when
// it fits, else the question is asked.
func (m Model) verdict(v guard.Verdict) (Model, tea.Cmd) {
	if !m.gate.waiting() {
		return m, nil
	}
	m.gate.ask = m.gate.ask.Ask(v)
	if m.gate.ask.Asking() {
		return m, tab.Ask(m.gate.ask.Question())
	}
	return m.launch(m.gate.release())
}

// gateKey answers the question: yes sends the held run, no drops it and
// nothing is sent; any other key keeps asking.
func (m Model) gateKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	var a guard.Answer
	m.gate.ask, a = m.gate.ask.Update(msg)
	switch a {
	case guard.Yes:
		return m.launch(m.gate.release())
	case guard.No:
		m.gate.held, m.gate.parent = nil, ""
		return m, tab.Info(m.gate.ask.Refused())
	}
	return m, nil
}

// release lets the held run go: its models and parent, to launch.
func (g *gate) release() (models []string, parent string) {
	models, parent = g.held, g.parent
	g.held, g.parent = nil, ""
	return models, parent
}
