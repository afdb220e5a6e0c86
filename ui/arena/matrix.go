package arena

import (
	"fmt"
	"strconv"

	"github.com/charmbracelet/x/ansi"

	"atelier/internal/termtext"
	"atelier/store/rank"
)

// The matrix's cells: "62% 13", a win rate and the votes behind it.
const (
	cellW     = 9
	maxLabelW = 40 // the row's rank and name, abbreviated past it
)

// matrixView is the head-to-head matrix, shown instead of the board:
// whether it is shown, and its first column, which scrolls sideways when
// the targets do not all fit. It is apart from the Model because its
// columns depend only on the board and the width it is drawn in.
type matrixView struct {
	on  bool
	col int // the first column shown
}

// left scrolls the columns one to the left.
func (v matrixView) left() matrixView {
	v.col = max(v.col-1, 0)
	return v
}

// right scrolls the columns one to the right, while some are hidden there.
func (v matrixView) right(b *board, width int) matrixView {
	n := 0
	if b != nil {
		n = len(b.blind.Entries)
	}
	v.col = min(v.col+1, max(n-v.columns(b, width), 0))
	return v
}

// columns is how many columns fit beside the row names.
func (v matrixView) columns(b *board, width int) int {
	return max((width-v.labelWidth(b, width))/cellW, 1)
}

// labelWidth is the row names' column: the rank and the longest name, up
// to maxLabelW, cut down to a quarter of the screen (names abbreviated)
// when the columns would not all fit beside it.
func (v matrixView) labelWidth(b *board, width int) int {
	if b == nil {
		return 12
	}
	longest := 0
	for _, e := range b.blind.Entries {
		longest = max(longest, ansi.StringWidth(termtext.String(e.Target)))
	}
	lw := min(longest+4, maxLabelW)
	if lw+len(b.blind.Entries)*cellW > width {
		lw = min(lw, max(width/4, 12))
	}
	return lw
}

// lines is the head-to-head matrix: row i, column j is how often the
// row's target beat the column's (ties as halves) and in how many votes.
// Columns are the targets' ranks; those that do not fit scroll.
func (v matrixView) lines(b *board, st styles, width int) []string {
	n := len(b.blind.Entries)
	cols := v.columns(b, width)
	first := min(v.col, max(n-cols, 0))
	last := min(first+cols, n)
	lw := v.labelWidth(b, width)

	heading := "Head to head: the row's win rate against the column, votes"
	if last-first < n {
		heading += fmt.Sprintf(" · %d–%d of %d, ←/→", first+1, last, n)
	}
	out := []string{st.Heading.Render(heading)}
	header := pad("", lw)
	for j := first; j < last; j++ {
		header += right("#"+strconv.Itoa(j+1), cellW)
	}
	out = append(out, st.Column.Render(header))
	for i, e := range b.blind.Entries {
		line := st.Text.Render(pad(right(strconv.Itoa(i+1), 2)+" "+termtext.String(e.Target), lw))
		for j := first; j < last; j++ {
			line += st.cell(b.blind.HeadToHead[i][j], i == j)
		}
		out = append(out, line)
	}
	return out
}

// cell is one cell of the matrix: the row's win rate against the column
// and the votes behind it; — on the diagonal, · for two that never met.
func (st styles) cell(c rank.Cell, self bool) string {
	switch r := c.WinRate(); {
	case self:
		return st.Hint.Render(right("—", cellW))
	case r < 0:
		return st.Hint.Render(right("·", cellW))
	default:
		return st.rate(r).Render(right(fmt.Sprintf("%s %.0f", percent(r), c.Games), cellW))
	}
}
