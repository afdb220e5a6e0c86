package markdown

import (
	"bytes"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"charm.land/glamour/v2/ansi"
	xansi "github.com/charmbracelet/x/ansi"
)

// A table of plain text, laid out without glamour.
//
// Glamour hands a table to lipgloss's table, which gives each column the
// width of its widest cell plus a cell of margin on either side, then, while
// the columns and the borders between them are narrower than the room,
// widens the narrowest column (the first of them) by one; each cell's text
// is aligned in its column as the delimiter row says. A table of cells that
// hold only text (no emphasis, code, links, escapes or HTML: see plainCell)
// is drawn by that rule alone, here, for the cost of writing its lines: at
// 84 columns glamour takes some 0.7 ms for the stub and the few rows of a
// streaming table's tail, and a closed table costs it again whole.
//
// What the rule cannot know (the document's margin, the styles of the head
// and the cells, the border characters, the empty lines around a table) is
// read from glamour's rendering of one small table, once per width and
// style; then other probe tables (alignments, empty and missing cells, wide
// characters) are laid out and must come out as glamour's lines, or tables
// are left to glamour at that width. A table wider than the room (lipgloss
// then shares the room by the columns' medians and wraps cells) is left to
// glamour too. TestFlatTableAsGlamour compares the two on random tables;
// TestBlockwiseMatchesWhole and its kin compare the stream with one render
// of the whole text.

// flatTable is how glamour draws a table at one width in one style.
type flatTable struct {
	margin     int    // cells before a table's first column
	room       int    // the table's width: columns and borders
	head, body string // the styles of a head cell's text and a body cell's
	border     string // between two cells of a row
	rule       string // the line under the head is made of it
	cross      string // where that line meets a border
	pre, post  int    // empty lines before the head and after the last row
}

// flatTableProbes are the tables whose lines must come out as glamour's:
// the first is the one the layout is read from; then alignments, empty and
// missing cells, a row ending without its pipe, wide characters and
// punctuation, one column, many.
var flatTableProbes = []string{
	"| a | b |\n|---|---|\n| x | y |\n",
	"| Item | Value | Note |\n|:---|---:|:-:|\n| vector | 866 | harvest balances |\n| a b | 1 | x |\n| | 22 |\n| odd | 4444 | ab\n",
	"| 名前 | Größe |\n|:--:|--:|\n| 日本語の文字 | 1.5 |\n| café, “quoted” — ok | 12,345 |\n| " + cutMark + "marked | (x) |\n",
	"| one |\n|---|\n| " + strings.Repeat("plain words ", 3) + "|\n",
	"| a | b | c | d | e | f | g |\n|-|:-:|-:|:-|-|-|-|\n| 1 | 22 | 333 | 4 | 5 | 6 | 7 |\n",
}

// newFlatTable returns the flat layout of tables at width in style, or nil
// if it would not draw the probes as whole (glamour at the width) does.
func newFlatTable(style ansi.StyleConfig, whole renderFunc) *flatTable {
	if t := style.Table; t.Margin != nil || t.Indent != nil {
		return nil // lipgloss pads the cells by the margin: not the rule above
	}
	first, err := whole([]byte(flatTableProbes[0]))
	if err != nil {
		return nil
	}
	f := readFlatTable(compact(nil, first.out))
	if f == nil {
		return nil
	}
	for i, s := range flatTableProbes {
		want := first
		if i > 0 {
			if want, err = whole([]byte(s)); err != nil {
				return nil
			}
		}
		got, ok := f.lay([]byte(s))
		if !ok && i > 0 {
			continue // too wide for the room at this width: glamour's
		}
		if !ok || !slices.Equal(compact(nil, got.out), compact(nil, want.out)) {
			return nil
		}
	}
	return f
}

// readFlatTable reads the layout from lines, glamour's rendering of
// flatTableProbes[0] made compact: empty lines, the head, the line under it,
// the row, empty lines.
func readFlatTable(lines []string) *flatTable {
	var text []int
	for i, l := range lines {
		if strings.TrimSpace(xansi.Strip(l)) != "" {
			text = append(text, i)
		}
	}
	if len(text) != 3 || text[2] != text[0]+2 {
		return nil
	}
	head, sep, row := lines[text[0]], xansi.Strip(lines[text[0]+1]), lines[text[2]]
	f := &flatTable{pre: text[0], post: len(lines) - text[2] - 1}
	trimmed := strings.TrimLeft(sep, " ")
	f.margin = len(sep) - len(trimmed)
	f.room = xansi.StringWidth(trimmed)
	r, n := utf8.DecodeRuneInString(trimmed)
	f.rule = trimmed[:n]
	at := strings.IndexFunc(trimmed, func(c rune) bool { return c != r })
	if at < 0 {
		return nil
	}
	c, m := utf8.DecodeRuneInString(trimmed[at:])
	f.cross = string(c)
	col := f.margin + xansi.StringWidth(trimmed[:at])
	var ok bool
	if f.head, ok = styleBefore(head, "a"); !ok {
		return nil
	}
	if f.body, ok = styleBefore(row, "x"); !ok {
		return nil
	}
	f.border = xansi.Cut(xansi.Strip(row), col, col+xansi.StringWidth(trimmed[at:at+m]))
	return f
}

// styleBefore returns the escapes between the spaces line starts with and
// text, its first visible text; ok is false if anything else is there.
func styleBefore(line, text string) (string, bool) {
	rest := strings.TrimLeft(line, " ")
	k := strings.Index(rest, text)
	if k < 0 || xansi.Strip(rest[:k]) != "" {
		return "", false
	}
	return rest[:k], true
}

// lay draws src, a table, as glamour would; ok is false if src is not a
// table of plain cells that fits the room.
func (f *flatTable) lay(src []byte) (rd rendering, ok bool) {
	rows, align, ok := plainTable(flatBody(src))
	if !ok {
		return rendering{}, false
	}
	width := make([]int, len(align))
	for _, row := range rows {
		for k, c := range row {
			width[k] = max(width[k], xansi.StringWidth(c))
		}
	}
	cols, ok := f.columns(width)
	if !ok {
		return rendering{}, false
	}
	var b strings.Builder
	b.WriteString(strings.Repeat("\n", f.pre))
	for i, row := range rows {
		b.WriteString(strings.Repeat(" ", f.margin))
		style := f.body
		if i == 0 {
			style = f.head
		}
		for k, c := range row {
			if k > 0 {
				b.WriteString(f.border)
			}
			writeCell(&b, c, cols[k]-2, align[k], style)
		}
		b.WriteByte('\n')
		if i == 0 {
			b.WriteString(strings.Repeat(" ", f.margin))
			for k, w := range cols {
				if k > 0 {
					b.WriteString(f.cross)
				}
				b.WriteString(strings.Repeat(f.rule, w))
			}
			b.WriteByte('\n')
		}
	}
	b.WriteString(strings.Repeat("\n", f.post))
	out := b.String()
	return rendering{out: out[:len(out)-1]}, true
}

// columns returns the columns' widths, their margins included, for the
// widest cells' widths: each its widest cell's and a cell either side, then
// the narrowest widened by one until the columns and the borders between
// them fill the room. ok is false if they are wider than the room.
func (f *flatTable) columns(widest []int) (cols []int, ok bool) {
	cols = make([]int, len(widest))
	total := len(widest) - 1 // the borders
	for k, w := range widest {
		cols[k] = w + 2
		total += cols[k]
	}
	if total > f.room {
		return nil, false
	}
	for ; total < f.room; total++ {
		cols[slices.Index(cols, slices.Min(cols))]++
	}
	return cols, true
}

// writeCell writes a cell of text in a column of inner cells (its margins
// not counted), aligned as align says (lipgloss puts the odd cell of a
// centred text's room on the right).
func writeCell(b *strings.Builder, text string, inner int, align byte, style string) {
	gap := inner - xansi.StringWidth(text)
	left := 0
	switch align {
	case 'r':
		left = gap
	case 'c':
		left = gap / 2
	}
	b.WriteString(strings.Repeat(" ", 1+left))
	if text != "" && style != "" {
		b.WriteString(style + text + xansi.ResetStyle)
	} else {
		b.WriteString(text)
	}
	b.WriteString(strings.Repeat(" ", gap-left+1))
}

// plainTable reads body as a table whose cells are all plain (plainCell):
// its rows, the head first, each as many cells as the head (a row missing
// some gets empty ones), and each column's alignment ('l', 'r', 'c' or 0).
// ok is false for anything else: a line that does not start with a pipe,
// a row of more cells than the head, a delimiter row that is not one.
func plainTable(body []byte) (rows [][]string, align []byte, ok bool) {
	lines := bytes.Split(body, []byte("\n"))
	if len(lines) < 2 {
		return nil, nil, false
	}
	for _, l := range lines {
		if !tableLine(l) {
			return nil, nil, false
		}
	}
	head := cells(lines[0])
	align, ok = alignments(cells(lines[1]))
	if !ok || len(align) != len(head) {
		return nil, nil, false
	}
	rows = make([][]string, 0, len(lines)-1)
	for i, l := range lines {
		if i == 1 {
			continue
		}
		row := cells(l)
		if len(row) > len(head) {
			return nil, nil, false
		}
		for _, c := range row {
			if !plainCell(c) {
				return nil, nil, false
			}
		}
		for len(row) < len(head) {
			row = append(row, "")
		}
		rows = append(rows, row)
	}
	return rows, align, true
}

// tableLine reports whether l can be a row of a table laid out flat: a pipe
// after less than four spaces, nothing that would be read as a link, a
// picture or an address (glamour lists those under the table), and no
// white space but spaces, nor control characters: cells trims them where
// goldmark keeps them, or the other way round (a form feed after a
// delimiter row makes it a paragraph's text).
func tableLine(l []byte) bool {
	t := bytes.TrimLeft(l, " ")
	if len(l)-len(t) >= 4 || len(t) == 0 || t[0] != '|' || riskyCell(l) {
		return false
	}
	for _, r := range string(l) {
		if r < ' ' || r == 0x7f || r >= utf8.RuneSelf && (unicode.IsSpace(r) || unicode.IsControl(r)) {
			return false
		}
	}
	return true
}

// alignments reads a delimiter row's cells: each dashes, with a colon on
// the side it aligns to, or on both to centre.
func alignments(delim []string) ([]byte, bool) {
	out := make([]byte, len(delim))
	for k, c := range delim {
		d := strings.Trim(c, ":")
		if d == "" || strings.Trim(d, "-") != "" || len(c)-len(d) > 2 {
			return nil, false
		}
		left, right := c[0] == ':', c[len(c)-1] == ':'
		switch {
		case left && right:
			out[k] = 'c'
		case right:
			out[k] = 'r'
		case left:
			out[k] = 'l'
		}
	}
	return out, true
}

// plainCell reports whether a cell's text is drawn as it is, in one style:
// letters, digits, punctuation and single spaces, but none of the
// characters markdown reads inline (emphasis, code, links, escapes, HTML,
// entities, strikethrough). The renderer's marks of no width are text too.
func plainCell(c string) bool {
	space := false
	for _, r := range c {
		switch {
		case r == ' ':
			if space {
				return false
			}
			space = true
			continue
		case r < utf8.RuneSelf:
			if r < ' ' || r == 0x7f || strings.ContainsRune("\\`*_[]<>!&~|@", r) {
				return false
			}
		case string(r) == cutMark:
		case !unicode.IsLetter(r) && !unicode.IsNumber(r) && !unicode.IsPunct(r):
			return false
		}
		space = false
	}
	return true
}
