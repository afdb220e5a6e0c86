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

// rowLines is the lines a case takes: its figures and first line, and an
// image batch's thumbnails under them.
func (m Model) rowLines() int {
	if m.mx != nil && m.mx.plan.IsImage() {
		return 2 + thumbRows
	}
	return 2
}

// caseWidth is the width of the column of case names.
func (m Model) caseWidth() int { return min(max(m.width/4, caseWidthMin), caseWidthMax) }

// colWidth is the width of one target's column, its "│ " included.
func (m Model) colWidth() int {
	if m.mx == nil {
		return colWidthMin
	}
	avail := m.width - m.caseWidth()
	return max(avail/max(len(m.mx.plan.Targets), 1), colWidthMin)
}

// targetsInSight is how many target columns fit.
func (m Model) targetsInSight() int {
	return max((m.width-m.caseWidth())/m.colWidth(), 1)
}

// fixedLines is what the matrix view spends besides the cases' rows:
// the heading, the progress bar, the sort line, the column heads and the
// summary (its rule, its heads and a row per target).
func (m Model) fixedLines() int {
	n := 3
	if m.runningOpen() {
		n++
	}
	if m.mx != nil {
		n += 2 + len(m.mx.plan.Targets)
	}
	return n
}

// matrixRows is how many cases fit.
func (m Model) matrixRows() int { return max((m.height-m.fixedLines())/m.rowLines(), 1) }

// listHeight is the list's rows: the heading, a progress line and a line
// for the path field, the filter or a question are kept.
func (m Model) listHeight() int { return max(m.height-4, 1) }

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
