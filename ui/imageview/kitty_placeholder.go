package imageview

import (
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi/kitty"
)

// kittyPlaceholderRune marks a cell the terminal replaces with part of an
// image; the diacritics after it say which part.
const kittyPlaceholderRune = kitty.Placeholder

// kittyMaxCells is the largest row or column a placeholder can address: the
// number of row/column diacritics (kitty's rowcolumn-diacritics.txt, which
// x/ansi/kitty carries).
const kittyMaxCells = 297

// KittyPlaceholder returns p.Rows lines of p.Cols placeholder cells showing
// placement p, which the terminal must have (Kitty.Transmit or Kitty.Place).
// It is ordinary text: put it in a view like any other. The low 24 bits of
// the image id travel in a 24-bit foreground colour, the high byte (if any)
// in a third diacritic, and the placement id in the underline colour, so
// the text shows that placement and no other of the image. Every cell names
// its row and column, since Bubble Tea may redraw only part of a line.
// Cols and rows are clamped to 1..297 as in Transmit.
//
// The renderer converts colours to the terminal's profile, so 24-bit ids
// survive only where Bubble Tea reports true colour; use KittyPlaceholder256
// elsewhere.
func KittyPlaceholder(p Placement) string {
	id := p.Image
	r, g, b := id>>16&0xff, id>>8&0xff, id&0xff
	sgr := "\x1b[38;2;" + strconv.Itoa(int(r)) + ";" + strconv.Itoa(int(g)) + ";" + strconv.Itoa(int(b)) + placementSGR(p.ID) + "m"
	return placeholderText(sgr, byte(id>>24), p.Cols, p.Rows)
}

// KittyPlaceholder256 is KittyPlaceholder with the image id's low byte as a
// 256-colour palette index, for terminals (or tmux) without true colour.
// It can only name ids whose middle two bytes are zero; the low byte should
// be 16 or more, since the renderer may rewrite the first 16 colours as
// basic ANSI codes. A Viewer allocates ids that work both ways.
func KittyPlaceholder256(p Placement) string {
	sgr := "\x1b[38;5;" + strconv.Itoa(int(p.Image&0xff)) + placementSGR(p.ID) + "m"
	return placeholderText(sgr, byte(p.Image>>24), p.Cols, p.Rows)
}

// placementSGR sets the underline colour to placement id (a palette index:
// placement ids stay below 256); none for 0, which lets the terminal pick.
func placementSGR(id uint32) string {
	if id == 0 {
		return ""
	}
	return ";58;5;" + strconv.Itoa(int(id&0xff))
}

func placeholderText(sgr string, msb byte, cols, rows int) string {
	cols, rows = clampCells(cols), clampCells(rows)
	var b strings.Builder
	cell := 4 + 2*3 // the placeholder rune and two diacritics, at most
	if msb != 0 {
		cell += 3
	}
	b.Grow(rows * (len(sgr) + cols*cell + 9))
	for y := range rows {
		if y > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(sgr)
		for x := range cols {
			b.WriteRune(kittyPlaceholderRune)
			b.WriteRune(kitty.Diacritic(y))
			b.WriteRune(kitty.Diacritic(x))
			if msb != 0 {
				b.WriteRune(kitty.Diacritic(int(msb)))
			}
		}
		b.WriteString("\x1b[39;59m")
	}
	return b.String()
}
