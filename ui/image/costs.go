package imagetab

import (
	"atelier/store"
	"atelier/store/price"
)

// Costs beside the figures they belong to, from the rates saved in
// Settings: arithmetic on what the lane or the job holds, no I/O. With no
// rates, or none for the model, size and quality, nothing is shown.

// laneCost is a finished lane's cost: its results at the per-image price
// of the size and quality sent, else its token usage.
func laneCost(prices price.Table, l *lane, s spec) string {
	if len(prices) == 0 {
		return ""
	}
	var u *price.Usage
	if got := l.acc.Usage(); got != nil {
		u = &price.Usage{Input: got.InputTokens, Output: got.OutputTokens}
	}
	return price.Label(prices.Image(l.model, s.Size, s.Quality, len(l.finals), u))
}

// jobCost is a gallery job's cost after a " · ", by the store's rule (as
// `atelier history show` has it); "" when not known.
func jobCost(prices price.Table, j store.ImageJob) string {
	if len(prices) == 0 || j.Status == store.StatusError {
		return ""
	}
	if s := price.Label(store.ImageJobCost(prices, j)); s != "" {
		return " · " + s
	}
	return ""
}
