package settings

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// priceKey edits the open price: ctrl+s saves it once the rules pass, esc
// drops it, the rest is the form's.
func (m Model) priceKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	switch {
	case m.price.saving:
		return m, nil
	case key.Matches(msg, m.km.Cancel):
		m.price = priceEditor{}
		return m, nil
	case key.Matches(msg, m.km.SaveForm):
		return m.savePrice()
	}
	var cmd tea.Cmd
	m.price.form, cmd = m.price.form.Update(msg)
	return m, cmd
}

// savePrice writes the entry when price.Validate finds nothing wrong;
// otherwise every problem shows, the focus on the first, and nothing is
// saved or lost.
func (m Model) savePrice() (Model, tea.Cmd) {
	if m.price.form.Try() > 0 {
		m.price.form.FocusProblem()
		return m, nil
	}
	pattern, rate, _ := entry(&m.price.form, nil)
	m.price.saving, m.busy = true, true
	next := withPrice(m.cfg, m.price.was, pattern, rate)
	return m, m.storage.save(next, "price of "+pattern+" saved", &row{kind: priceRow, field: pattern})
}

// view is the open price in width × height: a title with its keys, the
// form, and the whole rule (or problem) of the focused row.
func (e priceEditor) view(st styles, width, height int) string {
	title := "New price"
	if e.was != "" {
		title = "Price of " + e.was
	}
	ls := []string{st.Heading.Render(title) + "  " + st.Hint.Render("ctrl+s save · esc cancel"), ""}
	ls = append(ls, e.form.Lines(formHeight(height))...)
	ls = append(ls, "", e.form.Detail())
	if height > 0 {
		ls = ls[:min(len(ls), height)]
	}
	for i, l := range ls {
		ls[i] = ansi.Truncate(l, max(width, 1), "…")
	}
	return strings.Join(ls, "\n")
}

// formHeight is the room for the price form's rows under its title and
// above its detail line.
func formHeight(height int) int { return max(height-4, 3) }
