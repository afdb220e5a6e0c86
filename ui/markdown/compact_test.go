package markdown

import (
	"strings"
	"testing"

	uv "github.com/charmbracelet/ultraviolet"
)

// screen draws s as a terminal would and returns, line by line, the cells
// that can be seen: their text, and their style unless they are blanks that
// show no style. Hyperlinks are dropped (compact removes them on purpose).
func screen(s string, width int) []string {
	lines := strings.Split(s, "\n")
	buf := uv.NewScreenBuffer(width, len(lines))
	uv.NewStyledString(s).Draw(buf, buf.Bounds())
	out := make([]string, len(lines))
	for y := range lines {
		var b strings.Builder
		keep := 0
		for x := range width {
			c := buf.CellAt(x, y)
			if c == nil || c.Width == 0 {
				continue
			}
			blank := c.Content == " " || c.Content == ""
			if blank && !showsBlank(&c.Style) {
				b.WriteString(" ")
				continue
			}
			b.WriteString(c.Style.String() + c.Content)
			keep = b.Len()
		}
		out[y] = b.String()[:keep]
	}
	return out
}

// TestCompactLooksTheSame: for every corpus file, glamour's raw output and
// its compact lines put the same things on screen.
func TestCompactLooksTheSame(t *testing.T) {
	t.Parallel()
	for name, text := range corpus(t) {
		r := NewRenderer(80, DefaultStyles(true))
		r.update()
		rd, err := r.render([]byte(text))
		if err != nil {
			t.Fatal(err)
		}
		raw := strings.ReplaceAll(rd.out, "\t", "    ") // compact expands tabs
		lines := compact(nil, rd.out)
		want := screen(raw, 120)
		got := screen(strings.Join(lines, "\n"), 120)
		if len(got) != len(want) {
			t.Fatalf("%s: %d lines, want %d", name, len(got), len(want))
		}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("%s line %d:\n got %q\nwant %q", name, i, got[i], want[i])
			}
		}
		if n, m := len(strings.Join(lines, "\n")), len(rd.out); n*3 > m {
			t.Errorf("%s: compact is %d bytes for %d raw: expected at least 3 times smaller", name, n, m)
		}
	}
}

func TestCompactLine(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"styles merged, padding dropped", "\x1b[31mab\x1b[m\x1b[31mc\x1b[m\x1b[31m \x1b[m\x1b[31m \x1b[m", "\x1b[31mabc\x1b[m"},
		{"visible blanks kept", "a\x1b[41m  \x1b[m  ", "a\x1b[41m  \x1b[m"},
		{"hyperlink removed", "\x1b]8;id=1;https://x.example\x07link\x1b]8;;\x07", "link"},
		{"tab to the next stop", "ab\tc\td", "ab  c   d"},
		{"style carried to the next line", "\x1b[1mone\ntwo\x1b[m", "\x1b[1mone\x1b[m\n\x1b[1mtwo\x1b[m"},
		{"other controls dropped", "a\x1b[2Jb\x1b7c", "abc"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := strings.Join(compact(nil, tt.in), "\n"); got != tt.want {
				t.Errorf("compact(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}
