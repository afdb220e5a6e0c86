package recipe

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"testing"
)

// benchPNG is a 1024×1024 PNG of noise-like pixels, about the size of a
// generated image.
func benchPNG(b *testing.B) []byte {
	m := image.NewNRGBA(image.Rect(0, 0, 1024, 1024))
	x := uint32(1)
	for i := range m.Pix {
		x ^= x << 13
		x ^= x >> 17
		x ^= x << 5
		m.Pix[i] = uint8(x)
	}
	m.Set(0, 0, color.NRGBA{1, 2, 3, 255})
	var buf bytes.Buffer
	if err := png.Encode(&buf, m); err != nil {
		b.Fatal(err)
	}
	return buf.Bytes()
}

// BenchmarkEmbedPNG is the cost of putting a recipe into a saved image:
// a copy of the file with one chunk more, no decoding.
func BenchmarkEmbedPNG(b *testing.B) {
	img, r := benchPNG(b), testRecipe(b, "a lighthouse at dusk")
	b.SetBytes(int64(len(img)))
	for b.Loop() {
		if _, err := Embed(img, r); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReadPNG is the cost of finding the recipe in such a file.
func BenchmarkReadPNG(b *testing.B) {
	img, _ := Embed(benchPNG(b), testRecipe(b, "a lighthouse at dusk"))
	b.SetBytes(int64(len(img)))
	for b.Loop() {
		if _, err := Read(img); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReencodePNG is what embedding would cost if it went through the
// pixels (decode and encode again), for comparison.
func BenchmarkReencodePNG(b *testing.B) {
	img := benchPNG(b)
	b.SetBytes(int64(len(img)))
	for b.Loop() {
		m, err := png.Decode(bytes.NewReader(img))
		if err != nil {
			b.Fatal(err)
		}
		png.Encode(&bytes.Buffer{}, m)
	}
}
