package recipe

import (
	"bytes"
	"errors"
	"image"
	"testing"
)

// TestRemoveTakesTheRecipeAndNothingElse: an image atelier saved, with its
// recipe removed, holds no recipe, decodes to the very same pixels as the
// file before the recipe went in, keeps other tools' metadata, and is the
// original byte for byte where Embed only added a chunk (PNG, JPEG). A
// file with no recipe comes back as it is.
func TestRemoveTakesTheRecipeAndNothingElse(t *testing.T) {
	for _, c := range []struct {
		name   string
		file   func(testing.TB) []byte
		decode func([]byte) (image.Image, error)
		same   bool // the original bytes come back
	}{
		{"png", encodePNG, pngDecode, true},
		{"png with another tool's text", func(t testing.TB) []byte {
			return pngWithChunk(encodePNG(t), "tEXt", []byte("Software\x00another tool"))
		}, pngDecode, true},
		{"jpeg", encodeJPEG, jpegDecode, true},
		{"webp lossy (VP8)", func(t testing.TB) []byte { return readTestdata(t, "lossy.webp") }, webpDecode, false},
		{"webp lossless (VP8L)", func(t testing.TB) []byte { return readTestdata(t, "lossless.webp") }, webpDecode, false},
		{"webp extended (VP8X+ALPH)", func(t testing.TB) []byte { return readTestdata(t, "extended.webp") }, webpDecode, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			orig := c.file(t)
			if got := Remove(orig); !bytes.Equal(got, orig) {
				t.Fatal("a file with no recipe changed")
			}
			with, err := Embed(orig, testRecipe(t, "the earlier prompt, kept private"))
			if err != nil {
				t.Fatal(err)
			}
			out := Remove(with)
			if _, err := Read(out); !errors.Is(err, ErrNone) {
				t.Fatalf("after Remove, Read = %v, want ErrNone", err)
			}
			if bytes.Contains(out, []byte("earlier prompt")) || bytes.Contains(out, []byte(xmpNS)) || bytes.Contains(out, []byte(comPrefix)) {
				t.Fatal("the recipe's text is still in the file")
			}
			samePixels(t, c.decode, orig, out)
			if c.same && !bytes.Equal(out, orig) {
				t.Fatalf("%d bytes back, the original had %d", len(out), len(orig))
			}
			if Format(out) == "webp" && out[12+8]&vp8xXMP != 0 {
				t.Error("the VP8X chunk still says it has XMP")
			}
		})
	}
	for _, junk := range [][]byte{nil, []byte("not an image"), []byte("\x89PNG\r\n\x1a\nbroken"), []byte("RIFF\xff\xff\xff\xffWEBPVP8 ")} {
		if got := Remove(junk); !bytes.Equal(got, junk) {
			t.Errorf("Remove(%q) = %q", junk, got)
		}
	}
}
