package settings

import (
	"atelier/store/price"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// priceSave is an entry the price editor passed and asks to save: the
// pattern it was opened on ("" for a new one), and the one it holds now.
type priceSave struct {
	was, pattern string
	rate         price.Rate
}

// key edits the open price: ctrl+s hands back the entry to save once the
// rules pass, and the editor waits for the save from then on; esc drops
// it; tab and shift+tab go round the fields (never typed into one, issue
// 30: "demo-*\t315"); the rest is the form's.
func (e priceEditor) key(msg tea.KeyPressMsg, km keyMap) (priceEditor, *priceSave, tea.Cmd) {
	switch {
	case e.saving:
		return e, nil, nil
	case key.Matches(msg, km.Cancel):
		return priceEditor{}, nil, nil
	case key.Matches(msg, km.SaveForm):
		return e.try()
	case key.Matches(msg, km.NextField):
		if !e.form.Step(1) {
			e.form.Goto(0)
		}
		return e, nil, nil
	case key.Matches(msg, km.PrevField):
		if !e.form.Step(-1) {
			e.form.Goto(-1)
		}
		return e, nil, nil
	}
	var cmd tea.Cmd
	e.form, cmd = e.form.Update(msg)
	return e, nil, cmd
}

// try hands back the entry to save when price.Validate finds nothing
// wrong; otherwise every problem shows, the focus on the first, and
// nothing is saved or lost.
func (e priceEditor) try() (priceEditor, *priceSave, tea.Cmd) {
	if e.form.Try() > 0 {
		e.form.FocusProblem()
		return e, nil, nil
	}
	pattern, rate, _ := entry(&e.form, nil)
	e.saving = true
	return e, &priceSave{was: e.was, pattern: pattern, rate: rate}, nil
}

// priceKey hands a key to the open price, and saves what it passes.
func (m Model) priceKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	var ask *priceSave
	var cmd tea.Cmd
	if m.price, ask, cmd = m.price.key(msg, m.km); ask == nil {
		return m, cmd
	}
	m.busy = true
	next := withPrice(m.cfg, ask.was, ask.pattern, ask.rate)
	return m, m.storage.save(next, "price of "+ask.pattern+" saved", &row{kind: priceRow, field: ask.pattern})
}

// view is the open price in width × height: a title with its keys, the
// form, and the whole rule (or problem) of the focused row.
func (e priceEditor) view(st styles, width, height int) string {
	title := "New price"
	if e.was != "" {
		title = "Price of " + e.was
	}
	ls := []string{st.Heading.Render(title) + "  " + st.Hint.Render("ctrl+s save · esc cancel · tab next field"), ""}
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
