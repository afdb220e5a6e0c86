package batch

import "atelier/store/price"

// Estimate is what the plan's every cell may cost: each case's prompt to
// each target (its system prompt with it), repeats times, summed over the
// targets that are priced; nil when none is, or the targets do not parse
// (the run reports that on its own). An image batch's is one image per
// cell at its target's size and quality.
func (p *Plan) Estimate(t price.Table) *float64 {
	if p.IsImage() {
		return p.imageEstimate(t)
	}
	targets, err := p.ChatTargets()
	if err != nil {
		return nil
	}
	var asks []price.Ask
	for _, c := range p.Cases {
		asks = append(asks, price.ChatAsks(targets, c.Text)...)
	}
	return t.EstimateAsks(asks, p.Repeats)
}
