package compare

import "atelier/store/price"

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
