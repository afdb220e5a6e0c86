package batch

import (
	"maps"
	"slices"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// The matrix's geometry: a column of case names, then one column per
// target; every case takes two lines (the figures, then the first line of
// the reply), and the summary rows go under it.

const (
	caseWidthMax = 28
	caseWidthMin = 12
	colWidthMin  = 18 // a target's column: "✓ 3/3 12.3s 1234t" fits
)

// layout is the matrix's geometry for one frame: the tab's size, the
// open matrix and whether its run's progress line shows. Model.layout
// works it out when it is needed; nothing keeps it, so it is never stale.
type layout struct {
	w, h    int
	x       *matrix // the open batch; nil: none
	running bool    // the open matrix is the batch running: its progress line shows
}

// layout is the geometry the matrix is drawn and moved in now.
func (m Model) layout() layout {
	return layout{w: m.width, h: m.height, x: m.mx, running: m.runningOpen()}
}

// rowLines is the lines a case takes: its figures and first line, and an
// image batch's thumbnails under them.
func (l layout) rowLines() int {
	if l.x != nil && l.x.plan.IsImage() {
		return 2 + thumbRows
	}
	return 2
}

// caseWidth is the width of the column of case names.
func (l layout) caseWidth() int { return min(max(l.w/4, caseWidthMin), caseWidthMax) }

// colWidth is the width of one target's column, its "│ " included.
func (l layout) colWidth() int {
	if l.x == nil {
		return colWidthMin
	}
	avail := l.w - l.caseWidth()
	return max(avail/max(len(l.x.plan.Targets), 1), colWidthMin)
}

// targetsInSight is how many target columns fit.
func (l layout) targetsInSight() int {
	return max((l.w-l.caseWidth())/l.colWidth(), 1)
}

// fixedLines is what the matrix view spends besides the cases' rows:
// the heading, the progress bar, the sort line, the column heads and the
// summary (its rule, its heads and a row per target).
func (l layout) fixedLines() int {
	n := 3
	if l.running {
		n++
	}
	if l.x != nil {
		n += 2 + len(l.x.plan.Targets)
	}
	return n
}

// rows is how many cases fit.
func (l layout) rows() int { return max((l.h-l.fixedLines())/l.rowLines(), 1) }

// visibleTargets are the target columns in sight.
func (l layout) visibleTargets() []int {
	x := l.x
	var out []int
	for t := x.left; t < len(x.plan.Targets) && len(out) < l.targetsInSight(); t++ {
		out = append(out, t)
	}
	return out
}

// follow scrolls the open matrix to keep its cursor in sight.
func (l layout) follow() { l.x.follow(l.rows(), l.targetsInSight()) }

// thumbsInSight are the thumbnails the cells in sight show: a file at the
// width of a column.
func (l layout) thumbsInSight() []thumbKey {
	x := l.x
	var out []thumbKey
	cols := l.colWidth() - 2
	for i := x.top; i < len(x.rows) && i < x.top+l.rows(); i++ {
		for _, t := range l.visibleTargets() {
			if s := x.grid[x.rows[i]][t]; s.media != "" {
				out = append(out, thumbKey{path: s.media, cols: cols, rows: thumbRows})
			}
		}
	}
	return out
}

// follow keeps the cursor in sight: rows cases and cols targets show.
func (x *matrix) follow(rows, cols int) {
	x.top = max(min(x.top, x.row), x.row-rows+1, 0)
	x.top = min(x.top, max(len(x.rows)-rows, 0))
	x.left = max(min(x.left, x.col), x.col-cols+1, 0)
	x.left = min(x.left, max(len(x.plan.Targets)-cols, 0))
}

// fit is s cut to w cells with an ellipsis, padded with spaces to w.
func fit(s string, w int) string {
	if w <= 0 {
		return ""
	}
	s = ansi.Truncate(s, w, "…")
	if n := ansi.StringWidth(s); n < w {
		s += strings.Repeat(" ", w-n)
	}
	return s
}

func sortedKeys(m map[string]string) []string { return slices.Sorted(maps.Keys(m)) }
