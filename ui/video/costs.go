package video

import (
	"atelier/store"
	"atelier/store/price"
)

// cost is a task's cost as its detail line shows it: its seconds at
// its resolution's price, by the store's rule (as `atelier history show`
// has it); "" for a failed task or with no rate for its endpoint. A
// running task shows what it will cost once done: the service charges the
// request, not the wait.
func (t task) cost(prices price.Table) string {
	if len(prices) == 0 {
		return ""
	}
	return price.Label(store.VideoTaskCost(prices, t.rec))
}
