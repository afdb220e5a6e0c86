// Package replies makes the model replies the streaming benchmarks and
// tests play: deterministic markdown in the shapes models write, and the
// pieces a stream cuts it into. The terminal measurements write the same
// replies to files (see cmd).
package replies

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// words is the vocabulary of the generated replies.
var words = strings.Fields("the a stream render block cache frame token model reply width " +
	"table list code fence terminal cursor buffer layout glyph margin paragraph heading quote " +
	"inline emphasis link value index")

// Long returns a reply of at least size bytes in the shape of a long model
// answer: sections with headings, paragraphs with inline markup, bullet
// lists (some nested), numbered lists, tables, block quotes and fenced code
// in Go, Python, Bash and JSON.
func Long(size int) string {
	r := rand.New(rand.NewPCG(1, 2))
	word := func() string { return words[r.IntN(len(words))] }
	var b strings.Builder
	for sec := 1; b.Len() < size; sec++ {
		fmt.Fprintf(&b, "## Section %d\n\n", sec)
		for range 1 + r.IntN(3) {
			for range 2 + r.IntN(4) {
				b.WriteString(Sentence(r) + "\n")
			}
			b.WriteString("\n")
		}
		switch r.IntN(4) {
		case 0:
			for i := range 3 + r.IntN(5) {
				fmt.Fprintf(&b, "- item %d: %s\n", i, Sentence(r))
				if r.IntN(3) == 0 {
					fmt.Fprintf(&b, "  - nested %s\n", Sentence(r))
				}
			}
		case 1:
			for i := range 3 + r.IntN(5) {
				fmt.Fprintf(&b, "%d. %s\n", i+1, Sentence(r))
			}
		case 2:
			b.WriteString("| name | kind | size | note |\n|---|---|---:|---|\n")
			for i := range 3 + r.IntN(6) {
				fmt.Fprintf(&b, "| row%d | %s | %d | %s |\n", i, word(), r.IntN(10000), word())
			}
		case 3:
			b.WriteString("> " + Sentence(r) + "\n> " + Sentence(r) + "\n")
		}
		b.WriteString("\n")
		code(&b, r, word)
	}
	return b.String()
}

// Sentence is a sentence of 6 to 19 words, some in bold, italics, code or
// a link.
func Sentence(r *rand.Rand) string {
	var b strings.Builder
	for i := range 6 + r.IntN(14) {
		if i > 0 {
			b.WriteByte(' ')
		}
		w := words[r.IntN(len(words))]
		switch r.IntN(20) {
		case 0:
			w = "**" + w + "**"
		case 1:
			w = "`" + w + "()`"
		case 2:
			w = "*" + w + "*"
		case 3:
			w = "[" + w + "](https://example.org/" + w + ")"
		}
		b.WriteString(w)
	}
	return b.String() + "."
}

func code(b *strings.Builder, r *rand.Rand, word func() string) {
	lang := []string{"go", "python", "bash", "json"}[r.IntN(4)]
	fmt.Fprintf(b, "```%s\n", lang)
	for i := range 8 + r.IntN(20) {
		switch lang {
		case "go":
			fmt.Fprintf(b, "\tx%d := render(block%d, %d) // %s\n", i, i, r.IntN(100), word())
		case "python":
			fmt.Fprintf(b, "    x%d = render(block%d, %d)  # %s\n", i, i, r.IntN(100), word())
		case "bash":
			fmt.Fprintf(b, "echo \"%s\" | grep -c %d\n", word(), r.IntN(100))
		case "json":
			fmt.Fprintf(b, "  \"key%d\": {\"v\": %d, \"s\": \"%s\"},\n", i, r.IntN(100), word())
		}
	}
	b.WriteString("```\n\n")
}

// Chunks cuts s into n pieces of varying length (from 1 byte to twice the
// average), on character boundaries, the same way every time.
func Chunks(s string, n int) []string {
	r := rand.New(rand.NewPCG(3, 4))
	avg := len(s) / n
	out := make([]string, 0, n)
	prev := 0
	for i := 1; i < n; i++ {
		k := max(prev+1, i*len(s)/n+r.IntN(avg+1)-avg/2)
		for k < len(s) && s[k]&0xc0 == 0x80 {
			k++
		}
		if k >= len(s) {
			break
		}
		out = append(out, s[prev:k])
		prev = k
	}
	return append(out, s[prev:])
}

// Pieces cuts s into pieces of n bytes, the last shorter, never inside a
// character.
func Pieces(s string, n int) []string {
	var out []string
	for len(s) > 0 {
		k := min(n, len(s))
		for k < len(s) && s[k]&0xc0 == 0x80 {
			k++
		}
		out = append(out, s[:k])
		s = s[k:]
	}
	return out
}
