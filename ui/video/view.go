package video

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"atelier/ui/components/guard"
	"atelier/ui/tab"
)

// View draws the endpoint, the form (or the endpoint chooser), a line
// about the focused field or task, and the task list, in the tab's size.
func (m Model) View() string {
	w, h := m.width, m.height
	if w <= 0 || h <= 0 {
		return ""
	}
	if m.mode == judging { // the arena has the tab: the task list names the pair
		lines := m.ar.lines(m.st, m.tasks.clock.now, m.prices, w, h)
		for i, l := range lines {
			lines[i] = ansi.Truncate(l, w, "…")
		}
		return strings.Join(lines, "\n")
	}
	rows := m.tasks.rows(h, m.form.Height())
	bottom := append([]string{m.tasks.heading(m.st, w)}, m.tasks.lines(m.st.Tasks, m.mode == browsing, w, rows)...)
	room := max(h-len(bottom), 0)
	var top []string
	switch m.mode {
	case picking:
		top = m.pick.lines(m.st, w, room)
	case pairing:
		top = m.ar.pairLines(m.st, m.tasks.clock.now, w, room)
	case browsing:
		if t, ok := m.tasks.Selected(); ok {
			if shots := m.shots.lines(m.st, t.file, w, room-2); len(shots) > 0 {
				top = append(append([]string{m.header(w)}, shots...), m.detail(w))
				break
			}
		}
		fallthrough
	default:
		top = append([]string{m.header(w)}, m.form.Lines(max(room-2, 0))...)
		top = append(top, m.detail(w))
	}
	lines := append(top, bottom...)
	for i, l := range lines {
		lines[i] = ansi.Truncate(l, w, "…")
	}
	return strings.Join(lines[:min(len(lines), h)], "\n")
}

// rows is how many tasks show in h lines under a form of formHeight: all
// of them when the form leaves room, else up to a third of the height,
// three at least.
func (l taskList) rows(h, formHeight int) int {
	free := h - 3 - formHeight
	return min(max(len(l.Items()), 1), max(free, 3, h/3), max(h-4, 1))
}

// header names the endpoint being written, and what the form is doing.
func (m Model) header(w int) string {
	left := m.st.Title.Render("Endpoint") + "  " + m.st.Endpoint.Render(endpointName(m.form.ep, m.form.modeName()))
	var notes []string
	if est := guard.Estimate(m.form.estimate(m.prices)); est != "" {
		notes = append(notes, est)
	}
	switch {
	case m.out.note() != "":
		notes = append(notes, m.out.note())
	case m.form.Tried() && m.form.Count() > 0:
		notes = append(notes, tab.Plural(m.form.Count(), "problem"))
	}
	right := strings.Join(notes, " · ")
	if right == "" {
		return left
	}
	right = m.st.Form.Note.Render(right)
	gap := w - ansi.StringWidth(left) - ansi.StringWidth(right)
	return left + strings.Repeat(" ", max(gap, 1)) + right
}

// detail is the whole text of what the focus is on: the focused field's
// problem or rule, the selected task's file, failure or last log line.
func (m Model) detail(w int) string {
	if q := m.out.guard.View(m.dark, w); q != "" {
		return q
	}
	if q := m.label.View(w); q != "" {
		return q
	}
	if m.mode == browsing {
		return m.tasks.detail(m.st.Tasks, m.prices, w)
	}
	return m.form.Detail()
}
