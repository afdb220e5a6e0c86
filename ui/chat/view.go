package chat

import (
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"atelier/client"
	"atelier/internal/termtext"
)

// View draws the list (beside the conversation when there is room), the
// conversation or the picker, the rule and the composer: exactly width ×
// height.
func (m Model) View() string {
	if m.width <= 0 || m.height <= 0 {
		return ""
	}
	// Bubble Tea asks for the view after every message, and many are not
	// this tab's (the shell's, another tab's results): the view stays.
	return m.drawn.get(m.viewGen, m.draw)
}

// draw draws the tab.
func (m Model) draw() string {
	switch g := m.geometry(); {
	case g.listOnly:
		return joinLines(m.list.panel(m.st, m.field, m.width, m.height, m.focus == onList, m.clock))
	case g.listW == 0:
		return joinLines(m.pane(g))
	default:
		right := m.pane(g)
		left := m.list.panel(m.st, m.field, g.listW-3, m.height, m.focus == onList, m.clock)
		sep := m.st.Rule.Render(" │ ")
		out := make([]string, m.height)
		for i := range out {
			out[i] = left[i] + sep + right[i]
		}
		return joinLines(out)
	}
}

// pane is the conversation side: the transcript or the picker, the rule,
// the composer.
func (m Model) pane(g geometry) []string {
	var out []string
	switch {
	case m.pick.open:
		out = m.pick.view()
	case len(m.conv.entries) == 0:
		out = emptyView(m.st, g, m.target, m.client != nil)
	default:
		for _, l := range m.tr.view() { // as wide as the reading width: the pane may be wider
			out = append(out, pad(l, g.paneW))
		}
	}
	out = append(out, ruleLine(m.st, g.paneW, m.conv.loading != 0, m.tr.moreBelow() && !m.pick.open && len(m.conv.entries) > 0))
	if m.field.kind == attachField {
		out = append(out, pad(m.st.Label.Render("image ▸ ")+m.field.input.View(), g.paneW))
	}
	if l := m.comp.label(); l != "" {
		out = append(out, pad(m.st.Label.Render(ansi.Truncate(termtext.String(l), g.paneW, "…")), g.paneW))
	}
	for l := range strings.SplitSeq(m.comp.view(), "\n") {
		out = append(out, pad(l, g.paneW))
	}
	for len(out) < m.height {
		out = append(out, pad("", g.paneW))
	}
	return out[:m.height]
}

// ruleLine separates the conversation from the composer; it says when a
// conversation loads, and when more of the conversation is below the
// window.
func ruleLine(st *styles, w int, loading, moreBelow bool) string {
	note := ""
	switch {
	case loading:
		note = " loading… "
	case moreBelow:
		note = " ↓ more below "
	}
	if note == "" {
		return rule(st.Rule, w)
	}
	left := 2
	return rule(st.Rule, left) + st.More.Render(note) + rule(st.Rule, w-left-ansi.StringWidth(note))
}

// emptyView is the transcript of a conversation with nothing in it yet;
// served: a client is set.
func emptyView(st *styles, g geometry, target client.ChatTarget, served bool) []string {
	text := "A new conversation with " + targetSummary(target) + ".\n" +
		"Type below and press enter. ctrl+t picks the target; tab moves between panes."
	if !served {
		text += "\nNo service yet: set the base URL in Settings, or run atelier --demo."
	}
	body := lipgloss.Place(g.paneW, g.bodyH, lipgloss.Center, lipgloss.Center,
		st.Reply.Hint.Render(ansi.Wordwrap(text, max(g.paneW-4, 10), " ")))
	out := strings.Split(body, "\n")
	for i := range out {
		out[i] = pad(out[i], g.paneW)
	}
	return out[:min(len(out), g.bodyH)]
}
