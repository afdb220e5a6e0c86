package main

import (
	"image"
	"image/color"
	"image/draw"
	"strings"
	"testing"

	xdraw "golang.org/x/image/draw"
)

// picture is a 300×200 gradient with a disc, like the simulator's images.
func picture() *image.RGBA {
	m := image.NewRGBA(image.Rect(0, 0, 300, 200))
	for y := range 200 {
		for x := range 300 {
			c := color.RGBA{uint8(x * 255 / 300), uint8(y * 255 / 200), 128, 255}
			if (x-200)*(x-200)+(y-80)*(y-80) < 50*50 {
				c = color.RGBA{20, 160, 30, 255}
			}
			m.SetRGBA(x, y, c)
		}
	}
	return m
}

// screenshot is a black 800×600 screen showing src scaled into at, and a
// grey line of text in the last row.
func screenshot(src image.Image, at image.Rectangle) *image.RGBA {
	shot := image.NewRGBA(image.Rect(0, 0, 800, 600))
	draw.Draw(shot, shot.Bounds(), image.NewUniform(color.Black), image.Point{}, draw.Src)
	xdraw.ApproxBiLinear.Scale(shot, at, src, src.Bounds(), draw.Src, nil)
	draw.Draw(shot, image.Rect(0, 585, 300, 598), image.NewUniform(color.RGBA{200, 200, 200, 255}), image.Point{}, draw.Src)
	return shot
}

func TestMeasure(t *testing.T) {
	file := picture()
	g, err := parseGrid("80x40", image.Rect(0, 0, 800, 600)) // 10×15 cells
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name       string
		at         image.Rectangle
		src        image.Image
		aspectOK   bool
		pixelsOK   bool
		wantRegion image.Rectangle
	}{
		{"the image, smaller", image.Rect(100, 50, 550, 350), file, true, true, image.Rect(100, 50, 550, 350)},
		{"stretched 11% taller", image.Rect(100, 50, 550, 383), file, false, true, image.Rect(100, 50, 550, 383)},
		{"another image", image.Rect(100, 50, 550, 350), image.NewUniform(color.RGBA{200, 30, 30, 255}), true, false, image.Rect(100, 50, 550, 350)},
	}
	for _, tt := range tests {
		shot := screenshot(tt.src, tt.at)
		region := findImage(shot, [3]uint8{}, g.above(1))
		if region != tt.wantRegion {
			t.Errorf("%s: found %v, want %v (the caption row left out)", tt.name, region, tt.wantRegion)
		}
		m := measure(shot, region, file, g.halfCells(region))
		if ok := m.aspectError() <= 0.03; ok != tt.aspectOK {
			t.Errorf("%s: proportions %.3f vs %.3f: within 3%% %v, want %v", tt.name, m.aspect, m.fileAspect, ok, tt.aspectOK)
		}
		if ok := m.difference <= 0.08; ok != tt.pixelsOK {
			t.Errorf("%s: difference %.3f: within 0.08 %v, want %v", tt.name, m.difference, ok, tt.pixelsOK)
		}
	}
}

// TestColourError: a gradient drawn in the 256-colour palette's steps
// (posterised) is told from one drawn whole, which the coarse pixel
// difference cannot do.
func TestColourError(t *testing.T) {
	file := image.NewRGBA(image.Rect(0, 0, 600, 400))
	banded := image.NewRGBA(file.Rect)
	for y := range 400 {
		for x := range 600 {
			c := color.RGBA{uint8(150 + x/10), uint8(80 + y/8), uint8(120 + (x+y)/20), 255}
			file.SetRGBA(x, y, c)
			// The xterm cube's levels: 0, 95, 135, 175, 215, 255.
			step := func(v uint8) uint8 {
				levels := []uint8{0, 95, 135, 175, 215, 255}
				best := levels[0]
				for _, l := range levels {
					if abs(int(l)-int(v)) < abs(int(best)-int(v)) {
						best = l
					}
				}
				return best
			}
			banded.SetRGBA(x, y, color.RGBA{step(c.R), step(c.G), step(c.B), 255})
		}
	}
	g, _ := parseGrid("80x40", image.Rect(0, 0, 800, 600))
	at := image.Rect(100, 50, 550, 350)
	whole := measure(screenshot(file, at), at, file, g.halfCells(at))
	bands := measure(screenshot(banded, at), at, file, g.halfCells(at))
	if whole.colourError > 3 || bands.colourError < 8 {
		t.Errorf("colour error %.1f whole, %.1f banded", whole.colourError, bands.colourError)
	}
	if bands.difference > 0.08 {
		t.Errorf("the bands (difference %.3f) do not show what the colour error adds", bands.difference)
	}
}

// TestPictureCells finds a half-block picture among text, a frame and a
// status bar, where no dump of the screen's text can be had (xterm).
func TestPictureCells(t *testing.T) {
	g, _ := parseGrid("40x20", image.Rect(0, 0, 400, 400)) // 10×20 cells
	shot := image.NewRGBA(image.Rect(0, 0, 400, 400))
	fill := func(r image.Rectangle, c color.RGBA) {
		draw.Draw(shot, r, image.NewUniform(c), image.Point{}, draw.Src)
	}
	fill(shot.Rect, color.RGBA{0, 0, 0, 255})
	// The picture: cells 5..25 × 3..13, two colours a cell, changing.
	for cy := 3; cy < 13; cy++ {
		for cx := 5; cx < 25; cx++ {
			cell := g.pixels(image.Rect(cx, cy, cx+1, cy+1))
			top := image.Rect(cell.Min.X, cell.Min.Y, cell.Max.X, cell.Min.Y+10)
			fill(top, color.RGBA{uint8(100 + cx*4), uint8(50 + cy*8), 90, 255})
			fill(image.Rect(cell.Min.X, top.Max.Y, cell.Max.X, cell.Max.Y), color.RGBA{uint8(100 + cx*4), uint8(54 + cy*8), 90, 255})
			// xterm's line of background above the glyph: outside the core.
			fill(image.Rect(cell.Min.X, cell.Min.Y, cell.Max.X, cell.Min.Y+1), color.RGBA{0, 0, 0, 255})
		}
	}
	// Text: a glyph's strokes in a cell; a frame's line; a status bar.
	for cx := 2; cx < 30; cx++ {
		cell := g.pixels(image.Rect(cx, 1, cx+1, 2))
		fill(image.Rect(cell.Min.X+3, cell.Min.Y+4, cell.Min.X+5, cell.Max.Y-4), color.RGBA{220, 220, 220, 255})
	}
	fill(image.Rect(0, 0, 1, 380), color.RGBA{90, 90, 90, 255})
	fill(image.Rect(0, 380, 400, 400), color.RGBA{0, 200, 0, 255})
	if got, want := pictureCells(shot, g, [3]uint8{}), image.Rect(5, 3, 25, 13); got != want {
		t.Errorf("picture at %v, want %v", got, want)
	}
}

func TestHalfBlockCells(t *testing.T) {
	text := "│ caption  │\n│  ▀▀▀▀    │\n│  ▀▄▀▀    │\n│ /x.png   │"
	if got, want := imageCells(text), image.Rect(3, 1, 7, 3); got != want {
		t.Errorf("cells %v, want %v", got, want)
	}
	// kitty's placeholders, each with its diacritics (no cell of their
	// own); of two images side by side, the first.
	ph := func(n int) string { return strings.Repeat("\U0010EEEE\u0305\u030d", n) }
	text = "│ image 1 of 2   image 2 │\n│ " + ph(4) + "  " + ph(4) + " │\n│ " + ph(4) + "  " + ph(4) + " │"
	if got, want := imageCells(text), image.Rect(2, 1, 6, 3); got != want {
		t.Errorf("placeholder cells %v, want %v", got, want)
	}
	g, _ := parseGrid("12x4", image.Rect(0, 0, 121, 75)) // 10×18 cells, a pixel left over
	if got, want := g.pixels(image.Rect(3, 1, 7, 3)), image.Rect(30, 18, 70, 54); got != want {
		t.Errorf("pixels %v, want %v", got, want)
	}
	if _, err := parseGrid("12", image.Rect(0, 0, 10, 10)); err == nil {
		t.Error("a grid without rows accepted")
	}
}

func TestColourAndSame(t *testing.T) {
	a := screenshot(picture(), image.Rect(10, 10, 310, 210))
	if n := countColour(a, [3]uint8{200, 200, 200}); n != 300*13 {
		t.Errorf("%d grey pixels, want %d", n, 300*13)
	}
	b := screenshot(picture(), image.Rect(10, 10, 310, 210))
	if !samePixels(a, b, a.Bounds()) {
		t.Error("alike screenshots differ")
	}
	b.SetRGBA(5, 590, color.RGBA{1, 2, 3, 255}) // in the last row
	if samePixels(a, b, a.Bounds()) {
		t.Error("a changed pixel went unseen")
	}
	if g, _ := parseGrid("80x40", a.Bounds()); !samePixels(a, b, g.above(1)) {
		t.Error("a change in the rows left out counted")
	}
	// Alike: a pixel changed is nothing, a picture left out is much.
	if d := patchDifference(a, b, a.Bounds()); d > 0.01 {
		t.Errorf("a changed pixel makes a difference of %.3f", d)
	}
	blank := screenshot(picture(), image.Rect(10, 10, 11, 11))
	if d := patchDifference(a, blank, a.Bounds()); d < 0.2 {
		t.Errorf("a picture left out makes a difference of only %.3f", d)
	}
	if c, err := parseColour("#7f7f7f"); err != nil || c != [3]uint8{127, 127, 127} {
		t.Errorf("parseColour = %v, %v", c, err)
	}
	if _, err := parseColour("7f7f"); err == nil {
		t.Error("a short colour accepted")
	}
}
