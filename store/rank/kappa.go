package rank

import "fmt"

// Agreement is how far two raters agree on the same items: the share of
// items they labelled alike, and Cohen's kappa — that share corrected for
// the agreement their label frequencies would give by chance,
// κ = (p_o − p_e) / (1 − p_e), p_e = Σ_k p_a(k)·p_b(k). Kappa is nil when
// it is undefined: both raters gave every item the same one label (p_e = 1).
type Agreement struct {
	N     int      `json:"n"`
	Agree float64  `json:"agree"` // p_o, 0 to 1
	Kappa *float64 `json:"kappa"`
}

// CohenKappa is the agreement of labels a and b, a[i] and b[i] given to
// the same item i.
func CohenKappa(a, b []string) (Agreement, error) {
	if len(a) != len(b) {
		return Agreement{}, fmt.Errorf("kappa: %d labels against %d: want one each per item", len(a), len(b))
	}
	n := len(a)
	if n == 0 {
		return Agreement{}, nil
	}
	same := 0
	ca, cb := map[string]int{}, map[string]int{}
	for i := range a {
		if a[i] == b[i] {
			same++
		}
		ca[a[i]]++
		cb[b[i]]++
	}
	po := float64(same) / float64(n)
	pe := 0.0
	for k, x := range ca {
		pe += float64(x) / float64(n) * float64(cb[k]) / float64(n)
	}
	out := Agreement{N: n, Agree: po}
	if pe < 1 {
		k := (po - pe) / (1 - pe)
		out.Kappa = &k
	}
	return out, nil
}
