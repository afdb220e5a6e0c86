package imageview

import (
	"image"
	"image/color"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// testPattern draws a w×h image that catches sampling mistakes: hue across,
// brightness down, a white frame, a black cross, and a transparent disc in
// the lower right quarter.
func testPattern(w, h int) *image.NRGBA {
	m := image.NewNRGBA(image.Rect(0, 0, w, h))
	cx, cy, r := w*3/4, h*3/4, min(w, h)/8
	for y := range h {
		for x := range w {
			var c color.NRGBA
			switch {
			case x == 0 || y == 0 || x == w-1 || y == h-1:
				c = color.NRGBA{255, 255, 255, 255}
			case x == w/2 || y == h/2:
				c = color.NRGBA{0, 0, 0, 255}
			case (x-cx)*(x-cx)+(y-cy)*(y-cy) < r*r:
				c = color.NRGBA{0, 0, 0, 0}
			default:
				c = hue(x*360/w, 255-y*200/h)
			}
			m.SetNRGBA(x, y, c)
		}
	}
	return m
}

// hue returns a saturated colour at angle deg with value v.
func hue(deg, v int) color.NRGBA {
	sector, f := deg/60, (deg%60)*v/60
	switch sector {
	case 0:
		return color.NRGBA{uint8(v), uint8(f), 0, 255}
	case 1:
		return color.NRGBA{uint8(v - f), uint8(v), 0, 255}
	case 2:
		return color.NRGBA{0, uint8(v), uint8(f), 255}
	case 3:
		return color.NRGBA{0, uint8(v - f), uint8(v), 255}
	case 4:
		return color.NRGBA{uint8(f), 0, uint8(v), 255}
	default:
		return color.NRGBA{uint8(v), 0, uint8(v - f), 255}
	}
}

// noise returns a w×h opaque image of random pixels (incompressible).
func noise(w, h int, seed uint64) *image.NRGBA {
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	m := image.NewNRGBA(image.Rect(0, 0, w, h))
	for i := range m.Pix {
		m.Pix[i] = uint8(rng.UintN(256))
		if i%4 == 3 {
			m.Pix[i] = 255
		}
	}
	return m
}

// checkBox fails the test unless s is h lines of w cells each: a picture
// drawn in a w×h box fills it exactly, whatever the terminal draws over it.
func checkBox(t *testing.T, what, s string, w, h int) {
	t.Helper()
	lines := strings.Split(s, "\n")
	if len(lines) != h {
		t.Fatalf("%s: %d lines, want %d", what, len(lines), h)
	}
	for i, l := range lines {
		if n := ansi.StringWidth(l); n != w {
			t.Fatalf("%s: line %d is %d cells, want %d: %q", what, i, n, w, l)
		}
	}
}
