package arena

import (
	"fmt"
	"testing"

	"atelier/ui/tab/tabtest"

	"github.com/charmbracelet/x/exp/golden"
)

// TestGolden compares views with testdata/TestGolden/*.golden, drawn in
// 256 colours. Run `go test ./ui/arena -run TestGolden -update` after a
// deliberate change, and look at the files (cat shows them in colour).
func TestGolden(t *testing.T) {
	db, _ := fixture(t)
	empty := openStore(t)
	cases := []struct {
		name  string
		empty bool
		do    func(hs *harness)
	}{
		{"board", false, func(hs *harness) {}},
		{"board_light", false, func(hs *harness) { hs.m.SetDark(false) }},
		{"matrix", false, func(hs *harness) { hs.Keys("m") }},
		{"pair", false, func(hs *harness) { hs.Keys("j", "j") }},
		{"filters", false, func(hs *harness) { hs.Keys("f").Type("code").Keys("tab").Type("alpha") }},
		{"filtered", false, func(hs *harness) { hs.Keys("f").Type("code").Keys("enter") }},
		{"empty", true, func(hs *harness) {}},
		{"empty_image", true, func(hs *harness) { hs.Keys("2") }},
	}
	for _, size := range [][2]int{{80, 24}, {120, 40}, {200, 50}} {
		for _, c := range cases {
			t.Run(fmt.Sprintf("%s_%dx%d", c.name, size[0], size[1]), func(t *testing.T) {
				d := db
				if c.empty {
					d = empty
				}
				hs := newHarness(t, d, size[0], size[1])
				c.do(hs)
				golden.RequireEqual(t, tabtest.In256Colours(hs.m.View()))
			})
		}
	}
}
