package compare

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// box is a column drawn in its frame: the top and bottom borders, and the
// lines between, each with the side borders to put around it. Kept apart,
// the lines are written once, into the tab's view.
type box struct {
	top, bottom string
	left, right string
	rows        []string // h-2 lines of the same width
}

// size is the bytes of the box once written.
func (b box) size() int {
	n := len(b.top) + len(b.bottom) + len(b.rows)*(len(b.left)+len(b.right))
	for _, r := range b.rows {
		n += len(r)
	}
	return n
}

// glyphs are a frame's lines: thin for a column, thick for the focused one.
type glyphs struct{ topLeft, topRight, bottomLeft, bottomRight, line, side string }

var (
	thin  = glyphs{"┌", "┐", "└", "┘", "─", "│"}
	thick = glyphs{"┏", "┓", "┗", "┛", "━", "┃"}
)

// frame draws a column in a box w wide and h high, its title in the top
// border. The box is drawn by hand: a lipgloss border would measure every
// line of the reply again at each frame.
func (p painter) frame(c column, focused bool, w, h int) box {
	if w < 5 || h < 3 {
		blank := strings.Repeat(" ", max(w, 0))
		return box{top: blank, bottom: blank, rows: blankLines(w, h-2)}
	}
	border, g := p.st.Frame, thin
	if focused {
		border, g = p.st.Focus, thick // the focused column shows without colour too
	}
	iw := w - 4
	side := border.Render(g.side)
	title := ansi.Truncate(c.title, w-6, "…")
	fill := w - 5 - ansi.StringWidth(title)
	b := box{
		top:    border.Render(g.topLeft+g.line) + " " + title + " " + border.Render(strings.Repeat(g.line, max(fill, 0))+g.topRight),
		bottom: border.Render(g.bottomLeft + strings.Repeat(g.line, w-2) + g.bottomRight),
		left:   side + " ", right: " " + side,
	}
	b.rows = p.rows(c, iw, h-2)
	return b
}

// rows are the lines inside a column's frame: its figures, the reply or a
// hint, the error (under the reply, or in its place), then the verdict.
func (p painter) rows(c column, iw, n int) []string {
	inner := make([]string, 0, n)
	for _, a := range c.apart {
		inner = append(inner, fit(a, iw))
	}
	for _, f := range c.figures {
		inner = append(inner, fit(f, iw))
	}
	switch {
	case c.body != "":
		inner = append(inner, bodyLines(c.body, iw)...)
	case c.hint != "" && n-1-len(c.apart)-len(c.figures)-len(c.errs) > 0:
		inner = append(inner, fit(p.st.Muted.Render(c.hint), iw))
	}
	below := len(c.errs)
	if c.body == "" {
		inner, below = append(inner, fitAll(c.errs, iw)...), 0
	}
	blank := strings.Repeat(" ", iw)
	for len(inner) < n-1-below {
		inner = append(inner, blank)
	}
	if below > 0 {
		inner = append(inner, fitAll(c.errs, iw)...)
	}
	inner = append(inner[:min(len(inner), n-1)], fit(c.verdict, iw))
	for len(inner) < n {
		inner = append(inner, blank)
	}
	return inner
}

// bodyLines are the lines of a reply's window, each iw wide. The window
// is drawn to its width already, but for one frame after a resize, when it
// is still the old width.
func bodyLines(body string, iw int) []string {
	lines := strings.Split(body, "\n")
	if ansi.StringWidth(lines[0]) == iw {
		return lines
	}
	for i, s := range lines {
		lines[i] = fit(s, iw)
	}
	return lines
}

func fitAll(lines []string, w int) []string {
	out := make([]string, len(lines))
	for i, s := range lines {
		out[i] = fit(s, w)
	}
	return out
}

func blankLines(w, h int) []string {
	out := make([]string, max(h, 0))
	for i := range out {
		out[i] = strings.Repeat(" ", max(w, 0))
	}
	return out
}
