package price

import "fmt"

// Over is a run whose estimate passes the budget.
type Over struct {
	Estimate float64
	Limit    float64
	Spent    float64 // today's spend before the run, for the day's limit
	Per      string  // "run" or "day"
}

func (o *Over) Error() string {
	if o.Per == "day" {
		return fmt.Sprintf("the estimate %s with %s spent today passes the day's budget of %s",
			Format(o.Estimate), Format(o.Spent), Format(o.Limit))
	}
	return fmt.Sprintf("the estimate %s passes the budget of %s per run", Format(o.Estimate), Format(o.Limit))
}

// Check weighs an estimate against the budget, with what today has cost so
// far; nil when it fits, or when the estimate is not known (no prices:
// nothing to weigh).
func (b Budget) Check(estimate *float64, spentToday float64) *Over {
	if estimate == nil {
		return nil
	}
	if b.Run != nil && *estimate > *b.Run {
		return &Over{Estimate: *estimate, Limit: *b.Run, Per: "run"}
	}
	if b.Day != nil && spentToday+*estimate > *b.Day {
		return &Over{Estimate: *estimate, Limit: *b.Day, Spent: spentToday, Per: "day"}
	}
	return nil
}
