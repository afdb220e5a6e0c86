package settings

import (
	"fmt"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"atelier/client"
	"atelier/keys"
	"atelier/termtext"
)

// labelWidth is the width of the column of row names, marker included.
const labelWidth = 16

// line is one line of the tab; row is the row it belongs to, -1 for none.
type line struct {
	text string
	row  int
}

// View draws the rows that fit, scrolled to keep the cursor in sight.
func (m Model) View() string {
	if m.price.open {
		return m.priceView()
	}
	ls := m.lines()
	end := len(ls)
	if m.height > 0 {
		end = min(end, m.offset+m.height)
	}
	out := make([]string, 0, end-m.offset)
	for _, l := range ls[min(m.offset, end):end] {
		out = append(out, ansi.Truncate(l.text, max(m.width, 1), "…"))
	}
	return strings.Join(out, "\n")
}

// lines lays out every section; follow and View share it.
func (m Model) lines() []line {
	var ls []line
	section := ""
	for i, r := range m.rows {
		if s := r.section(); s != section {
			if section != "" {
				ls = append(ls, line{row: -1})
			}
			ls = append(ls, line{text: m.heading(s), row: -1})
			ls = append(ls, m.sectionNotes(s)...)
			section = s
		}
		ls = append(ls, line{text: m.rowLine(i, r), row: i})
		for _, t := range m.rowNotes(i, r) {
			ls = append(ls, line{text: t, row: i})
		}
	}
	return ls
}

func (m Model) heading(s string) string {
	hint := map[string]string{
		"Keys":           "one per group, kept in the OS keyring; never shown",
		"Default models": "empty: atelier's default",
		"Extra headers":  "sent with every request of the group; never credentials",
		"Prices":         "per model or pattern: per million tokens, per image, per video second",
		"Budget":         "a run or a day whose estimate passes it asks first",
		"Arena":          "Compare and Image's side-by-side runs",
	}[s]
	if hint == "" {
		return m.st.Heading.Render(s)
	}
	return m.st.Heading.Render(s) + "  " + m.st.Hint.Render(hint)
}

// sectionNotes are lines under a heading: what the demo ignores, and the
// keyring's problem, once.
func (m Model) sectionNotes(s string) []line {
	switch {
	case s == "Service" && m.demo:
		return m.indented("demo: the built-in simulator answers whatever is set here; a base URL saved here is used without --demo", 2, m.st.Hint)
	case s != "Keys":
		return nil
	case m.demo:
		return m.indented("demo: the simulator takes any key, so keys set here change nothing; they live in memory and are forgotten at exit", 2, m.st.Hint)
	}
	for _, st := range m.status {
		if st.Problem != "" {
			return m.indented("! "+termtext.String(st.Problem), 2, m.st.Problem)
		}
	}
	return nil
}

// indented wraps s to the tab's width, indent cells in, the lines after
// the first two further so they read as one note.
func (m Model) indented(s string, indent int, st lipgloss.Style) []line {
	text := ansi.Wordwrap(s, max(m.width-indent-2, 20), " ")
	var ls []line
	for i, t := range strings.Split(text, "\n") {
		pad := indent
		if i > 0 {
			pad += 2
		}
		ls = append(ls, line{text: strings.Repeat(" ", pad) + st.Render(t), row: -1})
	}
	return ls
}

// rowLine is a row's marker, label and value (or its open editor).
func (m Model) rowLine(i int, r row) string {
	marker := "  "
	if i == m.cursor {
		marker = m.st.Selected.Render("▸ ")
	}
	name := m.st.Label.Render(padRight(m.rowLabel(i, r), labelWidth-2))
	if m.edit.open && i == m.cursor {
		return marker + name + m.edit.input.View()
	}
	return marker + name + m.value(r)
}

// rowNotes are the lines under a row: why its value was refused, or the
// question before a deletion.
func (m Model) rowNotes(i int, r row) []string {
	var ts []string
	if m.edit.open && i == m.cursor && m.edit.err != "" {
		text := ansi.Wordwrap(termtext.String(m.edit.err), max(m.valueWidth(), 20), " ")
		for _, t := range strings.Split(text, "\n") {
			ts = append(ts, strings.Repeat(" ", labelWidth)+m.st.Problem.Render(t))
		}
	}
	if m.confirm != nil && i == m.cursor {
		ts = append(ts, strings.Repeat(" ", labelWidth)+m.st.Problem.Render(m.question(r)+"  y delete · n keep"))
	}
	return ts
}

func (m Model) question(r row) string {
	switch r.kind {
	case headerRow:
		return fmt.Sprintf("remove the %s header %s?", r.group, r.field)
	case priceRow:
		return "remove the price of " + r.field + "?"
	}
	q := fmt.Sprintf("delete the %s key from the keyring?", r.group)
	if st, ok := m.keyStatus(r.group); ok && st.Source == keys.SourceEnvironment {
		q += " (" + st.EnvVar + " still applies)"
	}
	return q
}

// rowLabel names a row; a group's headers show the group once.
func (m Model) rowLabel(i int, r row) string {
	switch r.kind {
	case baseURLRow:
		return "Base URL"
	case keyRow:
		return string(r.group)
	case modelRow:
		return r.field
	case headerRow, addHeaderRow:
		if i > 0 && m.rows[i-1].group == r.group && (m.rows[i-1].kind == headerRow) {
			return ""
		}
		return string(r.group)
	case themeRow:
		return "Theme"
	case priceRow:
		return ansi.Truncate(r.field, labelWidth-3, "…")
	case addPriceRow:
		return ""
	case budgetRow:
		return "Per " + r.field
	case blindRow:
		return "Blind"
	}
	return strings.ToUpper(r.field[:1]) + r.field[1:]
}

// value shows a row's value; a key shows only whether it is set, and where
// from.
func (m Model) value(r row) string {
	switch r.kind {
	case keyRow:
		return m.keyValue(r.group)
	case addHeaderRow:
		return m.st.Hint.Render("+ add header")
	case themeRow:
		return m.st.Value.Render(m.cfg.Theme) + m.st.Hint.Render("   enter: auto → dark → light")
	case priceRow:
		return m.st.Value.Render(termtext.String(rateSummary(m.cfg.Prices[r.field])))
	case addPriceRow:
		return m.st.Hint.Render("+ add price")
	case blindRow:
		return m.st.Value.Render(checkbox(m.cfg.Arena.Blind)+" new comparisons start blind") + m.st.Hint.Render("   enter: toggle")
	}
	if r.kind == baseURLRow && m.over.from != "" && !m.demo {
		return m.overridden()
	}
	v := termtext.String(r.text(&m.cfg))
	if v != "" {
		return m.st.Value.Render(v)
	}
	switch r.kind {
	case baseURLRow:
		if m.demo {
			return m.st.Unset.Render("the built-in simulator (--demo)")
		}
		return m.st.Unset.Render("not set: enter one, or run with --demo")
	case outputRow:
		return m.st.Unset.Render("the current folder")
	case budgetRow:
		return m.st.Unset.Render("no limit")
	}
	return m.st.Unset.Render("atelier's default")
}

// overridden is the base URL in use and where it comes from, as a key
// shows its source; config.toml's, which it overrides, after.
func (m Model) overridden() string {
	out := m.st.Override.Render(termtext.String(m.over.url)) + m.st.Hint.Render(" · from "+m.over.from)
	if saved := termtext.String(m.cfg.BaseURL); saved != "" {
		out += m.st.Hint.Render(" (config.toml: " + saved + ")")
	}
	return out
}

func (m Model) keyValue(g client.Group) string {
	st, ok := m.keyStatus(g)
	switch {
	case !ok:
		return m.st.Unset.Render("checking…")
	case st.Source == keys.SourceKeyring:
		return m.st.Set.Render("● set") + m.st.Hint.Render(" · keyring")
	case st.Source == keys.SourceEnvironment:
		return m.st.Override.Render("● set") + m.st.Hint.Render(" · environment ("+st.EnvVar+")")
	}
	return m.st.Missing.Render("○ unset") + m.st.Hint.Render(" · enter to set, or "+st.EnvVar)
}

// follow scrolls so the cursor's row, its notes and, when it is the first
// of its section, the heading are in sight.
func (m *Model) follow() {
	if m.height <= 0 {
		m.offset = 0
		return
	}
	ls := m.lines()
	first, last := -1, -1
	for i, l := range ls {
		if l.row == m.cursor {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	if first > 0 && ls[first-1].row == -1 && ls[first-1].text != "" {
		first--
	}
	if first >= 0 && first < m.offset {
		m.offset = first
	}
	if last >= m.offset+m.height {
		m.offset = last - m.height + 1
	}
	m.offset = max(0, min(m.offset, len(ls)-m.height))
}

// valueWidth is the room for a value beside the labels.
func (m Model) valueWidth() int { return max(m.width-labelWidth, 12) }

// inputWidth is the text a field shows: its prompt and the cursor cell
// after the text take the rest of valueWidth.
func (m Model) inputWidth() int { return m.valueWidth() - 3 }

func padRight(s string, w int) string {
	if n := ansi.StringWidth(s); n < w {
		return s + strings.Repeat(" ", w-n)
	}
	return s
}

// checkbox draws a switch as the form draws a boolean.
func checkbox(on bool) string {
	if on {
		return "☑"
	}
	return "☐"
}

// blindWord is how new comparisons start.
func blindWord(blind bool) string {
	if blind {
		return "blind"
	}
	return "with names shown"
}
