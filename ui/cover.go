package ui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"atelier/ui/components/scroll"
)

// cover is what the shell shows over the active tab, if anything: the full
// help, the recent messages or the command palette. Keys do not reach the
// tab under it.
type cover int

const (
	noCover cover = iota
	helpCover
	logCover
	paletteCover
)

// toggle opens c, or closes it when it is open; it opens at the top.
func (m Model) toggle(c cover) Model {
	if m.cover == c {
		c = noCover
	}
	m.cover = c
	m.coverScroll.GotoTop()
	return m
}

// coverKey handles a key while a cover shows: it scrolls (the scroller
// every pane has, on the shell's keys), closes, or swaps one cover for the
// other; other keys are ignored.
func (m Model) coverKey(msg tea.KeyPressMsg) Model {
	k := m.keys
	switch {
	case key.Matches(msg, k.Help, k.Question):
		return m.toggle(helpCover)
	case key.Matches(msg, k.Log):
		return m.toggle(logCover)
	case key.Matches(msg, k.Close):
		m.cover = noCover
		return m
	}
	m.coverScroll.KeyMap = scroll.KeyMap{Up: k.Up, Down: k.Down, PageUp: k.PageUp, PageDown: k.PageDown, Home: k.Top, End: k.Bottom}
	m.coverScroll.SetHeight(m.coverRows())
	m.coverScroll.SetTotal(len(m.coverLines()))
	m.coverScroll, _ = m.coverScroll.Update(msg)
	return m
}

// coverRows is how many lines of the cover show under its title.
func (m Model) coverRows() int {
	_, h := m.inner()
	return max(h-2, 1)
}

// coverLines are the cover's lines under its title.
func (m Model) coverLines() []string {
	w, _ := m.inner()
	if m.cover == logCover {
		return m.logLines(w)
	}
	return m.helpLines(w)
}

// coverView is the cover in the frame: its title, then its lines from the
// scroll position; the title says how to scroll when they do not fit.
func (m Model) coverView() string {
	w, _ := m.inner()
	if m.cover == paletteCover && m.palette != nil {
		head := m.styles.Help.Title.Render("Actions · "+titles[m.active]) + "  " +
			m.styles.Status.Summary.Render("enter runs · esc closes")
		return ansi.Truncate(head, w, "…") + "\n\n" + m.palette.View(w, m.coverRows())
	}
	title, closing := "Keys · "+titles[m.active], "? or esc closes"
	if m.cover == logCover {
		title, closing = "Messages · newest first", "ctrl+l or esc closes"
	}
	lines := m.coverLines()
	rows := m.coverRows()
	if len(lines) > rows {
		closing += " · ↑/↓ pgup/pgdn scroll"
	}
	head := m.styles.Help.Title.Render(title) + "  " + m.styles.Status.Summary.Render(closing)
	at := m.coverScroll
	at.SetHeight(rows)
	at.SetTotal(len(lines))
	return strings.Join(append([]string{ansi.Truncate(head, w, "…"), ""}, at.Window(lines)...), "\n")
}

// logLines are the recent messages, newest first, each whole: wrapped to
// the width under its time and mark.
func (m Model) logLines(w int) []string {
	if len(m.status.log) == 0 {
		return []string{m.styles.Status.Summary.Render("No messages yet.")}
	}
	st := m.styles.Status
	var out []string
	for i := len(m.status.log) - 1; i >= 0; i-- {
		msg := m.status.log[i]
		style := st.of(msg.level)
		prefix := st.Summary.Render(msg.at.Format("15:04:05")+" ") + style.Render(msg.level.mark()+" ")
		indent := strings.Repeat(" ", ansi.StringWidth(prefix))
		for j, l := range strings.Split(ansi.Wrap(msg.text, max(w-len(indent), 10), " "), "\n") {
			if j > 0 {
				prefix = indent
			}
			out = append(out, prefix+style.Render(l))
		}
	}
	return out
}
