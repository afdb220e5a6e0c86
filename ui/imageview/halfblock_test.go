package imageview

import (
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"os"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

var update = flag.Bool("update", false, "rewrite golden files")

func TestHalfBlockExact(t *testing.T) {
	m := image.NewNRGBA(image.Rect(0, 0, 2, 4))
	px := []color.NRGBA{
		{255, 0, 0, 255}, {0, 255, 0, 255},
		{0, 0, 255, 255}, {255, 255, 255, 255},
		{0, 0, 0, 255}, {10, 20, 30, 255},
		{255, 255, 0, 255}, {0, 255, 255, 255},
	}
	for i, c := range px {
		m.SetNRGBA(i%2, i/2, c)
	}
	want := "\x1b[38;2;255;0;0;48;2;0;0;255m▀\x1b[38;2;0;255;0;48;2;255;255;255m▀\x1b[m\n" +
		"\x1b[38;2;0;0;0;48;2;255;255;0m▀\x1b[38;2;10;20;30;48;2;0;255;255m▀\x1b[m"
	if got := HalfBlock(m, 2, 2); got != want {
		t.Errorf("HalfBlock =\n%q\nwant\n%q", got, want)
	}
	want256 := "\x1b[38;5;196;48;5;21m▀\x1b[38;5;46;48;5;231m▀\x1b[m\n" +
		"\x1b[38;5;16;48;5;226m▀\x1b[38;5;233;48;5;51m▀\x1b[m"
	if got := HalfBlock256(m, 2, 2); got != want256 {
		t.Errorf("HalfBlock256 =\n%q\nwant\n%q", got, want256)
	}
}

func TestHalfBlockCentredAndPadded(t *testing.T) {
	red := image.NewUniform(color.NRGBA{255, 0, 0, 255})
	// A wide 4×2 image in 4×3 cells: one row of cells, in the middle.
	wide := image.NewNRGBA(image.Rect(0, 0, 4, 2))
	draw.Draw(wide, wide.Rect, red, image.Point{}, draw.Src)
	want := "    \n" +
		"\x1b[38;2;255;0;0;48;2;255;0;0m▀▀▀▀\x1b[m\n" +
		"    "
	if got := HalfBlock(wide, 4, 3); got != want {
		t.Errorf("wide: got\n%q\nwant\n%q", got, want)
	}
	// A tall 2×4 image in 6×2 cells: two columns, in the middle.
	tall := image.NewNRGBA(image.Rect(0, 0, 2, 4))
	draw.Draw(tall, tall.Rect, red, image.Point{}, draw.Src)
	want = "  \x1b[38;2;255;0;0;48;2;255;0;0m▀▀\x1b[m  \n" +
		"  \x1b[38;2;255;0;0;48;2;255;0;0m▀▀\x1b[m  "
	if got := HalfBlock(tall, 6, 2); got != want {
		t.Errorf("tall: got\n%q\nwant\n%q", got, want)
	}
}

func TestHalfBlockAveragesArea(t *testing.T) {
	// A 4×4 checkerboard shrunk to one pixel is mid grey (255·8/16 = 127).
	m := image.NewGray(image.Rect(0, 0, 4, 4))
	for i := range m.Pix {
		if (i/4+i%4)%2 == 0 {
			m.Pix[i] = 255
		}
	}
	if got, want := HalfBlock(m, 1, 1), "\x1b[38;2;127;127;127m▀\x1b[m"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestHalfBlockTransparency(t *testing.T) {
	m := image.NewNRGBA(image.Rect(0, 0, 3, 2))
	m.SetNRGBA(0, 0, color.NRGBA{255, 0, 0, 255}) // top only
	m.SetNRGBA(1, 1, color.NRGBA{0, 0, 255, 255}) // bottom only
	// (2, *) stays transparent.
	// The transparent cell is a space: its foreground does not show.
	want := "\x1b[38;2;255;0;0m▀\x1b[38;2;0;0;255m▄ \x1b[m"
	if got := HalfBlock(m, 3, 1); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestHalfBlockDimensions(t *testing.T) {
	sizes := []image.Point{{1, 1}, {7, 3}, {3, 7}, {100, 100}, {1000, 10}, {10, 1000}, {1536, 1024}}
	boxes := []image.Point{{1, 1}, {2, 1}, {10, 3}, {40, 20}, {80, 40}, {33, 7}}
	for _, s := range sizes {
		img := testPattern(s.X, s.Y)
		for _, box := range boxes {
			checkBox(t, fmt.Sprintf("%v in %v", s, box), HalfBlock(img, box.X, box.Y), box.X, box.Y)
		}
	}
	if HalfBlock(testPattern(4, 4), 0, 5) != "" {
		t.Error("zero columns should give an empty string")
	}
}

// TestSamplersAgree checks each fast path against the colour interfaces, on
// images whose origin is not (0, 0).
func TestSamplersAgree(t *testing.T) {
	src := testPattern(97, 61)
	sub := func(m draw.Image) image.Image {
		b := src.Bounds().Add(image.Pt(5, 3))
		draw.Draw(m, b, src, image.Point{}, draw.Src)
		return m.(interface {
			SubImage(image.Rectangle) image.Image
		}).SubImage(b)
	}
	big := src.Bounds().Add(image.Pt(5, 3)).Union(image.Rect(0, 0, 1, 1))
	pal := make(color.Palette, 0, 256)
	for i := range 256 {
		pal = append(pal, color.NRGBA{uint8(i), uint8(255 - i), uint8(i * 7), uint8(max(i, 100))})
	}
	cases := map[string]image.Image{
		"RGBA":     sub(image.NewRGBA(big)),
		"NRGBA":    sub(image.NewNRGBA(big)),
		"Gray":     sub(image.NewGray(big)),
		"Paletted": sub(image.NewPaletted(big, pal)),
		"RGBA64":   sub(image.NewRGBA64(big)),
	}
	for _, r := range []image.YCbCrSubsampleRatio{
		image.YCbCrSubsampleRatio444, image.YCbCrSubsampleRatio422, image.YCbCrSubsampleRatio420,
		image.YCbCrSubsampleRatio440, image.YCbCrSubsampleRatio411, image.YCbCrSubsampleRatio410,
	} {
		m := image.NewYCbCr(big, r)
		for y := big.Min.Y; y < big.Max.Y; y++ {
			for x := big.Min.X; x < big.Max.X; x++ {
				c := src.NRGBAAt(x-5, y-3)
				yy, cb, cr := color.RGBToYCbCr(c.R, c.G, c.B)
				m.Y[m.YOffset(x, y)] = yy
				m.Cb[m.COffset(x, y)] = cb
				m.Cr[m.COffset(x, y)] = cr
			}
		}
		cases["YCbCr "+r.String()] = m.SubImage(src.Bounds().Add(image.Pt(5, 3)))
	}
	for name, img := range cases {
		for _, size := range []image.Point{{13, 9}, {97, 61}, {150, 80}} {
			got := boxSample(img, size.X, size.Y, nil)
			want := referenceSample(img, size.X, size.Y)
			for i := range got {
				if d := int(got[i]) - int(want[i]); d > 2 || d < -2 {
					t.Errorf("%s at %v: byte %d (pixel %d) = %d, want %d", name, size, i%4, i/4, got[i], want[i])
					break
				}
			}
		}
	}
}

// referenceSample is boxSample written plainly with img.At.
func referenceSample(img image.Image, w, h int) []uint8 {
	b := img.Bounds()
	xs, ys := spans(b.Dx(), w), spans(b.Dy(), h)
	out := make([]uint8, 0, w*h*4)
	for oy := range h {
		for ox := range w {
			var s [4]uint64
			n := uint64(0)
			for y := ys[oy]; y < ys[oy]+spanLen(ys, oy); y++ {
				for x := xs[ox]; x < xs[ox]+spanLen(xs, ox); x++ {
					r, g, bb, a := img.At(b.Min.X+x, b.Min.Y+y).RGBA()
					s[0] += uint64(r >> 8)
					s[1] += uint64(g >> 8)
					s[2] += uint64(bb >> 8)
					s[3] += uint64(a >> 8)
					n++
				}
			}
			out = append(out, uint8(s[0]/n), uint8(s[1]/n), uint8(s[2]/n), uint8(s[3]/n))
		}
	}
	return out
}

func TestXterm256(t *testing.T) {
	tests := []struct {
		r, g, b uint8
		want    uint8
	}{
		{0, 0, 0, 16}, {255, 255, 255, 231}, {255, 0, 0, 196}, {0, 0, 255, 21},
		{95, 135, 175, 67}, {128, 128, 128, 244}, {8, 8, 8, 232}, {238, 238, 238, 255},
	}
	for _, tt := range tests {
		if got := xterm256(tt.r, tt.g, tt.b); got != tt.want {
			t.Errorf("xterm256(%d,%d,%d) = %d, want %d", tt.r, tt.g, tt.b, got, tt.want)
		}
	}
}

func TestFitCells(t *testing.T) {
	tests := []struct {
		w, h, cols, rows, cw, ch int
		wantC, wantR             int
	}{
		{1024, 1024, 80, 40, 0, 0, 80, 40},  // square image, 1:2 cells: 80×80 px
		{1024, 1024, 80, 20, 0, 0, 40, 20},  // height bound
		{1536, 1024, 80, 40, 0, 0, 80, 27},  // 3:2
		{1024, 1024, 80, 40, 8, 16, 80, 40}, // same ratio, other sizes
		{1024, 1024, 80, 40, 10, 10, 40, 40},
		{0, 10, 80, 40, 0, 0, 0, 0},
	}
	for _, tt := range tests {
		c, r := FitCells(tt.w, tt.h, tt.cols, tt.rows, tt.cw, tt.ch)
		if c != tt.wantC || r != tt.wantR {
			t.Errorf("FitCells(%d,%d in %dx%d, cell %dx%d) = %dx%d, want %dx%d",
				tt.w, tt.h, tt.cols, tt.rows, tt.cw, tt.ch, c, r, tt.wantC, tt.wantR)
		}
	}
}

func TestHalfBlockGolden(t *testing.T) {
	got := HalfBlock(testPattern(160, 100), 40, 20)
	path := "testdata/halfblock_40x20.golden"
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("half-block view differs from %s (rerun with -update if intended)", path)
	}
}

// TestWideRowSums checks that rows wider than the uint32 run limit still
// average right.
func TestWideRowSums(t *testing.T) {
	for _, img := range []draw.Image{image.NewNRGBA(image.Rect(0, 0, maxRun+1000, 1)), image.NewRGBA(image.Rect(0, 0, maxRun+1000, 1))} {
		draw.Draw(img, img.Bounds(), image.NewUniform(color.NRGBA{255, 255, 255, 255}), image.Point{}, draw.Src)
		px := boxSample(img, 1, 1, nil)
		if px[0] != 255 || px[3] != 255 {
			t.Errorf("%T: %v, want white", img, px)
		}
	}
}

// TestHalfBlockCellSize samples for the cells the terminal has: a square
// drawn in 9×20 cells (kitty) or 9×22 (foot) stays square on screen —
// with 1:2 cells assumed it came out 11% and 22% too tall.
func TestHalfBlockCellSize(t *testing.T) {
	img := testPattern(120, 120)
	for _, cell := range [][2]int{{9, 20}, {9, 22}, {8, 17}, {10, 20}, {7, 12}} {
		cw, ch := cell[0], cell[1]
		out := HalfBlockCells(img, 60, 20, cw, ch)
		lines := strings.Split(out, "\n")
		if len(lines) != 20 {
			t.Fatalf("%v: %d lines", cell, len(lines))
		}
		var cols, rows int
		for _, l := range lines {
			n := strings.Count(l, "▀") + strings.Count(l, "▄")
			if n == 0 {
				continue
			}
			cols, rows = max(cols, n), rows+1
			if ansi.StringWidth(l) != 60 {
				t.Fatalf("%v: a line of %d cells", cell, ansi.StringWidth(l))
			}
		}
		// Each row of cells holds two rows of samples (the image fills the
		// box's height here, so no last row holds only one).
		halves := 2 * rows
		w, h := float64(cols*cw), float64(halves*ch)/2
		if aspect := w / h; aspect < 0.97 || aspect > 1.03 {
			t.Errorf("%d×%d cells: %d columns × %d half rows, %.3f wide for 1 tall", cw, ch, cols, halves, aspect)
		}
	}
	// The 1:2 default is HalfBlock's.
	if HalfBlockCells(img, 30, 10, 0, 0) != HalfBlock(img, 30, 10) {
		t.Error("zero cell size differs from HalfBlock")
	}
}

// TestHalfBlockFillsCells: in an opaque image no '▀' cell is left with the
// terminal's background under it (xterm shows a line of it above the glyph,
// which was a dark line across the last row), and the proportions hold.
func TestHalfBlockFillsCells(t *testing.T) {
	for _, s := range []image.Point{{1536, 1024}, {1024, 1536}, {300, 200}, {640, 480}, {100, 37}} {
		img := image.NewNRGBA(image.Rect(0, 0, s.X, s.Y))
		draw.Draw(img, img.Rect, image.NewUniform(color.NRGBA{200, 100, 150, 255}), image.Point{}, draw.Src)
		for _, box := range []image.Point{{72, 24}, {110, 36}, {40, 13}, {33, 7}, {120, 39}} {
			for _, cell := range [][2]int{{0, 0}, {9, 19}, {9, 20}, {7, 17}} {
				out := halfBlock(img, box.X, box.Y, cell[0], cell[1], trueColour)
				cols, rows := checkCellsFilled(t, out)
				cw, ch := cell[0], cell[1]
				if cw == 0 {
					cw, ch = 1, 2
				}
				got, want := float64(cols*cw)/float64(rows*ch), float64(s.X)/float64(s.Y)
				// Within 3%, or what a part of a cell each way costs.
				tol := max(0.03, 0.6/float64(cols)+0.6/float64(2*rows))
				if d := got/want - 1; d > tol || d < -tol || rows == 0 {
					t.Errorf("%v in %v cells of %v: %d×%d cells, proportions %.3f, want %.3f", s, box, cell, cols, rows, got, want)
				}
			}
		}
	}
}

// checkCellsFilled walks half-block text keeping the SGR state, fails on a
// '▀' drawn over the default background, and returns the image's size in
// cells.
func checkCellsFilled(t *testing.T, out string) (cols, rows int) {
	t.Helper()
	for y, line := range strings.Split(out, "\n") {
		bg, n := false, 0
		for i := 0; i < len(line); {
			if strings.HasPrefix(line[i:], "\x1b[") {
				end := strings.IndexByte(line[i:], 'm')
				params := strings.Split(line[i+2:i+end], ";")
				for j := 0; j < len(params); j++ {
					switch params[j] {
					case "", "0", "49":
						bg = false
					case "48":
						bg = true
						j += 4 // 48;2;r;g;b
					case "38":
						j += 4
					}
				}
				i += end + 1
				continue
			}
			if strings.HasPrefix(line[i:], "▀") {
				if !bg {
					t.Fatalf("line %d: '▀' over the terminal's background: %q", y, line)
				}
				n++
				i += len("▀")
				continue
			}
			i++
		}
		if n > 0 {
			cols, rows = max(cols, n), rows+1
		}
	}
	return cols, rows
}
