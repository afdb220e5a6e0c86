package chat

import (
	"reflect"

	"atelier/store/price"
)

// replyCost is a finished reply's cost as its figures show it; "" when it
// is unknown or no rate applies (nothing pretends to know a cost).
// Arithmetic only: the view draws it from what the entry holds.
func replyCost(e *entry, prices price.Table) string {
	if len(prices) == 0 {
		return ""
	}
	return price.Label(prices.Reply(e.model, e.billed))
}

// countUsage reads, once, the usage a cost is worked out from: the native
// reply can be as long as the reply, and headers are drawn again on every
// resize.
func (e *entry) countUsage() {
	e.billed = price.NativeUsage(int64(e.usage.Input), int64(e.usage.Output), e.native)
}

// repriced takes the rates saved in Settings; the replies' drawn lines
// are dropped when they changed (true then), so every header shows the new
// costs at the next layout.
func (t transcript) repriced(p price.Table) (transcript, bool) {
	if reflect.DeepEqual(p, t.prices) {
		return t, false
	}
	t.prices = p
	t.drawn = make([]drawing, len(t.drawn))
	return t, true
}
