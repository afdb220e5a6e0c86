package ui

import (
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"atelier/ui/tab"
)

// render lays out the whole screen: tab bar, framed tab, status line.
func (m Model) render() string {
	if m.width <= 0 || m.height <= 0 {
		return ""
	}
	cw, ch := m.inner()
	body := m.tabs[m.active].View()
	if m.cover != noCover {
		body = m.coverView()
	}
	body = lipgloss.NewStyle().Width(cw).Height(ch).MaxWidth(cw).MaxHeight(ch).Render(body)
	frame := m.styles.Frame.Render(body)
	return strings.Join([]string{m.tabBar(), frame, m.bottomLine()}, "\n")
}

// bottomLine is the status on the left and the keys that matter here on
// the right. When both do not fit, the status keeps three fifths of the
// line and the tab's keys go from the last, but the help key stays.
func (m Model) bottomLine() string {
	bindings := append(m.tabs[m.active].KeyMap().ShortHelp(), m.helpBinding())
	keys := m.help.ShortHelpView(bindings)
	room := max(m.width*3/5, m.width-ansi.StringWidth(keys)-3)
	left := m.status.left(m.styles, m.tabs[m.active].Summary(), room)
	for len(bindings) > 1 && ansi.StringWidth(left)+ansi.StringWidth(keys)+3 > m.width {
		bindings = slices.Delete(bindings, len(bindings)-2, len(bindings)-1)
		keys = m.help.ShortHelpView(bindings)
	}
	gap := m.width - 2 - ansi.StringWidth(left) - ansi.StringWidth(keys)
	return " " + left + strings.Repeat(" ", max(gap, 1)) + keys + " "
}

// helpBinding is the key the bottom line offers for help: ? where it
// opens help, f1 where ? would be text.
func (m Model) helpBinding() key.Binding {
	active := m.tabs[m.active]
	b := m.keys.Question
	if active.Focused() && !fieldEmpty(active) {
		b = m.keys.Help
	}
	b.SetHelp(b.Help().Key, "help")
	return b
}

// tabBar is the top line: the name, the tabs with the active one
// highlighted, and the service and running tasks on the right.
func (m Model) tabBar() string {
	left := strings.Join(m.tabLabels(), "")
	room := m.width - ansi.StringWidth(left) - 2 // a space either side
	if room < 1 {
		return ansi.Truncate(left, m.width, "")
	}
	right := m.status.right(m.styles, room)
	gap := m.width - ansi.StringWidth(left) - ansi.StringWidth(right) - 1
	return left + strings.Repeat(" ", max(gap, 1)) + right + " "
}

// tabLabels are the pieces of the tab bar's left: the name, then one per
// tab; tabAt measures the same pieces.
func (m Model) tabLabels() []string {
	out := []string{m.styles.Tabs.Brand.Render("atelier")}
	for id, title := range titles {
		st := m.styles.Tabs.Inactive
		if tab.ID(id) == m.active {
			st = m.styles.Tabs.Active
		}
		out = append(out, st.Render(title))
	}
	return out
}

// tabAt is the tab whose title is at column x of line y.
func (m Model) tabAt(x, y int) (tab.ID, bool) {
	if y != 0 {
		return 0, false
	}
	labels := m.tabLabels()
	at := ansi.StringWidth(labels[0])
	for id, l := range labels[1:] {
		w := ansi.StringWidth(l)
		if x >= at && x < at+w {
			return tab.ID(id), true
		}
		at += w
	}
	return 0, false
}
