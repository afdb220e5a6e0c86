package main

import (
	"image"
	"image/color"
	"image/draw"
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
		region := findImage(shot, [3]uint8{}, g.above())
		if region != tt.wantRegion {
			t.Errorf("%s: found %v, want %v (the caption row left out)", tt.name, region, tt.wantRegion)
		}
		m := measure(shot, region, file)
		if ok := m.aspectError() <= 0.03; ok != tt.aspectOK {
			t.Errorf("%s: proportions %.3f vs %.3f: within 3%% %v, want %v", tt.name, m.aspect, m.fileAspect, ok, tt.aspectOK)
		}
		if ok := m.difference <= 0.08; ok != tt.pixelsOK {
			t.Errorf("%s: difference %.3f: within 0.08 %v, want %v", tt.name, m.difference, ok, tt.pixelsOK)
		}
	}
}

func TestHalfBlockCells(t *testing.T) {
	text := "│ caption  │\n│  ▀▀▀▀    │\n│  ▀▄▀▀    │\n│ /x.png   │"
	if got, want := halfBlockCells(text), image.Rect(3, 1, 7, 3); got != want {
		t.Errorf("cells %v, want %v", got, want)
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
	if !samePixels(a, b) {
		t.Error("alike screenshots differ")
	}
	b.SetRGBA(5, 5, color.RGBA{1, 2, 3, 255})
	if samePixels(a, b) {
		t.Error("a changed pixel went unseen")
	}
	if c, err := parseColour("#7f7f7f"); err != nil || c != [3]uint8{127, 127, 127} {
		t.Errorf("parseColour = %v, %v", c, err)
	}
	if _, err := parseColour("7f7f"); err == nil {
		t.Error("a short colour accepted")
	}
}
