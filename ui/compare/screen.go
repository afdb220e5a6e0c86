package compare

import (
	"fmt"
	"slices"
	"strings"

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
// what the next costs (next: its estimate, or ""), and how the columns
// scroll.
func (s screen) position(next, where string) string {
	var parts []string
	if next != "" {
		parts = append(parts, "next run "+next)
	}
	if len(s.run.tags) > 0 {
		parts = append(parts, "tags "+strings.Join(s.run.tags, ", "))
	}
	if where != "" {
		parts = append(parts, where)
	}
	if len(s.run.lanes) == 0 {
		return strings.Join(parts, " · ")
	}
	if g := s.geometry(); g.count < len(s.run.lanes) {
		parts = append(parts, fmt.Sprintf("column %d of %d", s.lens.focus+1, len(s.run.lanes)))
	}
	if s.lens.sync {
		parts = append(parts, "scroll together")
	} else {
		parts = append(parts, "scroll apart")
	}
	return strings.Join(parts, " · ")
}
