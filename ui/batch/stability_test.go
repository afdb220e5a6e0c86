package batch

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"atelier/ui/tab/tabtest"
)

// repeatsFixture is the stability view's batch: three cases over two
// targets, three repeats each. "capital" always passes with the same
// answer; alpha's "sum" answers 5 once (a fail) and 4 twice (parting at
// word 4); alpha's "poem" always fails, beta's failed once with an error.
func repeatsFixture() fixture {
	return fixture{
		cases:   []string{"capital", "sum", "poem"},
		targets: []string{"alpha:model-a", "beta:model-b"},
		repeats: 3,
		reply: func(c, t, r int) (string, *bool) {
			text := "Paris, yes."
			switch c {
			case 1:
				text = "The sum is 4, yes."
				if t == 0 && r == 2 {
					text = "The sum is 5, no."
				}
			case 2:
				text = fmt.Sprintf("Waves in line %d, yes.", t)
				if t == 0 {
					text = "Waves, no."
				}
			}
			pass := strings.Contains(text, "yes")
			return text, &pass
		},
		fail: func(c, t, r int) bool { return c == 2 && t == 1 && r == 1 },
	}
}

func openRepeats(t *testing.T, w, h int) *harness {
	t.Helper()
	hs := openMatrix(t, repeatsFixture(), w, h)
	if hs.m.mx.repeats == nil {
		t.Fatalf("no matrix with its repeats:\n%s", hs.view())
	}
	return hs
}

// v reads each cell's repeats together: class, passes, the answers
// collapsed and where they part; F keeps the flaky cases, f and F take
// each other's place.
func TestStabilityViewAndFlakyFilter(t *testing.T) {
	hs := openRepeats(t, 120, 40)
	hs.Keys("v")
	view := hs.view()
	for _, want := range []string{"✓ always passes 3/3", "3× same", "≈ flaky 2/3", "2× same, 1× other · word 4: 4,/5,",
		"✗ always fails 0/3", "pass^3", "0.33"} {
		if !strings.Contains(view, want) {
			t.Errorf("stability view lacks %q:\n%s", want, view)
		}
	}
	hs.Keys("F")
	if got := hs.caseNames(); !slices.Equal(got, []string{"sum", "poem"}) {
		t.Errorf("F: %v, want the flaky cases sum and poem", got)
	}
	if view := hs.view(); !strings.Contains(view, "only flaky cases") {
		t.Errorf("F: the sort line does not say so:\n%s", view)
	}
	hs.Keys("f")
	if hs.m.mx.onlyFlaky || !hs.m.mx.onlyDiff {
		t.Error("f after F: want the disagreement filter alone")
	}
	hs.Keys("F", "F")
	if got := hs.caseNames(); len(got) != 3 {
		t.Errorf("F twice: %v, want every case", got)
	}
}

// The stability view's goldens, at 80×24 and 120×40: run `go test
// ./ui/batch -run TestGoldenStability -update` after a deliberate change.
func TestGoldenStability(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {120, 40}} {
		for name, keys := range map[string][]string{"stability": {"v"}, "stability_flaky": {"v", "F"}} {
			t.Run(fmt.Sprintf("%s_%dx%d", name, size[0], size[1]), func(t *testing.T) {
				hs := openRepeats(t, size[0], size[1])
				hs.Keys(keys...)
				golden.RequireEqual(t, tabtest.In256Colours(hs.m.View()))
			})
		}
	}
}
