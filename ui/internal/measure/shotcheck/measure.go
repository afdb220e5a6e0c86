package main

import (
	"image"
	"math"
	"strings"
	"unicode"
)

// nearBackground is how far (largest channel difference) a pixel may be
// from the background and still count as background: font smoothing and
// the terminal's dithering stay within it.
const nearBackground = 24

// findImage returns the smallest rectangle within area holding every pixel
// that is not the background bg.
func findImage(img image.Image, bg [3]uint8, area image.Rectangle) image.Rectangle {
	area = area.Intersect(img.Bounds())
	var found image.Rectangle
	for y := area.Min.Y; y < area.Max.Y; y++ {
		for x := area.Min.X; x < area.Max.X; x++ {
			if distance(rgb(img, x, y), bg) > nearBackground {
				found = found.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return found
}

// kittyPlaceholder marks a cell kitty fills with part of an image; the
// combining diacritics after it (which name the part) take no cell.
const kittyPlaceholder = '\U0010EEEE'

// imageCells is the largest block of touching cells, in a screen's text
// (one line a row, one rune a cell), that hold half blocks or kitty's
// placeholders: the image (of two side by side, the first).
func imageCells(text string) image.Rectangle {
	lines := strings.Split(text, "\n")
	cols := 0
	var rows [][]rune
	for _, line := range lines {
		var cells []rune
		for _, r := range line {
			if unicode.Is(unicode.Mn, r) {
				continue // a diacritic: part of the cell before
			}
			cells = append(cells, r)
		}
		rows = append(rows, cells)
		cols = max(cols, len(cells))
	}
	picture := make([]bool, cols*len(rows))
	for y, cells := range rows {
		for x, r := range cells {
			picture[y*cols+x] = r == '▀' || r == '▄' || r == kittyPlaceholder
		}
	}
	return largestBlock(picture, cols)
}

// flatSpread is how much the colours of a half cell's core may differ for
// the half to count as one colour (a half block's).
const flatSpread = 12

// pictureCells finds a half-block picture in a screenshot without the
// screen's text: the largest block of touching cells (sides, not corners)
// whose upper and lower halves are each one colour, not both the
// background bg. Text never is (a glyph's pixels differ), nor a frame's
// line; a row of blank coloured cells (a status bar) is, but smaller than
// a picture.
func pictureCells(img image.Image, g grid, bg [3]uint8) image.Rectangle {
	flat := make([]bool, g.cols*g.rows)
	for cy := range g.rows {
		for cx := range g.cols {
			cell := g.pixels(image.Rect(cx, cy, cx+1, cy+1))
			top, bottom := cell, cell
			top.Max.Y = cell.Min.Y + cell.Dy()/2
			bottom.Min.Y = top.Max.Y
			t, tOK := flatColour(img, core(top))
			b, bOK := flatColour(img, core(bottom))
			flat[cy*g.cols+cx] = tOK && bOK && (distance(t, bg) > nearBackground || distance(b, bg) > nearBackground)
		}
	}
	return largestBlock(flat, g.cols)
}

// largestBlock is the bounding rectangle, in cells, of the largest block
// of set cells touching by their sides (the first found, of equal ones),
// the cells a row of cols after another.
func largestBlock(set []bool, cols int) image.Rectangle {
	var best image.Rectangle
	bestN := 0
	seen := make([]bool, len(set))
	for start := range set {
		if !set[start] || seen[start] {
			continue
		}
		// Flood the block from start.
		var r image.Rectangle
		n, stack := 0, []int{start}
		seen[start] = true
		for len(stack) > 0 {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			x, y := i%cols, i/cols
			r = r.Union(image.Rect(x, y, x+1, y+1))
			n++
			for _, j := range []int{i - 1, i + 1, i - cols, i + cols} {
				if j < 0 || j >= len(set) || (j == i-1 && x == 0) || (j == i+1 && x == cols-1) || !set[j] || seen[j] {
					continue
				}
				seen[j] = true
				stack = append(stack, j)
			}
		}
		if n > bestN {
			best, bestN = r, n
		}
	}
	return best
}

// core is the middle of r, a fifth off each side: what a glyph drawn in a
// cell covers for sure.
func core(r image.Rectangle) image.Rectangle {
	dx, dy := r.Dx()/5, r.Dy()/5
	return image.Rect(r.Min.X+dx, r.Min.Y+dy, r.Max.X-dx, r.Max.Y-dy)
}

// flatColour reports whether r of img is one colour (within flatSpread),
// and which.
func flatColour(img image.Image, r image.Rectangle) ([3]uint8, bool) {
	if r.Empty() {
		return [3]uint8{}, false
	}
	first := rgb(img, r.Min.X, r.Min.Y)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if distance(rgb(img, x, y), first) > flatSpread {
				return first, false
			}
		}
	}
	return first, true
}

// measurement is how an image shown in a screenshot compares with its file.
type measurement struct {
	aspect, fileAspect float64 // width over height
	difference         float64 // mean absolute difference of the scaled-down pixels, 0 to 1
	// colourError is the mean absolute difference of the colours, 0 to 255
	// a channel, at half-cell resolution (what a half-block preview
	// shows): the mean colour of each patch is the file's, give or take,
	// except where the terminal's palette bands it (posterisation).
	colourError float64
}

func (m measurement) aspectError() float64 { return math.Abs(m.aspect/m.fileAspect - 1) }

// compareSide is the longer side of the grid both images are scaled down to
// before their pixels are compared: coarse enough that a half-block
// preview (two pixels a cell) and a 256-colour sixel read as the picture.
const compareSide = 24

// measure compares the region of shot with file; fine is the grid the
// colours are compared at (half cells).
func measure(shot image.Image, region image.Rectangle, file image.Image, fine image.Point) measurement {
	fb := file.Bounds()
	m := measurement{
		aspect:     float64(region.Dx()) / float64(region.Dy()),
		fileAspect: float64(fb.Dx()) / float64(fb.Dy()),
	}
	w, h := compareSide, compareSide
	if m.fileAspect >= 1 {
		h = max(1, int(math.Round(compareSide/m.fileAspect)))
	} else {
		w = max(1, int(math.Round(compareSide*m.fileAspect)))
	}
	m.difference = meanDifference(average(shot, region, w, h), average(file, fb, w, h)) / 255
	m.colourError = meanDifference(average(shot, region, fine.X, fine.Y), average(file, fb, fine.X, fine.Y))
	return m
}

// meanDifference is the mean absolute difference of two lists of values.
func meanDifference(a, b []float64) float64 {
	var sum float64
	for i := range a {
		sum += math.Abs(a[i] - b[i])
	}
	return sum / float64(max(len(a), 1))
}

// halfCells is the grid of half cells over region: a half-block preview's
// own pixels.
func (g grid) halfCells(region image.Rectangle) image.Point {
	return image.Pt(max(1, region.Dx()/g.cellW), max(1, 2*region.Dy()/g.cellH))
}

// average scales region of img down to w×h by averaging, as RGB values.
func average(img image.Image, region image.Rectangle, w, h int) []float64 {
	out := make([]float64, w*h*3)
	for gy := range h {
		y0 := region.Min.Y + gy*region.Dy()/h
		y1 := max(region.Min.Y+(gy+1)*region.Dy()/h, y0+1)
		for gx := range w {
			x0 := region.Min.X + gx*region.Dx()/w
			x1 := max(region.Min.X+(gx+1)*region.Dx()/w, x0+1)
			var s [3]float64
			for y := y0; y < y1; y++ {
				for x := x0; x < x1; x++ {
					c := rgb(img, x, y)
					s[0], s[1], s[2] = s[0]+float64(c[0]), s[1]+float64(c[1]), s[2]+float64(c[2])
				}
			}
			n := float64((x1 - x0) * (y1 - y0))
			i := (gy*w + gx) * 3
			out[i], out[i+1], out[i+2] = s[0]/n, s[1]/n, s[2]/n
		}
	}
	return out
}

// countColour counts the pixels within 8 of c on every channel.
func countColour(img image.Image, c [3]uint8) int {
	b := img.Bounds()
	n := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if distance(rgb(img, x, y), c) <= 8 {
				n++
			}
		}
	}
	return n
}

// patchSide is the side, in pixels, of the patches patchDifference
// compares: a few cells, far less than an image.
const patchSide = 32

// patchDifference is the largest difference, 0 to 1, between the mean
// colours of a patch of a and the same patch of b, within r: near zero for
// the same picture drawn again (kitty may scale it a little differently),
// large where one has a picture and the other a blank.
func patchDifference(a, b image.Image, r image.Rectangle) float64 {
	r = r.Intersect(a.Bounds()).Intersect(b.Bounds())
	w, h := max(1, r.Dx()/patchSide), max(1, r.Dy()/patchSide)
	pa, pb := average(a, r, w, h), average(b, r, w, h)
	var worst float64
	for i := 0; i < len(pa); i += 3 {
		d := (math.Abs(pa[i]-pb[i]) + math.Abs(pa[i+1]-pb[i+1]) + math.Abs(pa[i+2]-pb[i+2])) / 3 / 255
		worst = max(worst, d)
	}
	return worst
}

// samePixels reports whether two images are alike pixel for pixel within r.
func samePixels(a, b image.Image, r image.Rectangle) bool {
	if a.Bounds() != b.Bounds() {
		return false
	}
	r = r.Intersect(a.Bounds())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if rgb(a, x, y) != rgb(b, x, y) {
				return false
			}
		}
	}
	return true
}

// rgb is a pixel's colour, 8 bits a channel (screenshots are opaque).
func rgb(img image.Image, x, y int) [3]uint8 {
	r, g, b, _ := img.At(x, y).RGBA()
	return [3]uint8{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8)}
}

// distance is the largest difference of two colours' channels.
func distance(a, b [3]uint8) int {
	d := 0
	for i := range a {
		d = max(d, abs(int(a[i])-int(b[i])))
	}
	return d
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
