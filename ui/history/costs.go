package history

import (
	"context"
	"reflect"
	"time"

	tea "charm.land/bubbletea/v2"

	"atelier/store"
	"atelier/store/price"
)

// The costs the reader shows, by the store's own rules (store/costs.go),
// so the tab and `atelier history show` agree: arithmetic on what the item
// holds, done while laying it out, never in View. With no prices, each is
// nil and join leaves it out: the screen is as it was.

// convCost is a conversation's replies summed; nil when any is unknown,
// since a sum that leaves one out would pretend.
func convCost(t price.Table, c *store.Conversation) *float64 {
	if len(t) == 0 {
		return nil
	}
	var sum *float64
	for _, m := range c.Messages {
		if m.Role != store.RoleAssistant {
			continue
		}
		cost := store.MessageCost(t, m)
		if cost == nil {
			return nil
		}
		if sum == nil {
			sum = new(float64)
		}
		*sum += *cost
	}
	return sum
}

// replyCost is one finished reply's cost; a reply cut short has no final
// count to cost.
func replyCost(t price.Table, m store.Message) *float64 {
	if len(t) == 0 || m.Status != store.StatusComplete && m.Status != "" {
		return nil
	}
	return store.MessageCost(t, m)
}

func imageCost(t price.Table, j *store.ImageJob) *float64 {
	if len(t) == 0 {
		return nil
	}
	return store.ImageJobCost(t, *j)
}

func videoCost(t price.Table, v *store.VideoTask) *float64 {
	if len(t) == 0 {
		return nil
	}
	return store.VideoTaskCost(t, *v)
}

// spentMsg answers spentCmd.
type spentMsg struct {
	prices price.Table // the rates it was counted at
	spent  float64
	err    error
}

// spentBudget bounds the count of today's spending: an answer that takes
// longer is not worth the wait.
const spentBudget = 5 * time.Second

// spentCmd counts what today has cost, every item at the rates known (the
// store's SpentSince, as the day's budget counts it), for the list's top
// line; nil with no prices or no store.
func spentCmd(db *store.Store, prices price.Table, now func() time.Time) tea.Cmd {
	if len(prices) == 0 || db == nil {
		return nil
	}
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), spentBudget)
		defer cancel()
		spent, err := db.SpentSince(ctx, store.StartOfDay(now()), prices)
		return result(spentMsg{prices: prices, spent: spent, err: err})
	}
}

// spentKnown is today's spending, if counted at the rates in force; a
// failed count shows nothing rather than a wrong sum.
func spentKnown(msg spentMsg, prices price.Table) *float64 {
	if msg.err != nil || len(prices) == 0 || !reflect.DeepEqual(msg.prices, prices) {
		return nil
	}
	return &msg.spent
}
