package imageview

import (
	"image"
	"image/color"
	"strconv"
	"strings"
	"testing"
)

// sixelImage is what decodeSixel reads back: palette colours in percent and
// one palette index per pixel, -1 where nothing was painted.
type sixelImage struct {
	w, h int
	pal  map[int][3]int
	pix  []int16
}

// decodeSixel is a small sixel decoder, enough for what Sixel writes.
func decodeSixel(t *testing.T, s string) sixelImage {
	t.Helper()
	body, ok := strings.CutPrefix(s, "\x1bP")
	if !ok {
		t.Fatal("no DCS")
	}
	params, body, ok := strings.Cut(body, "q")
	if !ok || strings.Split(params, ";")[1] != "1" {
		t.Fatalf("params %q: want P2=1 (transparent background)", params)
	}
	body, ok = strings.CutSuffix(body, "\x1b\\")
	if !ok {
		t.Fatal("no ST")
	}
	num := func() int {
		i := 0
		for i < len(body) && body[i] >= '0' && body[i] <= '9' {
			i++
		}
		n, err := strconv.Atoi(body[:i])
		if err != nil {
			t.Fatalf("number expected at %q", body[:min(len(body), 10)])
		}
		body = body[i:]
		return n
	}
	expect := func(c byte) {
		if body == "" || body[0] != c {
			t.Fatalf("expected %q at %q", c, body[:min(len(body), 10)])
		}
		body = body[1:]
	}
	expect('"')
	aspectNum, _ := num(), 0
	expect(';')
	aspectDen := num()
	expect(';')
	img := sixelImage{pal: map[int][3]int{}}
	img.w = num()
	expect(';')
	img.h = num()
	if aspectNum != 1 || aspectDen != 1 {
		t.Errorf("pixel aspect %d:%d, want 1:1", aspectNum, aspectDen)
	}
	img.pix = make([]int16, img.w*img.h)
	for i := range img.pix {
		img.pix[i] = -1
	}
	x, y, colour := 0, 0, -1
	paint := func(ch byte, n int) {
		bits := ch - 63
		for range n {
			for r := range 6 {
				if bits&(1<<r) == 0 {
					continue
				}
				if x >= img.w || y+r >= img.h {
					t.Fatalf("paint outside the image at (%d,%d)", x, y+r)
				}
				if img.pix[(y+r)*img.w+x] != -1 {
					t.Fatalf("pixel (%d,%d) painted twice", x, y+r)
				}
				img.pix[(y+r)*img.w+x] = int16(colour)
			}
			x++
		}
	}
	for body != "" {
		c := body[0]
		body = body[1:]
		switch {
		case c == '#':
			n := num()
			if body != "" && body[0] == ';' {
				body = body[1:]
				if model := num(); model != 2 {
					t.Fatalf("colour model %d, want 2 (RGB)", model)
				}
				var rgb [3]int
				for i := range rgb {
					expect(';')
					rgb[i] = num()
				}
				img.pal[n] = rgb
				continue
			}
			if _, ok := img.pal[n]; !ok {
				t.Fatalf("colour %d used before it is defined", n)
			}
			colour = n
		case c == '!':
			n := num()
			ch := body[0]
			body = body[1:]
			paint(ch, n)
		case c == '$':
			x = 0
		case c == '-':
			x, y = 0, y+6
		case c >= '?' && c <= '~':
			if colour < 0 {
				t.Fatal("sixel before any colour")
			}
			paint(c, 1)
		default:
			t.Fatalf("unexpected byte %q", c)
		}
	}
	return img
}

func TestSixelRoundTrip(t *testing.T) {
	for _, size := range []image.Point{{1, 1}, {5, 7}, {64, 48}, {97, 13}} {
		src := testPattern(size.X, size.Y)
		got := decodeSixel(t, Sixel(src))
		q := quantize(src)
		if got.w != q.w || got.h != q.h {
			t.Fatalf("%v: decoded %dx%d", size, got.w, got.h)
		}
		if len(got.pal) != len(q.pal) || len(q.pal) > 256 {
			t.Fatalf("%v: %d colours defined, quantised to %d", size, len(got.pal), len(q.pal))
		}
		for i, c := range q.pal {
			for j := range 3 {
				if want := (int(c[j])*100 + 127) / 255; got.pal[i][j] != want {
					t.Fatalf("%v: colour %d = %v%%, want %v", size, i, got.pal[i], c)
				}
			}
		}
		for i := range q.pix {
			if got.pix[i] != q.pix[i] {
				t.Fatalf("%v: pixel (%d,%d) = %d, want %d", size, i%q.w, i/q.w, got.pix[i], q.pix[i])
			}
		}
	}
}

func TestSixelTransparency(t *testing.T) {
	src := testPattern(64, 64) // a transparent disc at (48, 48)
	got := decodeSixel(t, Sixel(src))
	if got.pix[48*64+48] != -1 {
		t.Error("transparent pixel painted")
	}
	if got.pix[10*64+10] == -1 {
		t.Error("opaque pixel not painted")
	}
}

func TestQuantizeExactWhenFewColours(t *testing.T) {
	// 200 colours on the 5-bit grid each fall in their own bin.
	m := image.NewNRGBA(image.Rect(0, 0, 20, 10))
	for i := range 200 {
		m.SetNRGBA(i%20, i/20, color.NRGBA{uint8(i%8) * 32, uint8(i/8%5) * 48, uint8(i/40) * 40, 255})
	}
	q := quantize(m)
	if len(q.pal) != 200 {
		t.Fatalf("%d colours, want 200", len(q.pal))
	}
	for i := range 200 {
		c := m.NRGBAAt(i%20, i/20)
		if p := q.pal[q.pix[i]]; p != [3]uint8{c.R, c.G, c.B} {
			t.Fatalf("pixel %d: %v, want %v", i, p, c)
		}
	}
}

func TestQuantizeError(t *testing.T) {
	src := noise(128, 128, 3) // the worst case: every colour different
	q := quantize(src)
	if len(q.pal) != 256 {
		t.Fatalf("%d colours, want 256", len(q.pal))
	}
	var sum int
	for i, idx := range q.pix {
		p := q.pal[idx]
		for j := range 3 {
			d := int(p[j]) - int(src.Pix[i*4+j])
			sum += max(d, -d)
		}
	}
	// 256 boxes over a uniform cube are about 40 values a side: a mean error
	// near a quarter of that is what median cut should reach.
	mean := float64(sum) / float64(len(q.pix)*3)
	t.Logf("mean error %.2f", mean)
	if mean > 14 {
		t.Errorf("mean error %.1f per channel", mean)
	}
}

func TestSixelRunLength(t *testing.T) {
	row := []byte{1, 1, 1, 1, 1, 2, 2, 0, 0, 3, 0, 0}
	if got, want := string(appendSixelRow(nil, row)), "!5@AA??B"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
