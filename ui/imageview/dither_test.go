package imageview

import (
	"image"
	"image/color"
	"image/draw"
	"regexp"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
)

// TestDither16KeepsMeanColour: a pastel area dithered to the 16 ANSI
// colours keeps its mean colour (the nearest colour alone is far off: the
// posterised look), every pixel is one of the 16, and transparent pixels
// are left alone.
func TestDither16KeepsMeanColour(t *testing.T) {
	for _, c := range []color.NRGBA{{232, 190, 210, 255}, {150, 170, 220, 255}, {90, 60, 40, 255}, {20, 120, 110, 255}} {
		const w, h = 40, 30
		img := image.NewNRGBA(image.Rect(0, 0, w, h))
		draw.Draw(img, img.Rect, image.NewUniform(c), image.Point{}, draw.Src)
		img.SetNRGBA(0, 0, color.NRGBA{}) // one transparent pixel
		px := boxSample(img, w, h, nil)
		dither16(px, w, h)
		var sum [3]int
		for i := 1; i < w*h; i++ {
			p := px[i*4 : i*4+4]
			in16 := false
			for _, a := range ansi16 {
				in16 = in16 || (int(p[0]) == a[0] && int(p[1]) == a[1] && int(p[2]) == a[2])
			}
			if !in16 || p[3] != 255 {
				t.Fatalf("%v: pixel %d is %v, not an ANSI colour", c, i, p)
			}
			for ch := range 3 {
				sum[ch] += int(p[ch])
			}
		}
		if px[3] != 0 {
			t.Errorf("%v: the transparent pixel was painted", c)
		}
		want := [3]int{int(c.R), int(c.G), int(c.B)}
		near := ansi16[nearest16(want[0], want[1], want[2])]
		var dMean, dNear int
		for ch := range 3 {
			dMean += sq(sum[ch]/(w*h-1) - want[ch])
			dNear += sq(near[ch] - want[ch])
		}
		if dMean > 12*12 || dMean*4 > dNear {
			t.Errorf("%v: dithered mean off by %d² (the nearest colour by %d²)", c, dMean, dNear)
		}
	}
}

// TestPreviewDithersFor16Colours: in Bubble Tea's 16-colour profile the
// preview is drawn in the basic ANSI colours (so the renderer keeps them),
// and cached apart from the 24-bit one.
func TestPreviewDithersFor16Colours(t *testing.T) {
	img := testPattern(80, 40)
	p := Preview{}
	full := p.View("a", img, 20, 10)
	if !p.Update(tea.ColorProfileMsg{Profile: colorprofile.ANSI}) {
		t.Fatal("the colour profile not taken")
	}
	basic := p.View("a", img, 20, 10)
	if basic == full {
		t.Fatal("the same rendering in 16 colours")
	}
	sgr := regexp.MustCompile(`\x1b\[([0-9;]*)m`)
	ok := regexp.MustCompile(`^((3[0-7]|9[0-7]|4[0-7]|10[0-7]|39|49);?)*$`)
	for _, m := range sgr.FindAllStringSubmatch(basic, -1) {
		if !ok.MatchString(m[1]) {
			t.Fatalf("not a basic colour: %q", m[0])
		}
	}
}
