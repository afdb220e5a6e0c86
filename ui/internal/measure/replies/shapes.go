package replies

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// Shapes are the shapes of reply that are costly to stream, as models write
// them: one block that keeps growing.
var Shapes = []string{"paragraph", "bullet-list", "list-code", "table", "code"}

// Shape returns a reply of at least size bytes in one of Shapes, the same
// every time.
func Shape(shape string, size int) string {
	r := rand.New(rand.NewPCG(5, 6))
	word := func() string { return words[r.IntN(len(words))] }
	var b strings.Builder
	switch shape {
	case "paragraph": // one paragraph on one line, as models write them
		for b.Len() < size {
			b.WriteString(Sentence(r) + " ")
		}
		return strings.TrimSuffix(b.String(), " ") + "\n"
	case "bullet-list": // one list: items of a sentence or two, some with items of their own
		for i := 0; b.Len() < size; i++ {
			fmt.Fprintf(&b, "- **%s**: %s", word(), Sentence(r))
			if r.IntN(2) == 0 {
				b.WriteString(" " + Sentence(r))
			}
			b.WriteString("\n")
			if i%4 == 3 {
				for range 1 + r.IntN(3) {
					fmt.Fprintf(&b, "  - %s\n", Sentence(r))
				}
			}
		}
	case "list-code": // numbered steps, each with code, some with text after it
		for i := 1; b.Len() < size; i++ {
			ind := strings.Repeat(" ", len(fmt.Sprint(i))+2) // the item's content column
			fmt.Fprintf(&b, "%d. %s\n\n", i, Sentence(r))
			IndentedCode(&b, r, ind, 20+r.IntN(60))
			if r.IntN(2) == 0 {
				fmt.Fprintf(&b, "\n%s%s\n%s%s\n", ind, Sentence(r), ind, Sentence(r))
			}
			b.WriteString("\n")
		}
	case "table": // one table, rows of short cells
		b.WriteString("| name | kind | size | owner | note |\n|---|---|---:|---|---|\n")
		for i := 0; b.Len() < size; i++ {
			fmt.Fprintf(&b, "| row%d | %s | %d | %s %s | %s `%s` |\n", i, word(), r.IntN(100000), word(), word(), word(), word())
		}
	case "code": // one fenced block at the top level
		b.WriteString("```go\n")
		for i := 0; b.Len() < size; i++ {
			fmt.Fprintf(&b, "\tx%d := render(block%d, %d) // %s\n", i, i, r.IntN(100), word())
		}
		b.WriteString("```\n")
	default:
		panic("unknown shape " + shape)
	}
	return b.String()
}

// Thinking returns plain prose of at least size bytes, in paragraphs, as a
// model's visible reasoning reads.
func Thinking(size int) string {
	r := rand.New(rand.NewPCG(7, 8))
	var b strings.Builder
	for b.Len() < size {
		for range 3 + r.IntN(6) {
			s := strings.NewReplacer("**", "", "`", "", "*", "").Replace(Sentence(r))
			b.WriteString(s + " ")
		}
		b.WriteString("\n\n")
	}
	return b.String()
}

// IndentedCode writes a fenced Go block of n lines, every line indented by
// ind (the content column of the list item it is in).
func IndentedCode(b *strings.Builder, r *rand.Rand, ind string, n int) {
	b.WriteString(ind + "```go\n")
	fmt.Fprintf(b, "%sfunc step%d(in []byte) error {\n", ind, r.IntN(1000))
	for i := range n {
		switch r.IntN(4) {
		case 0:
			fmt.Fprintf(b, "%s\t// %s\n", ind, Sentence(r))
		case 1:
			fmt.Fprintf(b, "%s\tif err := check(in, %d); err != nil {\n%s\t\treturn err\n%s\t}\n", ind, i, ind, ind)
		default:
			fmt.Fprintf(b, "%s\tx%d := render(block%d, %q)\n", ind, i, i, words[r.IntN(len(words))])
		}
	}
	b.WriteString(ind + "\treturn nil\n" + ind + "}\n" + ind + "```\n")
}

// ListCodeTable is the reply of the terminal measurement: one list item
// holding a 12 KB code block, then a 600-row table; about 32 KB.
func ListCodeTable() string {
	r := rand.New(rand.NewPCG(9, 10))
	var b strings.Builder
	b.WriteString("1. Put this in `render.go`; it draws every block of the reply:\n\n")
	var code strings.Builder
	for code.Len() < 12_000 {
		IndentedCode(&code, r, "   ", 20)
		code.WriteString("\n")
	}
	// One fence: the blocks' fences taken out but the first and last.
	body := strings.ReplaceAll(code.String(), "   ```\n\n   ```go\n", "\n")
	b.WriteString(body)
	b.WriteString("\n| row | kind | size | note |\n|---|---|---:|---|\n")
	for i := range 600 {
		fmt.Fprintf(&b, "| %d | %s | %d | %s |\n", i, words[r.IntN(len(words))], r.IntN(10000), words[r.IntN(len(words))])
	}
	return b.String()
}

// CodeOfSize is a top-level Go code block of about size bytes.
func CodeOfSize(size int) string {
	return Shape("code", size-10)
}
