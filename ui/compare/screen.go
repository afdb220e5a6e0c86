package compare

import (
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"atelier/client"
	"atelier/store/price"
)

// screen is the run on screen as the view lays it out: its columns (or
// the next run's targets), the system prompt shown, the mode, the lens and
// the size. It is apart from the Model because the view's arithmetic (how
// many columns fit, which settings tell them apart, how a column is
// painted) reads these and nothing else; the Model takes one per frame,
// and per layout.
type screen struct {
	st      *styles
	prices  price.Table
	arena   arena
	run     run
	system  string              // the system prompt shown
	targets []client.ChatTarget // the targets shown: the run's, or the next run's
	mode    mode
	lens    lens
	width   int
	height  int
}

// screen is the screen of the tab as it is.
func (m Model) screen() screen {
	_, system := m.run.shown(m.prompt, m.system)
	return screen{st: m.st, prices: m.prices, arena: m.arena, run: m.run, system: system,
		targets: m.run.shownTargets(m.targets), mode: m.mode, lens: m.lens, width: m.width, height: m.height}
}

// shownTargets are the targets of r, or next when r has no columns.
func (r run) shownTargets(next []client.ChatTarget) []client.ChatTarget {
	if len(r.lanes) == 0 {
		return next
	}
	out := make([]client.ChatTarget, len(r.lanes))
	for i, l := range r.lanes {
		out[i] = l.target
	}
	return out
}

// painter is the painter of the run on screen.
func (s screen) painter() painter {
	return painter{st: s.st, prices: s.prices, arena: s.arena, next: s.arena.next, pick: s.run.pick}
}

func (s screen) geometry() geometry {
	g := geometry{top: topLines(s.mode, s.system, s.arena.line())}
	n := len(s.targets)
	g.colH = max(s.height-g.top, 0)
	if n == 0 || len(s.run.lanes) == 0 && n < 2 {
		return g // nothing to compare yet
	}
	g.count = min(n, max(s.width/minColumn, 1))
	if s.lens.zoom || s.width < foldWidth {
		g.count = 1
	}
	for need := s.run.tableNeed(); g.count > 1 && s.width/g.count-4 < need; {
		g.count-- // fewer columns rather than tables with words split
	}
	g.first = max(min(s.lens.focus-g.count+1, n-g.count), 0)
	g.colW = s.width / g.count
	return g
}

// settingsApart splits the settings of every target on screen, each
// target's read once (a frame draws every column).
func (s screen) settingsApart() []settingsSplit {
	pairs := make([][]string, len(s.targets))
	for i, t := range s.targets {
		pairs[i] = settingPairs(t, s.system)
	}
	out := make([]settingsSplit, len(s.targets))
	for i, ps := range pairs {
		for _, p := range ps {
			everyone := len(s.targets) > 1
			for _, o := range pairs {
				everyone = everyone && slices.Contains(o, p)
			}
			if everyone {
				out[i].shared = append(out[i].shared, p)
			} else {
				out[i].apart = append(out[i].apart, p)
			}
		}
	}
	return out
}

// position says which run is on screen (where, as the browser says it),
// what the next costs (next: its estimate, or ""), which column has the
// keyboard and how the columns scroll, in at most room cells: while the
// line is too long, the least telling part goes (how they scroll, then
// the tags, the next run's cost, the column), never where the run is.
func (s screen) position(next, where string, room int) string {
	type part struct {
		text string
		rank int // which goes first: the highest
	}
	var parts []part
	if next != "" {
		parts = append(parts, part{"next run " + next, 2})
	}
	if len(s.run.tags) > 0 {
		parts = append(parts, part{"tags " + strings.Join(s.run.tags, ", "), 3})
	}
	if where != "" {
		parts = append(parts, part{where, 0})
	}
	if len(s.run.lanes) > 0 {
		if g := s.geometry(); g.count < len(s.run.lanes) {
			parts = append(parts, part{fmt.Sprintf("column %d of %d", s.lens.focus+1, len(s.run.lanes)), 1})
		}
		scrolling := "scroll apart"
		if s.lens.sync {
			scrolling = "scroll together"
		}
		parts = append(parts, part{scrolling, 4})
	}
	line := func() string {
		texts := make([]string, len(parts))
		for i, p := range parts {
			texts[i] = p.text
		}
		return strings.Join(texts, " · ")
	}
	for rank := 4; rank > 0 && ansi.StringWidth(line()) > room; rank-- {
		parts = slices.DeleteFunc(parts, func(p part) bool { return p.rank == rank })
	}
	return line()
}
