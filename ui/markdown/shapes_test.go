package markdown

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// The shapes of reply that are costly to stream, as models write them:
// one block that keeps growing. genShape returns a reply of at least size
// bytes in one of them, the same every time.
var shapes = []string{"paragraph", "bullet-list", "list-code", "table", "code"}

func genShape(shape string, size int) string {
	r := rand.New(rand.NewPCG(5, 6))
	var b strings.Builder
	switch shape {
	case "paragraph": // one paragraph on one line, as models write them
		for b.Len() < size {
			b.WriteString(genSentence(r) + " ")
		}
		return strings.TrimSuffix(b.String(), " ") + "\n"
	case "bullet-list": // one list: items of a sentence or two, some with items of their own
		for i := 0; b.Len() < size; i++ {
			fmt.Fprintf(&b, "- **%s**: %s", genWords[r.IntN(len(genWords))], genSentence(r))
			if r.IntN(2) == 0 {
				b.WriteString(" " + genSentence(r))
			}
			b.WriteString("\n")
			if i%4 == 3 {
				for range 1 + r.IntN(3) {
					fmt.Fprintf(&b, "  - %s\n", genSentence(r))
				}
			}
		}
	case "list-code": // numbered steps, each with code, some with text after it
		for i := 1; b.Len() < size; i++ {
			ind := strings.Repeat(" ", len(fmt.Sprint(i))+2) // the item's content column
			fmt.Fprintf(&b, "%d. %s\n\n", i, genSentence(r))
			genIndentedCode(&b, r, ind, 20+r.IntN(60))
			if r.IntN(2) == 0 {
				fmt.Fprintf(&b, "\n%s%s\n%s%s\n", ind, genSentence(r), ind, genSentence(r))
			}
			b.WriteString("\n")
		}
	case "table": // one table, rows of short cells
		b.WriteString("| name | kind | size | owner | note |\n|---|---|---:|---|---|\n")
		for i := 0; b.Len() < size; i++ {
			w := func() string { return genWords[r.IntN(len(genWords))] }
			fmt.Fprintf(&b, "| row%d | %s | %d | %s %s | %s `%s` |\n", i, w(), r.IntN(100000), w(), w(), w(), w())
		}
	case "code": // one fenced block at the top level
		b.WriteString("```go\n")
		for i := 0; b.Len() < size; i++ {
			fmt.Fprintf(&b, "\tx%d := render(block%d, %d) // %s\n", i, i, r.IntN(100), genWords[r.IntN(len(genWords))])
		}
		b.WriteString("```\n")
	default:
		panic("unknown shape " + shape)
	}
	return b.String()
}

// genIndentedCode writes a fenced Go block of n lines, every line indented
// by ind (the content column of the list item it is in).
func genIndentedCode(b *strings.Builder, r *rand.Rand, ind string, n int) {
	b.WriteString(ind + "```go\n")
	fmt.Fprintf(b, "%sfunc step%d(in []byte) error {\n", ind, r.IntN(1000))
	for i := range n {
		switch r.IntN(4) {
		case 0:
			fmt.Fprintf(b, "%s\t// %s\n", ind, genSentence(r))
		case 1:
			fmt.Fprintf(b, "%s\tif err := check(in, %d); err != nil {\n%s\t\treturn err\n%s\t}\n", ind, i, ind, ind)
		default:
			fmt.Fprintf(b, "%s\tx%d := render(block%d, %q)\n", ind, i, i, genWords[r.IntN(len(genWords))])
		}
	}
	b.WriteString(ind + "\treturn nil\n" + ind + "}\n" + ind + "```\n")
}
