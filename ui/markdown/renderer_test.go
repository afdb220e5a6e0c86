package markdown

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// counting returns a Renderer whose renders are recorded in *srcs, but for
// the probe rendered once per width.
func counting(width int, srcs *[]string) *Renderer {
	r := NewRenderer(width, DefaultStyles(true))
	r.newRender = func(w int, st Styles) renderFunc {
		inner := newGlamour(w, st.Markdown)
		return func(src []byte) (rendering, error) {
			if s := string(src); s != codeProbe {
				*srcs = append(*srcs, unmarkSrc(s))
			}
			return inner(src)
		}
	}
	r.newFlat = countingFlat(func(src []byte) { *srcs = append(*srcs, unmarkSrc(string(src))) })
	return r
}

// countingFlat is newFlat calling count with each source it lays out.
func countingFlat(count func(src []byte)) func(int, Styles) renderFunc {
	return func(w int, st Styles) renderFunc {
		inner := newFlat(w, st)
		if inner == nil {
			return nil
		}
		return func(src []byte) (rendering, error) {
			rd, err := inner(src)
			if err == nil {
				count(src)
			}
			return rd, err
		}
	}
}

func plain(lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = strings.TrimRight(ansi.Strip(l), " ")
	}
	return out
}

// TestCacheReuse: a closed block is rendered once; a frame renders only the
// open block, and only if it changed.
func TestCacheReuse(t *testing.T) {
	var srcs []string
	r := counting(80, &srcs)
	r.Append("# Title\n\nFirst paragraph.\n\n- one\n- two\n\nOpen para\n")
	r.Lines()
	// "- one" is rendered with a next item, "- y", to learn the gap to "- two".
	want := []string{"# Title\n", "\nFirst paragraph.\n\n", "- one\n- y\n", "- two\n\n", "Open para\n"}
	if !slices.Equal(srcs, want) {
		t.Fatalf("first frame rendered %q, want %q", srcs, want)
	}

	srcs = nil
	r.Lines()
	r.Rendered()
	r.CodeBlocks()
	r.Append("")
	r.Lines()
	if len(srcs) != 0 {
		t.Fatalf("nothing changed, yet rendered %q", srcs)
	}

	r.Append("graph grows")
	r.Append(" and grows.")
	r.Lines()
	if want := []string{"Open para\ngraph grows and grows."}; !slices.Equal(srcs, want) {
		t.Fatalf("growing the open block rendered %q, want %q", srcs, want)
	}

	srcs = nil
	r.Append("\n\nNext.\n")
	r.Lines()
	if want := []string{"Open para\ngraph grows and grows.\n\n", "Next.\n"}; !slices.Equal(srcs, want) {
		t.Fatalf("closing the block rendered %q, want %q", srcs, want)
	}
}

// TestCacheReuseStreaming streams a corpus file byte by byte with a frame
// after each byte: once a block has closed, no later frame renders its text
// again (a closed block is drawn from the lines kept).
func TestCacheReuseStreaming(t *testing.T) {
	t.Parallel()
	text := corpus(t)["lists.md"]
	var srcs []string
	r := counting(80, &srcs)
	closedAt := map[int]int{} // block index -> renders made up to the frame that closed it
	for i := range len(text) {
		n := len(r.blocks)
		r.Append(text[i : i+1])
		r.Lines()
		for b := n; b < len(r.blocks); b++ {
			closedAt[b] = len(srcs)
		}
	}
	for b, at := range closedAt {
		blk := r.blocks[b]
		body := strings.TrimSpace(text[blk.start:blk.end])
		if len(body) < 8 {
			continue // too short to tell from other text
		}
		for _, s := range srcs[at:] {
			if strings.Contains(unmarkSrc(s), body) {
				t.Errorf("block %d %q rendered again after it closed, in %q", b, body, s)
				break
			}
		}
	}
}

// unmarkSrc is a source given to glamour without the cut markers.
func unmarkSrc(s string) string { return strings.ReplaceAll(s, cutMark, "") }

func TestWidthChangeInvalidates(t *testing.T) {
	text := corpus(t)["code.md"]
	var srcs []string
	r := counting(80, &srcs)
	r.Append(text)
	r.Lines()
	blocks := len(r.blocks)

	srcs = nil
	r.SetWidth(80)
	r.Lines()
	if len(srcs) != 0 {
		t.Fatalf("same width rendered %d times", len(srcs))
	}

	r.SetWidth(50)
	if len(srcs) != 0 {
		t.Fatal("SetWidth rendered at once: it must wait to be asked")
	}
	got := r.Rendered()
	if len(srcs) != blocks {
		t.Fatalf("new width rendered %d pieces, want every block (%d)", len(srcs), blocks)
	}
	fresh := NewRenderer(50, DefaultStyles(true))
	fresh.Append(text)
	if got != fresh.Rendered() {
		t.Fatal("after SetWidth(50) the output differs from a Renderer made at 50")
	}
	for i, l := range r.Lines() {
		if w := ansi.StringWidth(l); w > 50 {
			t.Errorf("line %d is %d wide: %q", i, w, ansi.Strip(l))
		}
	}
}

// TestSetStylesInvalidates switches to the light style. It draws no code:
// glamour registers its code colours process-wide under one name on the
// first code block it renders, so light code here would change the colours
// of the dark code in the golden files (see DefaultStyles).
func TestSetStylesInvalidates(t *testing.T) {
	r := NewRenderer(60, DefaultStyles(true))
	r.Append("# Title\n\nSome *text*, `code` and a [link](https://example.org).\n\n- a list\n")
	dark := r.Rendered()
	r.SetStyles(DefaultStyles(false))
	light := r.Rendered()
	if dark == light {
		t.Fatal("light styles drew the same bytes as dark")
	}
	if !slices.Equal(plain(strings.Split(dark, "\n")), plain(strings.Split(light, "\n"))) {
		t.Fatal("light and dark differ in more than colour")
	}
}

func TestRenderedJoinsLines(t *testing.T) {
	r := NewRenderer(60, DefaultStyles(true))
	for _, piece := range []string{"# T\n\npara", " more\n\n- a\n- b", "\n\n```\ncode"} {
		r.Append(piece)
		if got, want := r.Rendered(), strings.Join(r.Lines(), "\n"); got != want {
			t.Fatalf("after %q: Rendered differs from the joined Lines", piece)
		}
	}
}

// TestSanitize: escape sequences from the model, whole or split across
// pieces, never reach the output; only glamour's SGR styles are left.
func TestSanitize(t *testing.T) {
	pieces := []string{
		"Hello \x1b[31mred\x1b[0m and \x1b[2J\x1b[H cleared.\n\n",
		"\x1b]8;;https://evil.example/\x1b\\click me\x1b]8;;\x1b\\ and ",
		"a copy: \x1b]52;c;cm0gLXJmIH4=\x07 done\n\n",
		"split CSI \x1b[", "1;3", "1m here\n\n",
		"split OSC 52 \x1b]5", "2;c;ZXZpbA", "==\x1b", "\\ gone\n\n",
		"title \x1b]0;pwned\x07, DCS \x1bPq#0\x1b\\, C1 \u009b31m.\n\n",
		"[docs](https://example.org/docs) and <https://example.org/auto>\n",
	}
	r := NewRenderer(80, DefaultStyles(true))
	for _, p := range pieces {
		r.Append(p)
		r.Lines() // a frame in the middle of every sequence
	}
	out := r.Rendered()
	for _, s := range []string{r.Text(), out} {
		for _, bad := range []string{"evil.example", "cm0gLXJmIH4=", "ZXZpbA", "pwned", "#0", "\x07", "\x1b]", "\x1bP", "\u009b"} {
			if strings.Contains(s, bad) {
				t.Errorf("%q got through", bad)
			}
		}
	}
	if err := onlySGR(out); err != nil {
		t.Error(err)
	}
	text := strings.Join(plain(r.Lines()), "\n")
	for _, want := range []string{"Hello red and  cleared.", "click me", "split CSI  here", "docs https://example.org/docs", "https://example.org/auto"} {
		if !strings.Contains(text, want) {
			t.Errorf("output lacks %q:\n%s", want, text)
		}
	}
}

// onlySGR returns an error if s holds an escape sequence other than SGR.
func onlySGR(s string) error {
	p := ansi.NewParser()
	var state byte
	for len(s) > 0 {
		seq, width, n, next := ansi.DecodeSequence(s, state, p)
		if width == 0 && len(seq) > 0 && (seq[0] == 0x1b || seq[0] < 0x20 && seq[0] != '\n') {
			if !ansi.HasCsiPrefix(seq) || p.Command() != 'm' {
				return fmt.Errorf("escape %q in the output", seq)
			}
		}
		state, s = next, s[n:]
	}
	return nil
}

func TestCodeBlocks(t *testing.T) {
	text := "Intro.\n\n```go\nfunc main() {}\n```\n\n    indented\n\n1. step:\n   ```sh\n   ls -l\n   ```\n\nEnd.\n"
	r := NewRenderer(80, DefaultStyles(true))
	r.Append(text)
	want := []CodeBlock{
		{Lang: "go", Code: "func main() {}\n"},
		{Code: "indented\n"},
		{Lang: "sh", Code: "ls -l\n"},
	}
	if got := r.CodeBlocks(); !slices.Equal(got, want) {
		t.Fatalf("CodeBlocks %+v, want %+v", got, want)
	}
	lines := plain(r.Lines())
	var labels []string
	for _, l := range lines {
		if f := strings.Fields(l); len(f) > 0 && strings.HasPrefix(f[0], "[") {
			labels = append(labels, strings.Join(f, " "))
		}
	}
	if want := []string{"[1] go", "[2]", "[3] sh"}; !slices.Equal(labels, want) {
		t.Fatalf("labels %q, want %q\n%s", labels, want, strings.Join(lines, "\n"))
	}
	i := slices.Index(lines, "    [1] go")
	if i < 0 || strings.TrimSpace(lines[i+1]) != "func main() {}" {
		t.Fatalf("label [1] is not just above its code:\n%s", strings.Join(lines, "\n"))
	}
}

// TestOpenCode follows a code block as it streams: its label at once, each
// complete line highlighted, the line being written plain, and once closed
// the same lines as a whole-document render.
func TestOpenCode(t *testing.T) {
	r := NewRenderer(60, DefaultStyles(true))
	r.Append("Text.\n\n```go\nfunc a() {}\n")
	lines := plain(r.Lines())
	if got := lines[len(lines)-2:]; !slices.Equal(got, []string{"    [1] go", "    func a() {}"}) {
		t.Fatalf("open block drawn as %q", got)
	}
	if cb := r.CodeBlocks(); len(cb) != 1 || cb[0] != (CodeBlock{Lang: "go", Code: "func a() {}\n"}) {
		t.Fatalf("CodeBlocks while open: %+v", cb)
	}
	r.Append("\tx := 1")
	lines = plain(r.Lines())
	if got := lines[len(lines)-1]; got != "        x := 1" {
		t.Fatalf("line being written drawn as %q", got)
	}
	r.Append("\n\n// end")
	r.Append("\n```\n")
	text := "Text.\n\n```go\nfunc a() {}\n\tx := 1\n\n// end\n```\n"
	if got, want := r.Lines(), wholeLines(t, text, 60, DefaultStyles(true)); !slices.Equal(got, want) {
		t.Fatalf("closed code block:\n got %q\nwant %q", got, want)
	}
}

// TestCodeMarkFromModel: text that contains the private character used to
// place code labels cannot fake a label.
func TestCodeMarkFromModel(t *testing.T) {
	r := NewRenderer(60, DefaultStyles(true))
	mark := codeMark
	r.Append("fake " + mark + " label and a split one " + mark[:1])
	r.Append(mark[1:] + "\n\n```\nreal\n```\n")
	out := ansi.Strip(r.Rendered())
	if strings.Contains(out, mark) || strings.Count(out, "[1]") != 1 || strings.Count(out, "\uFFFD") != 2 {
		t.Fatalf("output:\n%s", out)
	}
}

func TestSplitCharacter(t *testing.T) {
	r := NewRenderer(60, DefaultStyles(true))
	r.Append("caf\xc3")
	if out := ansi.Strip(r.Rendered()); strings.Contains(out, "\uFFFD") || !strings.Contains(out, "caf") {
		t.Fatalf("half a character drawn as %q", out)
	}
	r.Append("\xa9 ok")
	if out := ansi.Strip(r.Rendered()); !strings.Contains(out, "café ok") {
		t.Fatalf("whole character drawn as %q", out)
	}
}

func TestRenderFailureShowsText(t *testing.T) {
	r := NewRenderer(60, DefaultStyles(true))
	r.newRender = func(int, Styles) renderFunc {
		return func([]byte) (rendering, error) { return rendering{}, errors.New("boom") }
	}
	r.newFlat = func(int, Styles) renderFunc { return nil } // glamour draws it all
	r.Append("# Title\n\nsome *text*")
	if got, want := r.Lines(), []string{"# Title", "", "some *text*"}; !slices.Equal(got, want) {
		t.Fatalf("Lines %q, want %q", got, want)
	}
}

// TestTinyWidths: glamour's margins do not fit in a few columns; the
// Renderer still draws something and does not stop.
func TestTinyWidths(t *testing.T) {
	t.Parallel()
	c := corpus(t)
	text := c["lists.md"] + c["code.md"] + c["tables.md"]
	for w := 1; w <= 12; w++ {
		r := NewRenderer(w, DefaultStyles(true))
		r.Append(text)
		if len(r.Lines()) == 0 {
			t.Errorf("width %d drew nothing", w)
		}
	}
}

// TestTextUntouchedByRendering: rendering the open block, which ends where
// the text's buffer has room, leaves the text as it was (goldmark appends
// a newline to a source that lacks one; found by FuzzRenderer). The half
// character at the end is held back until the rest of it comes.
func TestTextUntouchedByRendering(t *testing.T) {
	r := NewRenderer(40, DefaultStyles(true))
	r.Append(" ```\n0\xca")
	r.Lines()
	if got := r.Text(); got != " ```\n0" {
		t.Fatalf("Text %q after a frame", got)
	}
}
