package arena

import (
	"fmt"
	"strconv"

	"github.com/charmbracelet/x/ansi"

	"atelier/termtext"
)

// The matrix's cells: "62% 13", a win rate and the votes behind it.
const (
	cellW     = 9
	maxLabelW = 40 // the row's rank and name, abbreviated past it
)

// targets is how many targets the board shown ranks.
func (m Model) targets() int {
	if b := m.shown(); b != nil {
		return len(b.blind.Entries)
	}
	return 0
}

// matrixColumns is how many columns fit beside the row names.
func (m Model) matrixColumns() int { return max((m.width-m.labelWidth())/cellW, 1) }

// labelWidth is the row names' column: the rank and the longest name, up
// to maxLabelW, cut down to a quarter of the screen (names abbreviated)
// when the columns would not all fit beside it.
func (m Model) labelWidth() int {
	b := m.shown()
	if b == nil {
		return 12
	}
	longest := 0
	for _, e := range b.blind.Entries {
		longest = max(longest, ansi.StringWidth(termtext.String(e.Target)))
	}
	lw := min(longest+4, maxLabelW)
	if lw+len(b.blind.Entries)*cellW > m.width {
		lw = min(lw, max(m.width/4, 12))
	}
	return lw
}

// matrixLines is the head-to-head matrix: row i, column j is how often
// the row's target beat the column's (ties as halves) and in how many
// votes. Columns are the targets' ranks; those that do not fit scroll.
func (m Model) matrixLines(b *board) []string {
	n := len(b.blind.Entries)
	cols := m.matrixColumns()
	first := min(m.col, max(n-cols, 0))
	last := min(first+cols, n)
	lw := m.labelWidth()

	heading := "Head to head: the row's win rate against the column, votes"
	if last-first < n {
		heading += fmt.Sprintf(" · %d–%d of %d, ←/→", first+1, last, n)
	}
	out := []string{m.st.Heading.Render(heading)}
	header := pad("", lw)
	for j := first; j < last; j++ {
		header += right("#"+strconv.Itoa(j+1), cellW)
	}
	out = append(out, m.st.Column.Render(header))
	for i, e := range b.blind.Entries {
		line := m.st.Text.Render(pad(right(strconv.Itoa(i+1), 2)+" "+termtext.String(e.Target), lw))
		for j := first; j < last; j++ {
			c := b.blind.HeadToHead[i][j]
			switch r := c.WinRate(); {
			case i == j:
				line += m.st.Hint.Render(right("—", cellW))
			case r < 0:
				line += m.st.Hint.Render(right("·", cellW))
			default:
				line += m.rateStyle(r).Render(right(fmt.Sprintf("%s %.0f", percent(r), c.Games), cellW))
			}
		}
		out = append(out, line)
	}
	return out
}
