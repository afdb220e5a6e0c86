package arena

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"atelier/store"
)

// head is the lines above the body: the boards and filters, the board's
// figures or the form's hint, a blank.
const head = 3

// View draws the kinds and filters, the board's figures and the body in
// its window.
func (m Model) View() string {
	if m.width <= 0 || m.height <= 0 {
		return ""
	}
	lines := []string{m.kindsLine(), m.statusLine(), ""}
	body, _ := m.body()
	at := m.at
	at.SetHeight(m.bodyHeight())
	at.SetTotal(len(body))
	lines = append(lines, at.Window(body)...)
	for i, l := range lines {
		lines[i] = ansi.Truncate(l, m.width, "…")
	}
	return strings.Join(lines[:min(len(lines), m.height)], "\n")
}

// bodyHeight is the body's window.
func (m Model) bodyHeight() int { return max(m.height-head, 1) }

// kindsLine names the three boards, the one shown marked, then the
// filters (or the form editing them).
func (m Model) kindsLine() string {
	var b strings.Builder
	for i, k := range kinds {
		st := m.st.Kind
		if i == m.kind {
			st = m.st.KindOn
		}
		b.WriteString(st.Render(" " + titleOf(k) + " "))
	}
	if m.form.IsOpen() {
		b.WriteString("  " + m.form.View())
		return b.String()
	}
	view := "board"
	if m.matrix.on {
		view = "head to head"
	}
	b.WriteString(m.st.Hint.Render("  " + view + " · "))
	if f := m.filter.String(); f != "" {
		b.WriteString(m.st.Text.Render(f))
	} else {
		b.WriteString(m.st.Hint.Render("every vote (f filters)"))
	}
	return b.String()
}

// statusLine is the board's figures, or what the tab is doing, or the
// form's rules and what it refused.
func (m Model) statusLine() string {
	switch {
	case m.form.IsOpen():
		return m.form.Status()
	case m.cal.ask.Asking():
		return m.cal.ask.View(m.cal.dark, m.width)
	}
	b := m.shown()
	switch {
	case b == nil:
		return m.st.Hint.Render(fmt.Sprintf("ranking the %s votes…", kinds[m.kind]))
	case b.err != nil:
		return m.st.Problem.Render("✗ " + b.err.Error())
	}
	s := fmt.Sprintf("%s arena · %s", titleOf(b.kind), plural(b.blind.Votes, "blind vote"))
	if b.blind.Votes > 0 {
		s += fmt.Sprintf(" · 95%% intervals from %d bootstrap rounds", b.blind.Rounds)
	}
	if m.boards.loading {
		s += " · updating…"
	}
	return m.st.Hint.Render(s)
}

// shown is the board to draw: the one loaded for the kind and filter
// shown, nil while it is being computed.
func (m Model) shown() *board {
	return m.boards.shown(kinds[m.kind], m.filter)
}

// body is every line below the head, which View shows a window of, and
// the line of the pair under the cursor among them (-1: none).
func (m Model) body() (lines []string, pick int) {
	b := m.shown()
	if b == nil || b.err != nil {
		return nil, -1
	}
	var out []string
	switch {
	case len(b.blind.Entries) == 0:
		out = append(out, m.st.Text.Render(b.emptyWhy()))
	case m.matrix.on:
		out = append(out, m.matrix.lines(b, m.st, m.width)...)
	default:
		out = append(out, b.table(m.st, m.width)...)
		out = append(out, b.rigorLines(m.st)...)
		out = append(out, b.judgeLines(m.st)...)
	}
	pick = -1
	if pl := m.needs.lines(b, m.st, m.width); len(pl) > 0 {
		pick = len(out) + 2 + m.needs.pick // a blank, the heading, the pairs
		out = append(append(out, ""), pl...)
	}
	if al := b.agreeLines(m.st, m.width); len(al) > 0 {
		out = append(append(out, ""), al...)
	}
	if ol := b.apart(m.st, m.width); len(ol) > 0 {
		out = append(append(out, ""), ol...)
	}
	return out, pick
}

// emptyWhy says why a board has no line, and what would give it one.
func (b *board) emptyWhy() string {
	if f := b.filter.String(); f != "" {
		return fmt.Sprintf("No blind %s votes match %s: f changes the filters, x clears them.", b.kind, f)
	}
	switch b.kind {
	case store.VoteImage:
		return "No blind image votes yet: run a blind side-by-side in Image (c) and vote."
	case store.VoteVideo:
		return "No blind video votes yet: vote on two finished tasks of one prompt in Video."
	}
	return "No blind chat votes yet: ctrl+b in Compare runs blind; vote there."
}

// pad writes s in w columns, cut with an ellipsis or padded on the right.
func pad(s string, w int) string {
	s = ansi.Truncate(s, w, "…")
	return s + strings.Repeat(" ", max(w-ansi.StringWidth(s), 0))
}

// right writes s in w columns, aligned right.
func right(s string, w int) string {
	return strings.Repeat(" ", max(w-ansi.StringWidth(s), 0)) + s
}

// titleOf is a kind as a tab names it.
func titleOf(k store.VoteKind) string {
	s := string(k)
	return strings.ToUpper(s[:1]) + s[1:]
}
