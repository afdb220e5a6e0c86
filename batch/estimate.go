package batch

import (
	"atelier/batch/judge"
	"atelier/client"
	"atelier/store/price"
)

// Estimate is what the plan's every cell may cost: each case's prompt to
// each target (its system prompt with it), repeats times, summed over the
// targets that are priced; nil when none is, or the targets do not parse
// (the run reports that on its own). An image batch's is one image per
// cell at its target's size and quality. A rubric check adds its judge's
// grade of each reply (the reply as long as its target's max_tokens).
func (p *Plan) Estimate(t price.Table) *float64 {
	if p.IsImage() {
		return p.imageEstimate(t)
	}
	targets, err := p.ChatTargets()
	if err != nil {
		return nil
	}
	var asks []price.Ask
	var jd *judge.Judge
	if jt, err := client.ParseChatTarget(p.Judge); err == nil && p.Judge != "" {
		jd = &judge.Judge{Target: jt}
	}
	for _, c := range p.Cases {
		asks = append(asks, price.ChatAsks(targets, c.Text)...)
		for _, r := range Rubrics(c.Checks) {
			for _, tg := range targets {
				if jd != nil {
					asks = append(asks, jd.GradeAsk(r.Arg, c.Text, client.SentMaxTokens(tg)))
				}
			}
		}
	}
	return t.EstimateAsks(asks, p.Repeats)
}
