package chat

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"atelier/internal/termtext"
)

// TestFlowWrapsAsAnsiWrap feeds random text to a flow in random pieces,
// asking for its lines after each: the lines are always those of wrapping
// the whole text so far at once, as the thinking was drawn before.
func TestFlowWrapsAsAnsiWrap(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	words := []string{"a", "word", "thinking", "about", "the", "problem", "supercalifragilisticexpialidocious-and-more",
		"x-y", "  ", "\n", "\n\n", "\t", "é", "漢字", "\x1b[31m", "end.", "-", "—"}
	for range 300 {
		var b strings.Builder
		for range 5 + rng.IntN(120) {
			b.WriteString(words[rng.IntN(len(words))])
			if rng.IntN(3) > 0 {
				b.WriteByte(' ')
			}
		}
		text := b.String()
		width := 5 + rng.IntN(40)
		f := &flow{}
		for i := 0; i < len(text); {
			n := 1 + rng.IntN(12)
			f.append(text[i:min(i+n, len(text))])
			i += n
			got := f.lines(width)
			want := wrapWhole(text[:min(i, len(text))], width)
			if !slices.Equal(got, want) {
				t.Fatalf("%q at %d after %d bytes:\n got %q\nwant %q", text, width, i, got, want)
			}
		}
		if got := f.words; got != len(strings.Fields(termtext.String(strings.ReplaceAll(text, "\t", "    ")))) {
			t.Fatalf("%q: %d words", text, got)
		}
	}
}

// wrapWhole is how thinking was wrapped: cleaned, trimmed, tabs made
// spaces, ansi.Wrap. It cleans s as the text so far of a stream (a
// character cut at its end waits for the rest of it).
func wrapWhole(s string, width int) []string {
	var st termtext.Stripper
	s = strings.ReplaceAll(string(st.Append(nil, []byte(s))), "\t", "    ")
	s = strings.TrimSpace(s)
	if s == "" {
		return nil
	}
	return strings.Split(ansi.Wrap(s, width, " "), "\n")
}
