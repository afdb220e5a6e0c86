package compare

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"atelier/internal/termtext"
	"atelier/ui/components/scroll"
	"atelier/ui/diff"
	"atelier/ui/markdown"
)

// diffView is the word diff of two columns (D): the
// focused one on the left, the next on the right, the words only one has
// marked on its side and the lines they share side by side, for replies
// that answer one prompt with small differences (sweeps, regenerations).
// The diff is made when it opens and again when either reply ends; it is
// laid out again only when the width changes.
type diffView struct {
	left, right int // the columns compared, as shown
	runs        []diff.Run
	at          scroll.Model // the window on the lines

	width int         // the width lines were laid out at
	lines [2][]string // the left and right columns' lines
}

// newDiff diffs column at against the next one, round, laid out for a
// view w wide.
func newDiff(lanes []lane, at, w int, st *styles) *diffView {
	d := &diffView{left: at, right: (at + 1) % len(lanes)}
	d.runs = diff.Words(replyText(&lanes[d.left]), replyText(&lanes[d.right]))
	d.lay(innerWidth(w), st)
	return d
}

// innerWidth is the width inside each of the diff's two columns, in a
// view w wide.
func innerWidth(w int) int { return max(w/2-4, 2) }

// replyText is a column's reply as written so far, safe for the terminal.
func replyText(l *lane) string {
	if l.text == "" {
		return termtext.String(l.md.Text())
	}
	return termtext.String(l.text)
}

// toggleDiff closes the diff d, or opens the diff of column focus and
// the next, w wide; it reports whether anything changed (one column has
// nothing to diff with).
func toggleDiff(d *diffView, lanes []lane, focus, w int, st *styles) (*diffView, bool) {
	switch {
	case d != nil:
		return nil, true
	case len(lanes) < 2:
		return nil, false
	}
	return newDiff(lanes, focus, w, st), true
}

// scroll moves the diff by a scrolling key of km, page lines showing,
// reporting whether msg was one.
func (d diffView) scroll(msg tea.KeyPressMsg, km markdown.KeyMap, page int) (*diffView, bool) {
	d.at.KeyMap = km
	d.at.SetHeight(page)
	d.at.SetTotal(len(d.lines[0]))
	var took bool
	d.at, took = d.at.Update(msg)
	return &d, took
}

// lay lays the diff out iw cells wide, unless it is already.
func (d *diffView) lay(iw int, st *styles) {
	if d.width == iw && d.lines[0] != nil {
		return
	}
	d.width = iw
	d.lines[0], d.lines[1] = diff.Columns(d.runs, iw, diff.Styles{
		Deleted:  func(s string) string { return st.Deleted.Render(s) },
		Inserted: func(s string) string { return st.Inserted.Render(s) },
	})
}

// View draws the two columns w wide and h high, their titles as the
// columns' (letters while blind).
func (d *diffView) View(p painter, lanes []lane, sets []settingsSplit, w, h int) string {
	lw := w/2 + w%2
	d.lay(innerWidth(w), p.st)
	d.at.SetHeight(max(h-4, 1)) // the borders, the legend and the position
	d.at.SetTotal(len(d.lines[0]))
	from := d.at.Offset()
	end := min(from+d.at.Height(), len(d.lines[0]))
	pos := p.st.Muted.Render(fmt.Sprintf("lines %d–%d of %d · D closes", from+1, end, len(d.lines[0])))
	if len(d.lines[0]) == 0 {
		pos = p.st.Muted.Render("no text yet · D closes")
	}
	legend := [2]string{p.st.Deleted.Render("struck") + p.st.Muted.Render(": only here"),
		p.st.Inserted.Render("underlined") + p.st.Muted.Render(": only here")}
	var boxes []box
	size := h
	for side, i := range [2]int{d.left, d.right} {
		c := column{title: p.title(i, lanes[i].target, sets[i]), apart: []string{legend[side]},
			body: strings.Join(d.lines[side][from:end], "\n"), verdict: pos}
		bw := lw
		if side == 1 {
			bw = w - lw
		}
		bx := p.frame(c, side == 0, bw, h)
		boxes, size = append(boxes, bx), size+bx.size()
	}
	return joinBoxes(boxes, h, size)
}
