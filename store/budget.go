package store

import (
	"context"
	"time"

	"atelier/store/price"
)

// StartOfDay is the first moment of t's day, in t's location: where "today"
// begins for the day's budget and History's sums.
func StartOfDay(t time.Time) time.Time {
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, t.Location())
}

// WeighBudget weighs a run's estimate against the budget b, with what the
// history has cost since the start of now's day at rates t (read only when
// b has a day's limit); nil when the run fits, or there is nothing to
// weigh (no budget, or no estimate because nothing is priced). The command
// line's guard and the TUI's both weigh with it. A failure to read today's
// spend weighs the run alone and is returned beside the verdict, for the
// caller to mention. s may be nil: no history, nothing spent.
func (s *Store) WeighBudget(ctx context.Context, b price.Budget, t price.Table, est *float64, now time.Time) (*price.Over, error) {
	if est == nil || !b.Set() {
		return nil, nil
	}
	spent, err := 0.0, error(nil)
	if b.Day != nil && s != nil {
		if spent, err = s.SpentSince(ctx, StartOfDay(now), t); err != nil {
			spent = 0
		}
	}
	return b.Check(est, spent), err
}
