package markdown

import (
	"slices"
	"strings"
	"testing"
)

// splitAll feeds text to a splitter in pieces of size n (0: all at once)
// and returns the closed blocks as text, then the open block.
func splitAll(text string, n int) (closed []string, open string, refs []listRef) {
	var s splitter
	var buf []byte
	emit := func(b block) {
		closed = append(closed, string(buf[b.start:b.end]))
		refs = append(refs, b.list)
	}
	if n <= 0 {
		n = len(text) + 1
	}
	for len(text) > 0 {
		k := min(n, len(text))
		buf = append(buf, text[:k]...)
		text = text[k:]
		s.scan(buf, emit)
	}
	return closed, string(buf[s.start:]), refs
}

func TestSplitter(t *testing.T) {
	tests := []struct {
		name   string
		in     string
		closed []string // the closed blocks, in order
		open   string   // the open block at the end
	}{
		{"paragraphs", "one\ntwo\n\nthree\n", []string{"one\ntwo\n\n"}, "three\n"},
		{"a partial line decides nothing yet", "one\n\ntw", nil, "one\n\ntw"},
		{"blank runs go with the block before", "a\n\n\n\nb\n", []string{"a\n\n\n\n"}, "b\n"},
		{"indented line after a blank does not cut", "a\n\n    code\n\nb\n", []string{"a\n\n    code\n\n"}, "b\n"},
		{"fence with blank lines inside",
			"```go\nx := 1\n\n\ny := 2\n```\nafter\n",
			[]string{"```go\nx := 1\n\n\ny := 2\n```\n"}, "after\n"},
		{"fence cuts the paragraph before it", "text\n```\ncode\n```\n", []string{"text\n", "```\ncode\n```\n"}, ""},
		{"unclosed fence at the tail", "intro\n\n```py\nx = 1\n\n# not a heading\n", []string{"intro\n\n"}, "```py\nx = 1\n\n# not a heading\n"},
		{"shorter run does not close a fence", "````\n```\nstill code\n````\nx\n", []string{"````\n```\nstill code\n````\n"}, "x\n"},
		{"tilde fence with backticks in its info", "~~~ a`b\ncode\n~~~\n", []string{"~~~ a`b\ncode\n~~~\n"}, ""},
		{"inline backticks are not a fence", "``` a`b\ntext\n\nnext\n", []string{"``` a`b\ntext\n\n"}, "next\n"},
		{"loose list stays one block per item",
			"- a\n\n- b\n\n  more b\n\n- c\n\nafter\n",
			[]string{"- a\n\n", "- b\n\n  more b\n\n", "- c\n\n"}, "after\n"},
		{"tight ordered list", "1. a\n2. b\n3. c\n", []string{"1. a\n", "2. b\n"}, "3. c\n"},
		{"nested items stay in their item", "- a\n  - a1\n  - a2\n- b\n", []string{"- a\n  - a1\n  - a2\n"}, "- b\n"},
		{"another marker starts another list: no cut", "- a\n* b\n- c\n", nil, "- a\n* b\n- c\n"},
		{"thematic break is no item", "- a\n- - -\ntext\n", nil, "- a\n- - -\ntext\n"},
		{"fence nested in an item", "1. run:\n   ```sh\n   ls\n\n   ```\n2. next\n", []string{"1. run:\n   ```sh\n   ls\n\n   ```\n"}, "2. next\n"},
		{"table continues across single newlines",
			"| a | b |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n\ntext\n",
			[]string{"| a | b |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n\n"}, "text\n"},
		{"heading without a blank line after it", "# Title\nfirst line\n## Sub\nmore\n", []string{"# Title\n", "first line\n", "## Sub\n"}, "more\n"},
		{"hashtag is no heading", "#tag\ntext\n", nil, "#tag\ntext\n"},
		{"setext heading stays whole", "Title\n=====\ntext\n\nSub\n---\n", []string{"Title\n=====\ntext\n\n"}, "Sub\n---\n"},
		{"block quote with lazy line", "> a\nlazy\n\n> b\n", []string{"> a\nlazy\n\n"}, "> b\n"},
		{"html comment with blank lines", "<!-- a\n\nb -->\n\ntext\n", []string{"<!-- a\n\nb -->\n\n"}, "text\n"},
		{"no heading inside an html block", "<div>\n# x\n</div>\n\ny\n", []string{"<div>\n# x\n</div>\n\n"}, "y\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, n := range []int{0, 1, 3} {
				closed, open, _ := splitAll(tt.in, n)
				if !slices.Equal(closed, tt.closed) || open != tt.open {
					t.Errorf("pieces of %d:\nclosed %q\n  want %q\nopen %q\nwant %q", n, closed, tt.closed, open, tt.open)
				}
			}
		})
	}
}

func TestSplitterListRefs(t *testing.T) {
	_, _, refs := splitAll("3. a\n4. b\n\n7. c\n- x\n", 0)
	want := []listRef{{mark: '.', start: 3, n: 0}, {mark: '.', start: 3, n: 1}}
	if !slices.Equal(refs, want) {
		t.Fatalf("refs %+v, want %+v", refs, want)
	}
}

// TestSplitterCRLF: the Renderer cleans carriage returns away (they are
// control characters) before the splitter sees the text.
func TestSplitterCRLF(t *testing.T) {
	r := NewRenderer(40, DefaultStyles(true))
	r.Append("# T\r\n\r\npara\r")
	r.Append("\n\r\n- a\r\n")
	if got, want := r.Text(), "# T\n\npara\n\n- a\n"; got != want {
		t.Fatalf("Text %q, want %q", got, want)
	}
	var closed []string
	for _, b := range r.blocks {
		closed = append(closed, r.Text()[b.start:b.end])
	}
	if want := []string{"# T\n", "\npara\n\n"}; !slices.Equal(closed, want) {
		t.Fatalf("blocks %q, want %q", closed, want)
	}
}

// TestSplitterChunking: however the text is cut into pieces, the blocks are
// the same.
func TestSplitterChunking(t *testing.T) {
	for name, text := range corpus(t) {
		whole, open, _ := splitAll(text, 0)
		for _, n := range []int{1, 2, 7, 64} {
			closed, o, _ := splitAll(text, n)
			if !slices.Equal(closed, whole) || o != open {
				t.Errorf("%s in pieces of %d: blocks differ", name, n)
			}
		}
		if got := strings.Join(whole, "") + open; got != text {
			t.Errorf("%s: blocks do not add up to the text", name)
		}
	}
}
