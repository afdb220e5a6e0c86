package compare

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// frame draws a column in a box w wide and h high, its title in the top
// border, as h lines of exactly w columns. The box is drawn by hand: a
// lipgloss border would measure every line of the reply again at each
// frame.
func (m Model) frame(c column, focused bool, w, h int) []string {
	if w < 5 || h < 3 {
		return blankLines(w, h)
	}
	border := m.st.Frame
	if focused {
		border = m.st.Focus
	}
	iw := w - 4
	side := border.Render("│")
	left, right := side+" ", " "+side
	title := ansi.Truncate(c.title, w-6, "…")
	fill := w - 5 - ansi.StringWidth(title)
	out := make([]string, 0, h)
	out = append(out, border.Render("┌─")+" "+title+" "+border.Render(strings.Repeat("─", max(fill, 0))+"┐"))

	inner := make([]string, 0, h-2)
	for _, f := range c.figures {
		inner = append(inner, fit(f, iw))
	}
	bodyH := h - 3 - len(c.figures) - len(c.errs)
	switch {
	case c.body != "":
		inner = append(inner, bodyLines(c.body, iw)...)
	case c.hint != "" && bodyH > 0:
		inner = append(inner, fit(m.st.Muted.Render(c.hint), iw))
	}
	if c.body == "" { // the error in place of the reply
		inner = append(inner, fitAll(c.errs, iw)...)
	}
	below := len(c.errs) // the lines under the reply
	if c.body == "" {
		below = 0
	}
	for len(inner) < h-3-below {
		inner = append(inner, strings.Repeat(" ", iw))
	}
	if c.body != "" {
		inner = append(inner, fitAll(c.errs, iw)...)
	}
	inner = append(inner[:min(len(inner), h-3)], fit(c.verdict, iw))
	for _, s := range inner {
		out = append(out, left+s+right)
	}
	for len(out) < h-1 {
		out = append(out, left+strings.Repeat(" ", iw)+right)
	}
	return append(out, border.Render("└"+strings.Repeat("─", w-2)+"┘"))
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
