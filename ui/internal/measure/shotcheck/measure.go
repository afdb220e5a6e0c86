package main

import (
	"image"
	"math"
	"strings"
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

// halfBlockCells is the rectangle of cells, in a screen's text (one line a
// row, one rune a cell), that hold half blocks.
func halfBlockCells(text string) image.Rectangle {
	var found image.Rectangle
	for y, line := range strings.Split(text, "\n") {
		for x, r := range []rune(line) {
			if r == '▀' || r == '▄' {
				found = found.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return found
}

// measurement is how an image shown in a screenshot compares with its file.
type measurement struct {
	aspect, fileAspect float64 // width over height
	difference         float64 // mean absolute difference of the scaled-down pixels, 0 to 1
}

func (m measurement) aspectError() float64 { return math.Abs(m.aspect/m.fileAspect - 1) }

// compareSide is the longer side of the grid both images are scaled down to
// before their pixels are compared: coarse enough that a half-block
// preview (two pixels a cell) and a 256-colour sixel read as the picture.
const compareSide = 24

// measure compares the region of shot with file.
func measure(shot image.Image, region image.Rectangle, file image.Image) measurement {
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
	a, b := average(shot, region, w, h), average(file, fb, w, h)
	var sum float64
	for i := range a {
		sum += math.Abs(a[i] - b[i])
	}
	m.difference = sum / float64(len(a)) / 255
	return m
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

// samePixels reports whether two images are alike pixel for pixel.
func samePixels(a, b image.Image) bool {
	if a.Bounds() != b.Bounds() {
		return false
	}
	r := a.Bounds()
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
