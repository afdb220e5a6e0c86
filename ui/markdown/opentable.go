package markdown

import (
	"bytes"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// A table arriving is cut at its rows. Glamour lays a table out with
// lipgloss, which gives each column the width of its widest cell (then
// shares the room left among the narrowest): so a row renders alike in any
// table with the same head and the same widest cells. The tail is rendered
// under a stub of the head, the delimiter row and a row of the widest cells
// committed so far; its lines are dropped. When a wider cell arrives, the
// line under the head changes and the table is laid out again from its
// start. A table too wide for the room (lipgloss then wraps cells, sharing
// the room by the columns' medians) is not cut.

// tableScan is the state of a table.
type tableScan struct {
	head, delim string     // its first two lines
	cols        int        // columns
	rows        []span     // the rows read, as offsets in the text
	cands       []cutPoint // the rows' candidates, for laying the table out again
	done        int        // rows committed
	widest      []string   // per column, the widest cell committed
	width       []int      // its width
	sep         string     // the line under the head, as rendered with them
	// wraps: the table is too wide for the room, so lipgloss shares the
	// room by the columns' medians, which every row moves; or it is long,
	// and a wider cell came. It is then not laid out again as it streams:
	// its new rows are drawn under the head and widest cells as they come
	// (their columns may not line up with those above for a while), and
	// it is rendered whole once, when it closes.
	wraps bool
}

// span is a part of the text.
type span struct{ start, end int }

// cells returns the cells of a table row, trimmed: between pipes not
// escaped, the outer pipes optional.
func cells(row []byte) []string {
	row = bytes.TrimSpace(row)
	row = bytes.TrimPrefix(row, []byte("|"))
	if bytes.HasSuffix(row, []byte("|")) && !bytes.HasSuffix(row, []byte(`\|`)) {
		row = row[:len(row)-1]
	}
	var out []string
	start := 0
	for i := 0; i < len(row); i++ {
		switch row[i] {
		case '\\':
			i++
		case '|':
			out = append(out, string(bytes.TrimSpace(row[start:i])))
			start = i + 1
		}
	}
	return append(out, string(bytes.TrimSpace(row[start:])))
}

// riskyCell reports whether a row holds what glamour lists under the table
// (links, pictures, addresses), which a tail would list apart.
func riskyCell(row []byte) bool {
	for _, s := range []string{"](", "://", "www.", "@", "<", "[", "!"} {
		if bytes.Contains(row, []byte(s)) {
			return true
		}
	}
	return false
}

// tableStart begins table mode when the open block's first line, head, is
// followed by delim, a delimiter row with as many cells.
func (r *Renderer) tableStart(delim []byte) bool {
	o := &r.open
	nl := bytes.IndexByte(r.text[o.first:], '\n')
	head := r.text[o.first : o.first+nl]
	n := len(cells(head))
	if !bytes.ContainsRune(head, '|') || len(cells(delim)) != n || riskyCell(head) {
		return false
	}
	r.restartOpen()
	o.mode, o.isTable = modeTable, true
	o.table = tableScan{head: string(head), delim: string(delim), cols: n,
		widest: make([]string, n), width: make([]int, n)}
	return true
}

// scanTableLine reads a row.
func (r *Renderer) scanTableLine(line []byte, at int) {
	o := &r.open
	if isBlank(line) || riskyCell(line) || !isParaText(line) || isListItem(line) || indent(line) >= 4 {
		r.stopCuts() // the table is over, or holds what a tail cannot draw alike
		return
	}
	t := &o.table
	t.rows = append(t.rows, span{at, at + len(line)})
	mark := at + len(line) - len(bytes.TrimLeft(line, " \t|"))
	for mark < at+len(line) && r.text[mark] == ' ' {
		mark++
	}
	if startsWord(r.text[mark : at+len(line)]) {
		c := cutPoint{at: at, mark: mark, kind: cutLine, row: len(t.rows) - 1}
		t.cands = append(t.cands, c)
		r.addCand(c)
	}
}

// tableRows reports whether t's candidates up to i start one line each,
// the rows before them too: no cell wrapped.
func (r *Renderer) tableRows(t *tailRender, i int) bool {
	o := &r.open
	base := -o.cut.row // lines before row 0
	if o.cut.kind == cutStart {
		base = 2 // the head and the line under it
	}
	for k := 0; k <= i; k++ {
		if t.at[k] != base+o.cands[k].row {
			return false
		}
	}
	return true
}

// tableCommitted learns the widest cells of the rows just committed (the
// committed lines from the table's first on) and makes the stub the next
// tail renders under.
func (r *Renderer) tableCommitted(sep string, lines []string, rows int) {
	o := &r.open
	t := &o.table
	if t.sep == "" {
		t.sep = sep
	}
	bounds := columnBounds(ansi.Strip(t.sep))
	if t.wraps {
		rows = 0 // lines are not rows: the widest cells stay as they were
	}
	for i, l := range lines[len(lines)-rows:] {
		row := t.rows[t.done+i]
		src := cells(r.text[row.start:row.end])
		plain := ansi.Strip(l)
		for k := range min(len(src), t.cols, len(bounds)+1) {
			w := ansi.StringWidth(strings.TrimSpace(cellText(plain, bounds, k)))
			if w > t.width[k] {
				t.width[k], t.widest[k] = w, src[k]
			}
		}
	}
	t.done += rows
	if t.wraps {
		t.done = len(t.rows) // roughly: only a relay reads it again
	}
	var b strings.Builder
	b.WriteString(t.head + "\n" + t.delim + "\n|")
	for _, c := range t.widest {
		b.WriteString(" " + c + " |")
	}
	b.WriteString("\n")
	o.cut.stub = b.String()
}

// tableRelaid lays the table out again when its columns changed, and
// reports whether it did: at once for a table that fits its room (a cell
// wider than the widest committed arrived), for one that wraps only when it
// doubled since (see tableScan.wraps).
func (r *Renderer) tableRelaid() bool {
	t := &r.open.table
	if t.wraps || t.done > relayRows {
		// Laying a long table out again would cost it whole, a long frame:
		// the new rows are drawn under the head and the widest cells, and
		// the table whole once, when it closes.
		t.wraps = true
		return false
	}
	t.wraps = r.tableWraps()
	r.tableRelay()
	return true
}

// relayRows is how many rows a table may have for a wider cell to lay it
// out again at once (see tableRelaid).
const relayRows = 64

// tableWraps reports whether the committed lines hold more lines than rows:
// a cell wrapped.
func (r *Renderer) tableWraps() bool {
	o := &r.open
	return len(o.lines) > o.table.done+2
}

// tableRelay lays the table out again from its start.
func (r *Renderer) tableRelay() {
	o := &r.open
	t := &o.table
	o.cut = cutPoint{at: o.start, mark: -1}
	o.lines, o.codes = nil, nil
	if o.mode == modeTable {
		o.cands = append([]cutPoint(nil), t.cands...)
	}
	t.done, t.sep = 0, ""
	t.widest, t.width = make([]string, t.cols), make([]int, t.cols)
}

// columnBounds returns the cell positions of the column borders in the
// line under a table's head: where its character is not the first's.
func columnBounds(sep string) []int {
	var out []int
	first := rune(-1)
	pos := 0
	for _, c := range sep {
		switch {
		case c == ' ':
		case first < 0:
			first = c
		case c != first:
			out = append(out, pos)
		}
		pos += max(ansi.StringWidth(string(c)), 0)
	}
	return out
}

// cellText is column k of a row's plain line, cut at the borders.
func cellText(plain string, bounds []int, k int) string {
	from, to := 0, -1
	if k > 0 {
		from = bounds[k-1] + 1
	}
	if k < len(bounds) {
		to = bounds[k]
	}
	if to < 0 {
		return ansi.Cut(plain, from, ansi.StringWidth(plain))
	}
	return ansi.Cut(plain, from, to)
}
