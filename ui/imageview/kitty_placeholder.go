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
// elsewhere. Inside tmux neither form is right as it is: a Viewer chooses
// (placeholderForm).
func KittyPlaceholder(p Placement) string {
	return placeholder(p, true, placementPalette)
}

// KittyPlaceholder256 is KittyPlaceholder with the image id's low byte as a
// 256-colour palette index, for terminals (or tmux) without true colour.
// It can only name ids whose middle two bytes are zero; the low byte should
// be 16 or more, since the renderer may rewrite the first 16 colours as
// basic ANSI codes. A Viewer allocates ids that work both ways.
func KittyPlaceholder256(p Placement) string {
	return placeholder(p, false, placementPalette)
}

// placementColour is how placeholder text names its placement in the
// underline colour.
type placementColour int

const (
	// placementPalette: SGR 58;5;P, which the terminal reads as P.
	placementPalette placementColour = iota
	// placementRGB: SGR 58;2;0;0;P. tmux passes a 24-bit underline colour
	// on unchanged (terminfo's Setulc), but writes a palette one as the
	// RGB value of that palette entry unless the terminal outside declares
	// Setulc1 (kitty's terminfo does not, and tmux 3.3 always converts):
	// kitty then reads placement 0x800000 for 58;5;1, finds none, and
	// draws nothing at all. The renderer must be in true colour.
	placementRGB
	// placementNone: no underline colour; the terminal shows the image's
	// first virtual placement.
	placementNone
)

// placeholderForm decides how placeholder colours carry the ids: whether
// the image id is a 24-bit foreground (else a palette index), and how the
// underline colour names the placement.
//
// Outside tmux the renderer's profile decides the foreground, and the
// palette names the placement. Inside tmux the image id is a palette index,
// which tmux writes as it is to any 256-colour terminal (a 24-bit one would
// survive only where the terminal outside has RGB), and the placement id a
// 24-bit underline colour, which tmux passes on; without true colour in the
// renderer (it is asked for: Capabilities.Update) the placement goes
// unnamed and the terminal shows the image's first.
func (c Capabilities) placeholderForm() (trueColorID bool, pc placementColour) {
	switch {
	case !c.Tmux:
		return c.TrueColor, placementPalette
	case c.TrueColor:
		return false, placementRGB
	}
	return false, placementNone
}

// placeholder builds placeholder text for p with the id colours chosen.
func placeholder(p Placement, trueColorID bool, pc placementColour) string {
	id := p.Image
	var sgr string
	if trueColorID {
		sgr = "\x1b[38;2;" + strconv.Itoa(int(id>>16&0xff)) + ";" + strconv.Itoa(int(id>>8&0xff)) + ";" + strconv.Itoa(int(id&0xff))
	} else {
		sgr = "\x1b[38;5;" + strconv.Itoa(int(id&0xff))
	}
	return placeholderText(sgr+placementSGR(p.ID, pc)+"m", byte(id>>24), p.Cols, p.Rows)
}

// placementSGR sets the underline colour to placement id (placement ids
// stay below 256); none for 0, which lets the terminal pick.
func placementSGR(id uint32, pc placementColour) string {
	switch {
	case id == 0 || pc == placementNone:
		return ""
	case pc == placementRGB:
		return ";58;2;0;0;" + strconv.Itoa(int(id&0xff))
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
