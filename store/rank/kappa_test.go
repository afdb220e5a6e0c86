package rank

import (
	"math"
	"testing"
)

// labels is n copies of the pair (x, y).
func labels(a, b *[]string, x, y string, n int) {
	for range n {
		*a, *b = append(*a, x), append(*b, y)
	}
}

// By hand: 50 items; both yes 20, a yes b no 5, a no b yes 10, both no
// 15. p_o = 35/50 = 0.7; a says yes 25/50, b 30/50; p_e = 0.5·0.6 +
// 0.5·0.4 = 0.5; κ = (0.7 − 0.5)/(1 − 0.5) = 0.4. Three labels: 10 items,
// a = b on A×3, B×2, tie×1; a A b B ×2, a B b tie ×2. p_o = 0.6; a: A 5,
// B 4, tie 1; b: A 3, B 4, tie 3; p_e = (15 + 16 + 3)/100 = 0.34;
// κ = 0.26/0.66 = 0.393939.
func TestCohenKappaHandComputed(t *testing.T) {
	var a, b []string
	labels(&a, &b, "yes", "yes", 20)
	labels(&a, &b, "yes", "no", 5)
	labels(&a, &b, "no", "yes", 10)
	labels(&a, &b, "no", "no", 15)
	got, err := CohenKappa(a, b)
	if err != nil || got.N != 50 || math.Abs(got.Agree-0.7) > 1e-12 || got.Kappa == nil || math.Abs(*got.Kappa-0.4) > 1e-12 {
		t.Errorf("two labels: %+v, %v; want 50, 0.7, κ 0.4", got, err)
	}
	a, b = nil, nil
	labels(&a, &b, "A", "A", 3)
	labels(&a, &b, "B", "B", 2)
	labels(&a, &b, "tie", "tie", 1)
	labels(&a, &b, "A", "B", 2)
	labels(&a, &b, "B", "tie", 2)
	got, _ = CohenKappa(a, b)
	if math.Abs(got.Agree-0.6) > 1e-12 || got.Kappa == nil || math.Abs(*got.Kappa-0.26/0.66) > 1e-12 {
		t.Errorf("three labels: %+v; want 0.6, κ 0.393939", got)
	}
	// Every item the same one label: agreement, but no kappa.
	got, _ = CohenKappa([]string{"A", "A"}, []string{"A", "A"})
	if got.Agree != 1 || got.Kappa != nil {
		t.Errorf("one label: %+v; want agree 1, kappa undefined", got)
	}
	if _, err := CohenKappa([]string{"A"}, nil); err == nil {
		t.Error("unequal lengths: no error")
	}
}
