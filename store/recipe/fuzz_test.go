package recipe

import (
	"errors"
	"testing"
)

// FuzzRead feeds the reader (and Remove) damaged and hostile files: they
// must never panic, a recipe Read returns must be one Parse accepts again,
// and none is left after Remove.
func FuzzRead(f *testing.F) {
	r := testRecipe(f, "seed")
	for _, b := range [][]byte{encodePNG(f), encodeJPEG(f)} {
		out, _ := Embed(b, r)
		f.Add(out)
	}
	for _, name := range []string{"lossy.webp", "lossless.webp", "extended.webp"} {
		out, _ := Embed(readTestdata(f, name), r)
		f.Add(out)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		// Remove never panics, and what it leaves holds no recipe that
		// reads without error.
		if r, err := Read(Remove(b)); err == nil {
			t.Fatalf("a recipe survived Remove: %+v", r)
		}
		got, err := Read(b)
		if err != nil {
			if got != nil {
				t.Fatal("a recipe and an error")
			}
			return
		}
		text, err := got.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Parse(text); err != nil {
			t.Fatalf("read a recipe Parse refuses: %v", err)
		}
		// Embedding into a file the reader accepted may fail (a PNG
		// without IDAT), but not with ErrFormat, and must not panic.
		if _, err := Embed(b, got); errors.Is(err, ErrFormat) {
			t.Fatal("read a recipe from a file Embed does not know")
		}
	})
}

// FuzzParse feeds the sidecar reader any text: it must never panic, and
// what it accepts must hold a request object.
func FuzzParse(f *testing.F) {
	text, _ := testRecipe(f, "seed").Marshal()
	f.Add(text)
	f.Add([]byte(`{"schema":"atelier.recipe/1","kind":"video","request":{}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		r, err := Parse(b)
		if err == nil && (len(r.Request) == 0 || r.Request[0] != '{') {
			t.Fatalf("accepted a recipe without a request object: %q", r.Request)
		}
	})
}
