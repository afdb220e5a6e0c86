package settings

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"atelier/internal/termtext"
	"atelier/store/keyring"
)

// View draws the rows that fit, scrolled to keep the cursor in sight, and
// under them what the row under the cursor asks: the whole rule or
// problem of the row being typed, or the question before a deletion.
func (m Model) View() string {
	if m.price.open {
		return m.price.view(m.st, m.width, m.height)
	}
	foot := m.footer()
	h := m.form.Height()
	if m.height > 0 {
		h = max(m.height-len(foot), 1)
	}
	ls := append(m.form.Lines(h), foot...)
	if m.height > 0 {
		ls = ls[:min(len(ls), m.height)]
	}
	for i, l := range ls {
		ls[i] = ansi.Truncate(l, max(m.width, 1), "…")
	}
	return strings.Join(ls, "\n")
}

// footer is the lines under the rows.
func (m Model) footer() []string {
	switch {
	case m.confirm != nil:
		return []string{"", m.st.Problem.Render(m.ask.Prompt())}
	case m.editing:
		return append([]string{""}, strings.Split(ansi.Wordwrap(m.form.Detail(), max(m.width, 20), " "), "\n")...)
	}
	return nil
}

// question asks before a deletion, saying what still applies after.
func question(r row, status []keyring.KeyStatus) string {
	switch r.kind {
	case headerRow:
		return fmt.Sprintf("remove the %s header %s?", r.group, r.field)
	case priceRow:
		return "remove the price of " + r.field + "?"
	}
	q := fmt.Sprintf("delete the %s key from the keyring?", r.group)
	if st, ok := keyStatus(status, r.group); ok && st.Source == keyring.SourceEnvironment {
		q += " (" + st.EnvVar + " still applies)"
	}
	return q
}

// rowLabel names a row; a group's headers show the group once.
func (m sheet) rowLabel(i int, r row) string {
	switch r.kind {
	case baseURLRow:
		return "Base URL"
	case keyRow:
		return string(r.group)
	case modelRow:
		return r.field
	case headerRow, addHeaderRow:
		if i > 0 && m.rows[i-1].group == r.group && (m.rows[i-1].kind == headerRow) {
			return " "
		}
		return string(r.group)
	case themeRow:
		return "Theme"
	case priceRow:
		return ansi.Truncate(termtext.String(r.field), 20, "…")
	case addPriceRow:
		return " "
	case budgetRow:
		return "Per " + r.field
	case blindRow:
		return "Blind"
	case judgeRow:
		return "Judge"
	case notifyRow:
		if r.field == "bell" {
			return "Bell"
		}
		return "Desktop"
	}
	return strings.ToUpper(r.field[:1]) + r.field[1:]
}

// notifyWord says what a [notify] switch now does.
func notifyWord(name string, on bool) string {
	what := map[string]string{"desktop": "desktop notifications", "bell": "the terminal bell"}[name]
	if on {
		return what + " on: a video task's end is told"
	}
	return what + " off"
}

// blindWord is how new comparisons start.
func blindWord(blind bool) string {
	if blind {
		return "blind"
	}
	return "with names shown"
}
