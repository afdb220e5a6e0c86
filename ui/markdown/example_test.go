package markdown_test

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"atelier/ui/markdown"
)

// A reply arrives in pieces; the Renderer draws it at any point, and lists
// its code blocks for the `y N` copy.
func ExampleRenderer() {
	r := markdown.NewRenderer(40, markdown.DefaultStyles(true))
	for _, piece := range []string{"# Hel", "lo\n\nRun **this**:\n\n```sh\necho hi\n", "```\n"} {
		r.Append(piece)
	}
	for _, l := range r.Lines() {
		fmt.Println(strings.TrimRight(ansi.Strip(l), " "))
	}
	fmt.Printf("%q\n", r.CodeBlocks())
	// Output:
	//    Hello
	//
	//   Run this:
	//
	//     [1] sh
	//     echo hi
	// [{"sh" "echo hi\n"}]
}
