package imagetab

import (
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"atelier/internal/homepath"
	"atelier/internal/termtext"
)

// View draws the form (whole while it has the keyboard, folded to three
// lines otherwise), the results side by side, and the selected image's
// path; or the gallery, or the model picker in place of the results.
func (m Model) View() string {
	if m.width <= 0 || m.height <= 0 {
		return ""
	}
	if m.area == stripArea {
		return m.strip.View(m.viewer)
	}
	if m.area == galleryArea {
		return m.gallery.view(m.st, m.viewer, m.prices, m.db, m.width, m.height)
	}
	lines := padAll(m.topLines(), m.width)
	room := m.height - len(lines) - 2
	lines = append(lines, blank(m.width))
	if m.area == pickerArea {
		lines = append(lines, padAll(m.picker.lines(m.st, m.form.spec(), m.arena.blind, m.prices, room+1), m.width)...)
	} else {
		tv := tileView{st: m.st, viewer: m.viewer, prices: m.prices, focused: m.area == resultsArea}
		lines = append(lines, m.page.lines(tv, m.width, room)...)
	}
	return fit(lines, m.width, m.height)
}

// Summary names what the tab works on, for the status bar.
func (m Model) Summary() string {
	if b := m.page.blind(); b.hidden() {
		return "image · blind comparison of " + strconv.Itoa(len(b.order))
	}
	if m.area == stripArea {
		return "image · " + m.strip.Summary()
	}
	s := m.form.spec()
	parts := []string{"image", s.Model}
	for _, p := range []string{s.Size, s.Quality, numbered("n", s.N), s.Format} {
		if strings.TrimSpace(p) != "" {
			parts = append(parts, strings.TrimSpace(p))
		}
	}
	if s.Stream {
		parts = append(parts, "stream")
	}
	if s.edit() {
		parts = append(parts, "edit")
	}
	return strings.Join(parts, " · ")
}

func numbered(label, v string) string {
	if strings.TrimSpace(v) == "" {
		return ""
	}
	return label + " " + strings.TrimSpace(v)
}

// topLines are the form and, while it is asked, the budget's question.
func (m Model) topLines() []string {
	lines := m.form.lines(m.st, m.prices, m.width, m.area == formArea, m.page.blind().hidden())
	if q := m.gate.ask.View(m.st.dark, m.width); q != "" {
		lines = append(lines, q)
	}
	if q := m.label.View(m.width); q != "" {
		lines = append(lines, q)
	}
	return lines
}

// footer is the path of the image at sel, or how its lane is doing; the
// vote's line while the vote's question asks. width is the footer's.
func (r *run) footer(sty *styles, sel, width int) string {
	t, ok := r.selected(sel)
	if !ok {
		return ""
	}
	st := sty.Footer
	l := t.l
	switch b := r.blind; {
	case b.hidden():
		return b.footer(sty, r.running(), r.stopping, width)
	case b.asking():
		return b.line(width)
	}
	switch {
	case t.pic != nil && t.pic.path != "":
		note := ""
		if t.pic.partial > 0 {
			note = st.Note.Render("partial image kept: ")
		}
		return note + st.Path.Render(homepath.Tilde(t.pic.path))
	case l.state == laneStarting || l.state == laneStreaming:
		if r.stopping {
			return st.Note.Render("stopping…")
		}
		return st.Note.Render(l.model + " · working…")
	case l.state == laneSaving:
		return st.Note.Render("saving…")
	case l.state == laneFailed:
		return st.Problem.Render("✗ " + oneLine(l.err.Error()))
	case l.state == laneStopped:
		return st.Note.Render("stopped")
	case l.state == laneRefused && len(l.refused) > 0:
		return st.Problem.Render("✗ not sent: " + oneLine(l.refused[0].Error()))
	}
	return ""
}

// fit cuts lines, each already w cells wide, to h, or adds blank ones.
// Lines are padded where they are made: measuring a line of half blocks
// again on every frame would cost more than drawing it.
func fit(lines []string, w, h int) string {
	if len(lines) > h {
		lines = lines[:max(h, 0)]
	}
	for len(lines) < h {
		lines = append(lines, blank(w))
	}
	return strings.Join(lines, "\n")
}

// padAll pads or cuts every line to w cells.
func padAll(lines []string, w int) []string {
	for i, l := range lines {
		lines[i] = pad(l, w)
	}
	return lines
}

func blank(w int) string { return strings.Repeat(" ", max(w, 0)) }

// pad cuts s to w cells, or fills it with spaces to w.
func pad(s string, w int) string {
	if w <= 0 {
		return ""
	}
	switch n := ansi.StringWidth(s); {
	case n > w:
		return ansi.Truncate(s, w, "…")
	case n < w:
		return s + strings.Repeat(" ", w-n)
	}
	return s
}

// oneLine is untrusted text made safe and flattened to one line.
func oneLine(s string) string {
	return strings.Join(strings.Fields(termtext.String(s)), " ")
}

// sideBySide joins h lines of blocks, each line of each block exactly
// cols wide, with one space between blocks, and fills the rest of w.
func sideBySide(blocks [][]string, cols, w, h int) []string {
	out := make([]string, h)
	fill := blank(max(w-len(blocks)*(cols+1)+1, 0))
	for y := range h {
		parts := make([]string, len(blocks))
		for i, b := range blocks {
			parts[i] = at(b, y)
			if y >= len(b) {
				parts[i] = blank(cols)
			}
		}
		out[y] = strings.Join(parts, " ") + fill
	}
	return out
}

// centred places muted text in the middle of w×h.
func centred(s lipgloss.Style, text string, w, h int) []string {
	wrapped := ansi.Wordwrap(text, max(w-4, 10), " ")
	block := lipgloss.Place(w, h, lipgloss.Center, lipgloss.Center, s.Render(wrapped))
	return strings.Split(block, "\n") // Place fills w×h
}
