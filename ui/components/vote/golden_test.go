package vote

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"atelier/ui/tab/tabtest"
)

// stage is one moment of the vote's life, reached by keys from the start.
type stage struct {
	name  string
	n     int
	wait  string
	keys  []string
	close bool // the history is gone before the keys: the vote is not recorded
}

// life is the blind vote's whole life, as every tab shows it.
var life = []stage{
	{name: "two targets, before the vote", n: 2},
	{name: "waiting for the replies", n: 2, wait: "the vote opens once every reply has ended (esc stops the rest)"},
	{name: "four targets, before the vote", n: 4},
	{name: "four targets, two letters typed", n: 4, keys: []string{"d", "B"}},
	{name: "recorded", n: 2, keys: []string{"b"}},
	{name: "a ranking recorded", n: 3, keys: []string{"c", "a", "b", "enter"}},
	{name: "the withdrawal asked", n: 2, keys: []string{"a", "W"}},
	{name: "a ranking's withdrawal asked", n: 4, keys: []string{"d", "c", "b", "a", "enter", "W"}},
	{name: "withdrawn", n: 2, keys: []string{"a", "W", "y"}},
	{name: "not recorded: tried again", n: 2, close: true, keys: []string{"t"}},
}

// TestGolden draws every stage of the vote at 80×24 and 120×40: each
// stage's line under its name, in a block as high as the terminal, as the
// tabs place it. Run with -update after a deliberate change, and look.
func TestGolden(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {120, 40}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			w, h := size[0]-4, size[1]-4 // inside the shell's frame
			var lines []string
			for _, s := range life {
				r := newRig(t, s.n)
				if s.close {
					r.db.Close()
				}
				r.keys(s.wait, s.keys...)
				r.m = r.m.Ballot(r.ballot, s.wait)
				r.m.SetWidth(w)
				v := r.m.View()
				if ansi.StringWidth(v) > w || strings.Contains(v, "\n") {
					t.Errorf("%s: not one line of %d:\n%s", s.name, w, v)
				}
				lines = append(lines, "── "+s.name, v)
			}
			if len(lines) > h {
				t.Fatalf("%d lines in %d", len(lines), h)
			}
			for len(lines) < h {
				lines = append(lines, "")
			}
			golden.RequireEqual(t, tabtest.In256Colours(strings.Join(lines, "\n")))
		})
	}
}
