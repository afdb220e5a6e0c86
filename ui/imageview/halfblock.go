package imageview

import (
	"image"
	"strconv"
	"strings"

	"github.com/charmbracelet/colorprofile"
)

// HalfBlock renders img as exactly rows lines of exactly cols cells, each
// cell a '▀' whose foreground is the upper pixel and background the lower
// one, in 24-bit colour. The image keeps its aspect ratio (a cell is taken
// to be twice as tall as wide) and is centred; the rest is plain spaces.
// Transparent pixels show the terminal's own background.
func HalfBlock(img image.Image, cols, rows int) string {
	return halfBlock(img, cols, rows, 0, 0, trueColour)
}

// HalfBlockCells is HalfBlock for cells of cellW×cellH pixels, as the
// terminal reports them: each half cell stands for cellW×cellH/2 pixels, so
// the image keeps its aspect ratio on screen whatever the cells' shape
// (a 9×20 cell's halves are 10% taller than wide). Zero sizes mean 1:2.
func HalfBlockCells(img image.Image, cols, rows, cellW, cellH int) string {
	return halfBlock(img, cols, rows, cellW, cellH, trueColour)
}

// HalfBlock256 is HalfBlock for terminals with the 256-colour palette only.
// Inside Bubble Tea it is not needed: the renderer already converts 24-bit
// colours to the terminal's profile.
func HalfBlock256(img image.Image, cols, rows int) string {
	return halfBlock(img, cols, rows, 0, 0, palette256)
}

// FitCells returns the size in cells (at most cols×rows) of a w×h pixel image
// drawn with its aspect ratio kept, a cell being cellW×cellH pixels; zero cell
// sizes mean the usual 1:2.
func FitCells(w, h, cols, rows, cellW, cellH int) (int, int) {
	if cellW <= 0 || cellH <= 0 {
		cellW, cellH = 1, 2
	}
	// Compare in pixel units: the box is cols*cellW × rows*cellH pixels.
	pw, ph := fitPixels(w, h, cols*cellW, rows*cellH)
	if pw == 0 {
		return 0, 0
	}
	return min(cols, max(1, (pw+cellW/2)/cellW)), min(rows, max(1, (ph+cellH/2)/cellH))
}

// halfCells returns how many columns and half rows a w×h pixel image takes
// at most cols×rows cells of cellW×cellH pixels (zero: 1:2), its aspect
// ratio kept. A half cell is cellW×cellH/2 pixels, which has the shape of
// 2·cellW×cellH (no half pixel lost to an odd height).
func halfCells(w, h, cols, rows, cellW, cellH int) (int, int) {
	if cellW <= 0 || cellH <= 0 {
		return fitPixels(w, h, cols, 2*rows) // square halves: pixels are half cells
	}
	return FitCells(w, h, cols, 2*rows, 2*cellW, cellH)
}

// evenHalves makes pw×ph half cells an even number of half rows, one less
// and the width in proportion, so that no cell of the last row is half
// empty. xterm draws '▀' from the font, which leaves a pixel row of the
// cell's background above the glyph: hidden where the background is the
// lower pixel's colour, a dark line across the image where it is the
// terminal's own. A single half row stays as it is.
func evenHalves(pw, ph int) (int, int) {
	if ph < 3 || ph%2 == 0 {
		return pw, ph
	}
	return max(1, (pw*(ph-1)+ph/2)/ph), ph - 1
}

// sgrColor appends the SGR parameters selecting an RGB colour as foreground
// (fg) or background.
type sgrColor func(b []byte, fg bool, r, g, bb uint8) []byte

func trueColorSGR(b []byte, fg bool, r, g, bb uint8) []byte {
	if fg {
		b = append(b, "38;2;"...)
	} else {
		b = append(b, "48;2;"...)
	}
	b = strconv.AppendUint(b, uint64(r), 10)
	b = append(b, ';')
	b = strconv.AppendUint(b, uint64(g), 10)
	b = append(b, ';')
	return strconv.AppendUint(b, uint64(bb), 10)
}

func paletteSGR(b []byte, fg bool, r, g, bb uint8) []byte {
	if fg {
		b = append(b, "38;5;"...)
	} else {
		b = append(b, "48;5;"...)
	}
	return strconv.AppendUint(b, uint64(xterm256(r, g, bb)), 10)
}

// encoding is how half-block cells carry their colours.
type encoding int

const (
	trueColour encoding = iota // 24-bit SGR
	palette256                 // the 256-colour palette
	dithered16                 // the 16 ANSI colours, dithered (dither16)
)

func (e encoding) sgr() sgrColor {
	switch e {
	case palette256:
		return paletteSGR
	case dithered16:
		return ansi16SGR
	}
	return trueColorSGR
}

// profileEncoding is the encoding for a view Bubble Tea renders in colour
// profile p: 24-bit, which the renderer turns into the terminal's palette,
// except where it has 16 colours, which are dithered here instead (the
// renderer would take the nearest of each).
func profileEncoding(p colorprofile.Profile) encoding {
	if p == colorprofile.ANSI {
		return dithered16
	}
	return trueColour
}

// directEncoding is the encoding for a terminal written to directly (a
// paused program): what Bubble Tea reported, 24-bit where unknown but
// COLORTERM says so, else the 256-colour palette.
func directEncoding(c Capabilities) encoding {
	switch {
	case c.TrueColor:
		return trueColour
	case c.Profile == colorprofile.ANSI:
		return dithered16
	}
	return palette256
}

// halfBlock does the work of HalfBlock with a cell size and a chosen
// colour encoding.
func halfBlock(img image.Image, cols, rows, cellW, cellH int, enc encoding) string {
	if cols <= 0 || rows <= 0 {
		return ""
	}
	b := img.Bounds()
	pw, ph := evenHalves(halfCells(b.Dx(), b.Dy(), cols, rows, cellW, cellH))
	if pw == 0 {
		return blankBlock(cols, rows)
	}
	px := boxSample(img, pw, ph, nil)
	if enc == dithered16 {
		dither16(px, pw, ph)
	}
	sgr := enc.sgr()
	cw, ch := pw, (ph+1)/2
	left, top := (cols-cw)/2, (rows-ch)/2
	out := make([]byte, 0, rows*(cols+cw*36))
	for y := range rows {
		if y > 0 {
			out = append(out, '\n')
		}
		cy := y - top
		if cy < 0 || cy >= ch {
			out = appendSpaces(out, cols)
			continue
		}
		out = appendSpaces(out, left)
		w := cellWriter{out: out, sgr: sgr, fg: noColor, bg: noColor}
		for cx := range cw {
			up := px[(2*cy*pw+cx)*4:]
			var down []uint8
			if 2*cy+1 < ph {
				down = px[((2*cy+1)*pw+cx)*4:]
			}
			w.cell(up, down)
		}
		out = w.finish()
		out = appendSpaces(out, cols-left-cw)
	}
	return string(out)
}

func blankBlock(cols, rows int) string {
	line := strings.Repeat(" ", cols)
	return strings.Repeat(line+"\n", rows-1) + line
}

func appendSpaces(b []byte, n int) []byte {
	for range n {
		b = append(b, ' ')
	}
	return b
}

// pen is the colour state of the terminal while a line is written: a
// packed RGB value, or noColor for the terminal's default.
type pen int32

const noColor pen = -1

// cellWriter appends half-block cells, emitting SGR only when a colour
// changes, and resets the colours at the end of the line so padding and
// whatever follows keep the terminal's defaults.
type cellWriter struct {
	out    []byte
	sgr    sgrColor
	fg, bg pen
}

// cell writes one cell from its two premultiplied RGBA pixels; bottom is nil
// below the image's last row.
func (w *cellWriter) cell(top, bottom []uint8) {
	t, tOK := visible(top)
	bo, bOK := visible(bottom)
	switch {
	case tOK && bOK:
		w.set(t, bo)
		w.out = append(w.out, "▀"...)
	case tOK:
		w.set(t, noColor)
		w.out = append(w.out, "▀"...)
	case bOK:
		w.set(bo, noColor)
		w.out = append(w.out, "▄"...)
	default:
		w.set(w.fg, noColor) // any foreground: a space shows none
		w.out = append(w.out, ' ')
	}
}

// set moves the pen to foreground fg and background bg.
func (w *cellWriter) set(fg, bg pen) {
	if fg == w.fg && bg == w.bg {
		return
	}
	w.out = append(w.out, "\x1b["...)
	sep := false
	if fg != w.fg {
		w.out = w.appendPen(w.out, true, fg)
		sep = true
	}
	if bg != w.bg {
		if sep {
			w.out = append(w.out, ';')
		}
		w.out = w.appendPen(w.out, false, bg)
	}
	w.out = append(w.out, 'm')
	w.fg, w.bg = fg, bg
}

func (w *cellWriter) appendPen(b []byte, fg bool, p pen) []byte {
	switch {
	case p != noColor:
		return w.sgr(b, fg, uint8(p>>16), uint8(p>>8), uint8(p))
	case fg:
		return append(b, "39"...)
	default:
		return append(b, "49"...)
	}
}

// finish ends the line with a reset if any colour is set.
func (w *cellWriter) finish() []byte {
	if w.fg != noColor || w.bg != noColor {
		w.out = append(w.out, "\x1b[m"...)
	}
	return w.out
}

// visible reports whether a premultiplied RGBA pixel is at least half opaque,
// and its straight (unpremultiplied) colour.
func visible(p []uint8) (pen, bool) {
	if len(p) < 4 || p[3] < 128 {
		return noColor, false
	}
	a := uint32(p[3])
	r := min(255, (uint32(p[0])*255+a/2)/a)
	g := min(255, (uint32(p[1])*255+a/2)/a)
	b := min(255, (uint32(p[2])*255+a/2)/a)
	return pen(r<<16 | g<<8 | b), true
}

// xterm256 returns the xterm palette index (16–255) nearest to an RGB colour:
// the nearer of the 6×6×6 cube entry and the grey ramp entry.
func xterm256(r, g, b uint8) uint8 {
	ci := func(v uint8) int {
		if v < 48 {
			return 0
		}
		if v < 115 {
			return 1
		}
		return (int(v) - 35) / 40
	}
	level := func(i int) int {
		if i == 0 {
			return 0
		}
		return 55 + 40*i
	}
	ri, gi, bi := ci(r), ci(g), ci(b)
	cube := 16 + 36*ri + 6*gi + bi
	cubeDist := sq(level(ri)-int(r)) + sq(level(gi)-int(g)) + sq(level(bi)-int(b))
	avg := (int(r) + int(g) + int(b)) / 3
	gi2 := min(23, max(0, (avg-3)/10))
	gv := 8 + 10*gi2
	greyDist := sq(gv-int(r)) + sq(gv-int(g)) + sq(gv-int(b))
	if greyDist < cubeDist {
		return uint8(232 + gi2)
	}
	return uint8(cube)
}

func sq(v int) int { return v * v }
