package imagetab

import (
	"strconv"
	"strings"

	"atelier/store/price"
	"atelier/ui/components/guard"
	"atelier/ui/tab"
)

// The form's estimate: what the request would cost at the
// rates of Settings' [prices], shown under the form whenever they price
// it, and weighed against the [budget] before more than one image is sent.

// images is how many images s asks of each model: its n, 1 when unset or
// unreadable (the form flags the latter).
func (s spec) images() int {
	n, err := strconv.Atoi(strings.TrimSpace(s.N))
	if err != nil || n < 1 {
		return 1
	}
	return n
}

// estimate is what s would cost sent to each of models, nil when a model's
// per-image price is not set: a part left out would make the sum a guess.
func estimate(t price.Table, s spec, models []string) *float64 {
	if len(t) == 0 || len(models) == 0 {
		return nil
	}
	sum := 0.0
	for _, model := range models {
		c := t.Image(model, strings.TrimSpace(s.Size), s.Quality, s.images(), nil)
		if c == nil {
			return nil
		}
		sum += *c
	}
	return &sum
}

// estimateLine is s's estimate at the rates t for models, "" when not priced.
func estimateLine(st *styles, t price.Table, s spec, models []string) string {
	line := guard.Estimate(estimate(t, s, models))
	if line == "" {
		return ""
	}
	n := s.images() * len(models)
	return st.Form.Hint.Render(line + " · " + tab.Plural(n, "image"))
}
