package compare

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// tableWidth follows the markdown tables of a reply as it streams, for the
// narrowest column that shows them whole: narrower, the renderer breaks
// words (at four columns, "threa d"), and a little narrower than
// a table's own width it even cuts a cell's last letter, so the need is
// the table's width with no cell wrapped. Reading is incremental: each
// piece is read once.
type tableWidth struct {
	line  string // the line being written, up to maxTableLine bytes
	cells []int  // the table under way: the widest cell of each column
	need  int    // the widest of the tables read so far
}

// maxTableLine bounds the line kept while it is written: a table's row is
// short; a long paragraph is no table row, and its end is not kept.
const maxTableLine = 16 << 10

// feed reads a piece of the reply.
func (t *tableWidth) feed(s string) {
	for {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			t.line = kept(t.line + s)
			return
		}
		t.row(kept(t.line + s[:i]))
		t.line, s = "", s[i+1:]
	}
}

// kept is what a line needs kept to be read as a row: all of a table's
// row (up to maxTableLine), only the start of any other line.
func kept(line string) string {
	rest := strings.TrimLeft(line, " ")
	switch {
	case rest == "" || rest[0] == '|':
		return line[:min(len(line), maxTableLine)]
	}
	return line[:len(line)-len(rest)+1]
}

// end reads the line being written as ended: the reply is over.
func (t *tableWidth) end() {
	if t.line != "" {
		t.row(t.line)
		t.line = ""
	}
}

// row reads one whole line: a table's row widens its columns, a delimiter
// row is passed over, any other line ends the table.
func (t *tableWidth) row(line string) {
	line = strings.TrimSpace(line)
	if !strings.HasPrefix(line, "|") {
		t.cells = nil
		return
	}
	cells := strings.Split(strings.Trim(line, "|"), "|")
	if delimiterRow(cells) {
		return
	}
	for len(t.cells) < len(cells) {
		t.cells = append(t.cells, 0)
	}
	for i, c := range cells {
		shown := strings.NewReplacer("**", "", "__", "", "`", "").Replace(strings.TrimSpace(c))
		t.cells[i] = max(t.cells[i], ansi.StringWidth(shown))
	}
	sum := 0
	for _, w := range t.cells {
		sum += w
	}
	// The renderer's frame: two columns of margin, a space either side of
	// each cell and a rule between cells.
	t.need = max(t.need, sum+3*len(t.cells)+2)
}

// delimiterRow reports whether cells are a table's |---|:--:| line.
func delimiterRow(cells []string) bool {
	for _, c := range cells {
		if strings.Trim(strings.TrimSpace(c), ":-") != "" || !strings.Contains(c, "-") {
			return false
		}
	}
	return true
}
