package batch

import (
	"fmt"
	"testing"

	"atelier/ui/tab/tabtest"

	"github.com/charmbracelet/x/exp/golden"
)

// TestGolden compares the matrix's views with testdata/TestGolden/*.golden,
// drawn in 256 colours. Run `go test ./ui/batch -run TestGolden -update`
// after a deliberate change, and look at the files (cat shows them in
// colour).
func TestGolden(t *testing.T) {
	cases := []struct {
		name string
		do   func(hs *harness)
	}{
		{"matrix", func(hs *harness) {}},
		{"matrix_cursor", func(hs *harness) { hs.Keys("j", "l") }},
		{"disagree_sorted", func(hs *harness) { hs.Keys("f", "s", "s", "S") }},
		{"replies", func(hs *harness) { hs.Keys("j", "l", "enter") }},
	}
	for _, size := range [][2]int{{80, 24}, {120, 40}, {200, 50}} {
		for _, c := range cases {
			t.Run(fmt.Sprintf("%s_%dx%d", c.name, size[0], size[1]), func(t *testing.T) {
				hs := openFixture(t, size[0], size[1])
				c.do(hs)
				golden.RequireEqual(t, tabtest.In256Colours(hs.m.View()))
			})
		}
	}
}
