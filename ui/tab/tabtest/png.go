package tabtest

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

// EncodePNG is img as a PNG file's bytes; the picture is each test's own
// (what a golden draws of it must not change), the encoding this one.
func EncodePNG(t testing.TB, img image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// WritePNG writes img as a PNG named name in a temporary folder, for a
// form's input file, and returns its path.
func WritePNG(t testing.TB, name string, img image.Image) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, EncodePNG(t, img), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}
