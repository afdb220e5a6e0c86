package store

import (
	"maps"

	"atelier/store/price"
)

// The exports carry what each reply, image job and video task cost, at
// the rates the person set: the JSON a "cost" field on each,
// the Markdown the cost among each one's figures. With no rates, neither
// says anything of costs.

// PriceExports sets the rates the exports cost items at: the command line
// passes its config's [prices], the TUI the prices Settings saves. Nil or
// empty: no costs in the exports.
func (s *Store) PriceExports(t price.Table) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.prices = maps.Clone(t)
}

// exportPrices are the rates in force for the exports.
func (s *Store) exportPrices() price.Table {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.prices
}

// exportCosts are the costs of one item's parts, read once per export.
type exportCosts struct{ t price.Table }

// reply is a finished reply's cost; a reply cut short has no final count
// to cost (as the History tab says it).
func (c exportCosts) reply(m Message) *float64 {
	if len(c.t) == 0 || m.Status != StatusComplete && m.Status != "" {
		return nil
	}
	return MessageCost(c.t, m)
}

func (c exportCosts) image(j *ImageJob) *float64 {
	if len(c.t) == 0 {
		return nil
	}
	return ImageJobCost(c.t, *j)
}

func (c exportCosts) video(v *VideoTask) *float64 {
	if len(c.t) == 0 {
		return nil
	}
	return VideoTaskCost(c.t, *v)
}

// costPart is a known cost among a line of figures: "cost 0.0123"; none
// when not known.
func costPart(cost *float64) []string {
	if cost == nil {
		return nil
	}
	return []string{price.Label(cost)}
}
