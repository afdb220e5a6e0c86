package markdown

import (
	"slices"
	"strings"
	"testing"
)

// TestDrawCodeAsGlamour: lines of code drawn from their tokens are the
// lines glamour draws for the same piece, in every language and at the top
// level as in a list item.
func TestDrawCodeAsGlamour(t *testing.T) {
	t.Parallel()
	samples := map[string]string{
		"go":      "func main() {\n\tx := `raw` + \"s\\n\" // c\n\n\treturn\n}\n",
		"python":  "def f(a, b=2):\n    \"\"\"doc\"\"\"\n    return a ** b  # c\n",
		"bash":    "for f in *.go; do echo \"$f\" | wc -l; done\n",
		"json":    "{\"a\": [1, 2.5, true, null], \"b\": {\"c\": \"d\"}}\n",
		"js":      "const s = `t ${x}`; /* c */ let y = 1;\n",
		"":        "plain text, no language\n\twith a tab\n",
		"unknown": "what is this\n",
	}
	for _, ctx := range []struct{ stub, ind string }{{"", ""}, {"1. " + stubMark + "\n", "   "}, {"- " + stubMark + "\n  - " + stubMark + "\n", "    "}} {
		for _, width := range []int{40, 80, 196} {
			for lang, code := range samples {
				r := NewRenderer(width, DefaultStyles(true))
				r.update()
				text := ctx.stub + ctx.ind + "```" + lang + "\n"
				r.text = []byte(text + indentLines(code, ctx.ind))
				var c codeRun
				r.startCode(&c, fence{char: '`', n: 3, open: len(ctx.stub), body: len(text)}, ctx.ind, ctx.stub, 1)
				content := r.text[c.f.body:]
				got, _, _, ok := r.drawCode(&c, content)
				if !ok {
					if width > 60 {
						t.Fatalf("%q at %d in %q: not drawn", lang, width, ctx.stub)
					}
					continue // a line may wrap: glamour draws it
				}
				rd, err := r.render(r.fenced(&c, content))
				if err != nil {
					t.Fatal(err)
				}
				lines := compact(nil, rd.out)
				want := lines[c.frame.top : len(lines)-c.frame.bottom]
				if !slices.Equal(got, want) {
					t.Errorf("%q at %d in %q:\n got %q\nwant %q", lang, width, ctx.stub, got, want)
				}
			}
		}
	}
}

func indentLines(s, ind string) string {
	var b strings.Builder
	for l := range strings.Lines(s) {
		b.WriteString(ind + l)
	}
	return b.String()
}
