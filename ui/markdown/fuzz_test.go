package markdown

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"atelier/internal/termtext"
)

func fuzzSeeds(f *testing.F) {
	f.Add("# T\n\npara\n\n- a\n- b\n\n```go\nx\n```\n", uint16(7))
	f.Add("1. a\n\n2. b\n   ```\n   c\n\n   ```\n3) d\n", uint16(3))
	f.Add("<!--\n\n-->\n<div>\n# x\n\n> q\nlazy\n| a |\n|---|\n", uint16(11))
	f.Add("\x1b]8;;u\x1b\\x\x1b[31m\u009b\r\n````\n```\n~~~\n", uint16(2))
	f.Add("- a\n* b\n- - -\n    code\n\t- c\n", uint16(5))
}

// FuzzSplitter: the blocks add up to the text, in order, and do not depend
// on how the text was cut into pieces.
func FuzzSplitter(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, text string, n uint16) {
		whole, open, _ := splitAll(text, 0)
		closed, open2, _ := splitAll(text, int(n%64)+1)
		if !slices.Equal(closed, whole) || open != open2 {
			t.Fatalf("pieces of %d: %q + %q, whole: %q + %q", n%64+1, closed, open2, whole, open)
		}
		if strings.Join(whole, "")+open != text {
			t.Fatal("blocks do not add up to the text")
		}
	})
}

// FuzzRenderer: whatever the model sends, the output holds no escape but
// SGR, the text is what termtext leaves of the input, and the screen text
// does not depend on where a frame fell.
func FuzzRenderer(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, text string, cut uint16) {
		if len(text) > 1024 {
			return // glamour is slow; long inputs add nothing here
		}
		k := int(cut) % (len(text) + 1)
		a := NewRenderer(40, DefaultStyles(true))
		a.Append(text[:k])
		a.Lines()
		a.Append(text[k:])
		b := NewRenderer(40, DefaultStyles(true))
		b.Append(text)

		for _, r := range []*Renderer{a, b} {
			if err := onlySGR(r.Rendered()); err != nil {
				t.Fatal(err)
			}
		}
		var st termtext.Stripper
		want := st.Append(nil, []byte(text))
		want = bytes.ReplaceAll(want, []byte(codeMark), []byte("\uFFFD"))
		if a.Text() != string(want) || b.Text() != string(want) {
			t.Fatalf("Text %q / %q, want %q", a.Text(), b.Text(), want)
		}
		if pa, pb := plain(a.Lines()), plain(b.Lines()); !slices.Equal(pa, pb) {
			t.Fatalf("a frame after %d bytes changed the screen:\n%q\n%q", k, pa, pb)
		}
		if len(a.CodeBlocks()) != len(b.CodeBlocks()) {
			t.Fatal("a frame changed the number of code blocks")
		}
	})
}
