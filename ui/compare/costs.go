package compare

import (
	"reflect"

	tea "charm.land/bubbletea/v2"

	"atelier/store/price"
)

// cost is a finished column's cost as its figures show it; "" while it
// runs, when it failed or stopped (its count is not final), or when no
// rate applies: nothing pretends to know a cost. Arithmetic only, from
// the counts its figures keep.
func (p painter) cost(l *lane) string {
	if len(p.prices) == 0 || l.state != done {
		return ""
	}
	f := l.fig
	return price.Label(p.prices.Reply(l.target.Model, price.Usage{Input: f.in, Output: f.out, Thinking: f.thinking}))
}

// withPrices adopts the rates saved in Settings; the columns are laid out
// again when they changed, as their figures may take another line.
func (m Model) withPrices(p price.Table) (Model, tea.Cmd) {
	if reflect.DeepEqual(p, m.prices) {
		return m, nil
	}
	m.prices = p
	return m, tea.Batch(m.layout()...)
}
