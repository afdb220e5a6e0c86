package imageview

import (
	"strconv"
	"strings"
)

// kittyPlaceholderRune marks a cell the terminal replaces with part of an
// image; the diacritics after it say which part.
const kittyPlaceholderRune = '\U0010EEEE'

// KittyPlaceholder returns rows lines of cols placeholder cells showing image
// id, which must have a virtual placement of the same size (Kitty.Transmit
// or Kitty.Place). It is ordinary text: put it in a view like any other.
// The low 24 bits of id travel in a 24-bit foreground colour, the high byte
// (if any) in a third diacritic. Every cell names its row and column, since
// Bubble Tea may redraw only part of a line. cols and rows are clamped to
// 1..297 as in Transmit.
//
// The renderer converts colours to the terminal's profile, so 24-bit ids
// survive only where Bubble Tea reports true colour; use KittyPlaceholder256
// elsewhere.
func KittyPlaceholder(id uint32, cols, rows int) string {
	r, g, b := id>>16&0xff, id>>8&0xff, id&0xff
	sgr := "\x1b[38;2;" + strconv.Itoa(int(r)) + ";" + strconv.Itoa(int(g)) + ";" + strconv.Itoa(int(b)) + "m"
	return placeholderText(sgr, byte(id>>24), cols, rows)
}

// KittyPlaceholder256 is KittyPlaceholder with the id's low byte as a
// 256-colour palette index, for terminals (or tmux) without true colour.
// It can only name ids whose middle two bytes are zero; the low byte should
// be 16 or more, since the renderer may rewrite the first 16 colours as
// basic ANSI codes. A Viewer allocates ids that work both ways.
func KittyPlaceholder256(id uint32, cols, rows int) string {
	sgr := "\x1b[38;5;" + strconv.Itoa(int(id&0xff)) + "m"
	return placeholderText(sgr, byte(id>>24), cols, rows)
}

func placeholderText(sgr string, msb byte, cols, rows int) string {
	cols, rows = clampCells(cols), clampCells(rows)
	var b strings.Builder
	cell := 4 + 2*3 // the placeholder rune and two diacritics, at most
	if msb != 0 {
		cell += 3
	}
	b.Grow(rows * (len(sgr) + cols*cell + 6))
	for y := range rows {
		if y > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(sgr)
		for x := range cols {
			b.WriteRune(kittyPlaceholderRune)
			b.WriteRune(kittyDiacritics[y])
			b.WriteRune(kittyDiacritics[x])
			if msb != 0 {
				b.WriteRune(kittyDiacritics[msb])
			}
		}
		b.WriteString("\x1b[39m")
	}
	return b.String()
}
