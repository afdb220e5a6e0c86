package imageview

import (
	"bytes"
	"image"
	"image/jpeg"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// photo1024 returns a 1024×1024 image shaped like a decoded generation:
// an *image.NRGBA (PNG) or, with jpeg set, the *image.YCbCr JPEG yields.
func photo1024(b *testing.B, asJPEG bool) image.Image {
	b.Helper()
	img := image.Image(testPattern(1024, 1024))
	if asJPEG {
		var buf bytes.Buffer
		if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 90}); err != nil {
			b.Fatal(err)
		}
		m, err := jpeg.Decode(&buf)
		if err != nil {
			b.Fatal(err)
		}
		img = m
	}
	return img
}

// BenchmarkHalfBlock1024To80x40 renders a 1024×1024 image into 80×40 cells
// (target: under 20 ms).
func BenchmarkHalfBlock1024To80x40(b *testing.B) {
	for _, tt := range []struct {
		name string
		img  image.Image
	}{
		{"NRGBA", photo1024(b, false)},
		{"YCbCr", photo1024(b, true)},
	} {
		b.Run(tt.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = HalfBlock(tt.img, 80, 40)
			}
		})
	}
}

// BenchmarkPreviewCached redraws a cached preview (target: nanoseconds, no
// allocation).
func BenchmarkPreviewCached(b *testing.B) {
	var p Preview
	img := photo1024(b, false)
	want := p.View("img-1", img, 80, 40)
	b.ReportAllocs()
	for b.Loop() {
		if p.View("img-1", img, 80, 40) != want {
			b.Fatal("cache missed")
		}
	}
}

// BenchmarkKittyEncode1024 encodes a 1024×1024 image for kitty at a size
// that keeps every pixel (PNG at best speed, then base64 chunks).
func BenchmarkKittyEncode1024(b *testing.B) {
	img := photo1024(b, false)
	k := Kitty{CellWidth: 16, CellHeight: 32}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := k.Transmit(img, Placement{Image: 1, ID: 1, Cols: 64, Rows: 32}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSixelEncode512 quantises and encodes a 512×512 image as sixel.
func BenchmarkSixelEncode512(b *testing.B) {
	img := testPattern(512, 512)
	b.ReportAllocs()
	for b.Loop() {
		_ = Sixel(img)
	}
}

// BenchmarkTmuxPassthrough wraps one full kitty chunk (4 KiB of base64) for
// tmux, with this package's TmuxPassthrough and with x/ansi's, which grows
// its buffer as it goes.
func BenchmarkTmuxPassthrough(b *testing.B) {
	chunk := "\x1b_Gm=1;" + strings.Repeat("QUJD", kittyChunk/4) + "\x1b\\"
	for _, wrap := range []struct {
		name string
		f    func(string) string
	}{{"atelier", TmuxPassthrough}, {"x-ansi", ansi.TmuxPassthrough}} {
		b.Run(wrap.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(chunk)))
			for b.Loop() {
				_ = wrap.f(chunk)
			}
		})
	}
}
