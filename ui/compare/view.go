package compare

import (
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"atelier/client"
	"atelier/internal/termtext"
	"atelier/ui/components/guard"
)

// View draws the prompt lines and the columns, or the targets form.
func (m Model) View() string {
	if m.width <= 0 || m.height <= 0 {
		return ""
	}
	s := m.screen()
	g := s.geometry()
	lines := m.topView(s)
	switch {
	case m.mode == targeting:
		lines = append(lines, formView(m.form, m.st, m.width, m.height-len(lines))...)
	case g.count == 0:
		lines = append(lines, emptyView(m.st, m.width, m.height-len(lines)))
	case m.lens.diff != nil:
		lines = append(lines, m.lens.diff.View(s.painter(), m.run.lanes, s.settingsApart(), m.width, g.colH))
	default:
		focus := m.lens.focus
		if m.mode != browsing {
			focus = -1 // no frame is focused while a field has the keyboard
		}
		lines = append(lines, s.painter().columnsView(m.run.lanes, s.targets, s.settingsApart(), g, m.width, focus))
	}
	return strings.Join(lines, "\n")
}

// shown is the prompt and system prompt of r, or of the next run
// (prompt, system) when r has no columns.
func (r run) shown(prompt, system string) (string, string) {
	if len(r.lanes) == 0 {
		return prompt, system
	}
	return r.prompt, r.system
}

// topView is the prompt and system prompt, the editor, the note field,
// the field of a ranking or the tags, or a question; then the arena's line.
func (m Model) topView(s screen) []string {
	st := m.st
	switch m.mode {
	case prompting:
		rule := st.Frame.Render(strings.Repeat("─", m.width))
		label := st.Label.Render("Prompt")
		if est := guard.Estimate(estimate(m.prices, withSystem(m.targets, m.editor.system.Value()), m.editor.prompt.Value())); est != "" {
			label += strings.Repeat(" ", max(m.width-len("Prompt")-len(est), 1)) + st.Muted.Render(est)
		}
		return []string{label, m.editor.prompt.View(), st.Label.Render("System ") + m.editor.system.View(), rule}
	case noting, lining:
		return []string{fit(st.Label.Render(m.line.label())+m.line.input.View(), m.width)}
	case asking:
		return []string{fit(m.gate.ask.View(m.dark, m.width), m.width)}
	}
	shownPrompt, shownSystem := m.run.shown(m.prompt, m.system)
	prompt := oneLine(shownPrompt)
	if prompt == "" {
		prompt = st.Muted.Render("none yet")
	}
	next := guard.Estimate(estimate(m.prices, withSystem(m.targets, m.system), m.prompt))
	where := m.browser.where(len(m.run.lanes), m.run.convID)
	if mark := m.run.altMark(); mark != "" {
		where = mark + " · " + where
	}
	// The prompt is the line's subject: where the run stands gives way to
	// it down to half the width, so a narrow screen still shows what was
	// asked.
	left := st.Label.Render("Prompt ") + st.Text.Render(prompt)
	keep := min(ansi.StringWidth(left), max(m.width/2, 24))
	room := max(m.width-keep-2, 0)
	right := ansi.Truncate(st.Muted.Render(s.position(next, where, room)), room, "…")
	left = fit(left, m.width-ansi.StringWidth(right)-2)
	out := []string{left + strings.Repeat(" ", max(m.width-ansi.StringWidth(left)-ansi.StringWidth(right), 1)) + right}
	if sys := shownSystem; sys != "" {
		out = append(out, fit(st.Label.Render("System ")+st.Muted.Render(oneLine(sys)), m.width))
	}
	if a := m.arena.line(); a != "" {
		out = append(out, fit(a, m.width))
	}
	return out
}

// columnsView draws the columns shown side by side, lanes (or targets,
// before a run) split as sets, in g, the column at focus focused. The columns that
// width leaves over go one each to the first frames, as blank space inside
// them: every reply keeps the same width, so nothing is rendered again.
func (p painter) columnsView(lanes []lane, targets []client.ChatTarget, sets []settingsSplit, g geometry, width, focus int) string {
	boxes := make([]box, 0, g.count)
	spare := max(width-g.colW*g.count, 0)
	size := g.colH
	for i := g.first; i < g.first+g.count; i++ {
		var c column
		if i < len(lanes) {
			c = p.laneColumn(&lanes[i], i, g.colW-4, g.colH, sets[i])
		} else {
			c = p.readyColumn(i, targets[i], g.colW-4, sets[i])
		}
		w := g.colW
		if i-g.first < spare {
			w++
		}
		bx := p.frame(c, i == focus, w, g.colH)
		boxes, size = append(boxes, bx), size+bx.size()
	}
	return joinBoxes(boxes, g.colH, size)
}

// joinBoxes writes boxes side by side, h lines high, in a string of size
// bytes.
func joinBoxes(boxes []box, h, size int) string {
	var b strings.Builder
	b.Grow(size)
	for row := range h {
		if row > 0 {
			b.WriteByte('\n')
		}
		for _, bx := range boxes {
			switch row {
			case 0:
				b.WriteString(bx.top)
			case h - 1:
				b.WriteString(bx.bottom)
			default:
				b.WriteString(bx.left)
				b.WriteString(bx.rows[row-1])
				b.WriteString(bx.right)
			}
		}
	}
	return b.String()
}

// emptyView says what to do first, w wide and h high.
func emptyView(st *styles, w, h int) string {
	text := "Compare sends one prompt to 2 to 4 targets at once and shows the replies side by side.\n\n" +
		"Choose the targets with ctrl+t: a family, a model and its settings each;\n" +
		"the same model twice with different settings is a parameter sweep."
	text = ansi.Wordwrap(text, max(w-4, 20), " ")
	return lipgloss.Place(w, max(h, 1), lipgloss.Center, lipgloss.Center, st.Muted.Render(text))
}

// oneLine is the first line of s, cleaned, marked when there is more.
func oneLine(s string) string {
	s = strings.TrimSpace(termtext.String(s))
	first, rest, more := strings.Cut(s, "\n")
	first = strings.ReplaceAll(first, "\t", " ")
	if more && strings.TrimSpace(rest) != "" {
		first += " …"
	}
	return first
}

// fit cuts s to w columns, and pads it to w.
func fit(s string, w int) string {
	if w <= 0 {
		return ""
	}
	s = ansi.Truncate(s, w, "…")
	return s + strings.Repeat(" ", max(w-ansi.StringWidth(s), 0))
}
