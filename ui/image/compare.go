package imagetab

import (
	"fmt"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/store/price"
	"atelier/ui/tab"
)

// Compare runs the form on two or three models at once.
const (
	compareMin = 2
	compareMax = 3
)

// picker chooses the models of a comparison.
type picker struct {
	models []string
	chosen []bool
	cursor int
}

// openPicker lists the image models, and the form's own if it is another,
// with the form's model and the next ones chosen (or the Arena's pair).
func (m Model) openPicker() Model {
	m.picker = newPicker(m.form.spec().Model, m.arena.models)
	m.arena.models = nil
	m.form.blur()
	m.area = pickerArea
	return m
}

// newPicker lists the image models, and cur and asked where they are
// others; asked (the Arena's pair) are chosen, else cur and the next ones.
func newPicker(cur string, asked []string) picker {
	models := client.ImageModels()
	for _, extra := range append([]string{cur}, asked...) {
		if extra != "" && !slices.Contains(models, extra) {
			models = append([]string{extra}, models...)
		}
	}
	p := picker{models: models, chosen: make([]bool, len(models))}
	if len(asked) > 0 { // the Arena's pair
		for i, model := range models {
			p.chosen[i] = slices.Contains(asked, model)
		}
	} else {
		start := max(0, slices.Index(models, cur))
		for i := range min(compareMax, len(models)) {
			p.chosen[(start+i)%len(models)] = true
		}
	}
	return p
}

// pickerKey hands the keys to the picker and does what it asks: leave,
// turn blind on or off, or run the models chosen, each of which must take
// the form's request when the run is blind.
func (m Model) pickerKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	var act pickAction
	var cmd tea.Cmd
	m.picker, act, cmd = m.picker.key(msg, m.km)
	switch act {
	case pickLeave:
		return m.back()
	case pickBlind:
		m.arena.blind = !m.arena.blind
	case pickRun:
		models := m.picker.picked()
		if m.arena.blind {
			if w := m.form.spec().blindRefusal(models); w != nil {
				return m, w
			}
		}
		if m.page.running() || m.client == nil {
			m, _ = m.back() // start says why nothing goes
		}
		return m.start(models, "")
	}
	return m, cmd
}

// pickAction is what a key in the picker asks of the tab.
type pickAction int

const (
	pickNone  pickAction = iota
	pickLeave            // esc: back where the tab was
	pickBlind            // b: the comparison blind or named
	pickRun              // enter, with 2 or 3 chosen: send to each at once
)

// key moves, chooses, or says what the tab is to do: leave, turn blind on
// or off, run (with fewer than compareMin chosen, a warning instead).
func (p picker) key(msg tea.KeyPressMsg, km keyMap) (picker, pickAction, tea.Cmd) {
	switch {
	case key.Matches(msg, km.Cancel):
		return p, pickLeave, nil
	case key.Matches(msg, km.Moves.Bindings()...):
		p.cursor, _ = km.Moves.Move(msg, p.cursor, len(p.models), len(p.models))
	case key.Matches(msg, km.Toggle):
		var cmd tea.Cmd
		p, cmd = p.toggle()
		return p, pickNone, cmd
	case key.Matches(msg, km.Blind):
		return p, pickBlind, nil
	case key.Matches(msg, km.Run) && len(p.picked()) < compareMin:
		return p, pickNone, tab.Warn("choose 2 or 3 models")
	case key.Matches(msg, km.Run):
		return p, pickRun, nil
	}
	return p, pickNone, nil
}

// toggle chooses or drops the model under the cursor; no more than
// compareMax are chosen.
func (p picker) toggle() (picker, tea.Cmd) {
	if !p.chosen[p.cursor] && len(p.picked()) >= compareMax {
		return p, tab.Warn("at most 3 models at once")
	}
	p.chosen = slices.Clone(p.chosen)
	p.chosen[p.cursor] = !p.chosen[p.cursor]
	return p, nil
}

// picked are the chosen models, in the list's order.
func (p picker) picked() []string {
	var out []string
	for i, ok := range p.chosen {
		if ok {
			out = append(out, p.models[i])
		}
	}
	return out
}

// blindRefusal is why a blind run of s on models cannot go: a lane
// refused in a blind run would name its model, so each must take s; nil
// when each does.
func (s spec) blindRefusal(models []string) tea.Cmd {
	for _, model := range models {
		if vs := s.violations(model); len(vs) > 0 {
			return tab.Warn(fmt.Sprintf("blind: %s would not be sent (%s): drop it or change the form", model, oneLine(vs[0].Error())))
		}
	}
	return nil
}

// lines draws the model list in h lines, each model with what would stop
// the form's request s from going to it, and its estimate at prices.
func (p picker) lines(sty *styles, s spec, blind bool, prices price.Table, h int) []string {
	st := sty.List
	out := []string{st.Title.Render("Compare: the same request on 2 or 3 models, side by side") + blindNote(sty, blind)}
	for i, model := range p.models {
		box, style := "[ ] ", st.Item
		if p.chosen[i] {
			box = "[x] "
		}
		marker := "  "
		if i == p.cursor {
			marker, style = "▸ ", st.Selected
		}
		line := style.Render(marker + box + model)
		if vs := s.violations(model); len(vs) > 0 {
			line += st.Failed.Render("   ✗ " + oneLine(vs[0].Error()))
		}
		out = append(out, line)
	}
	out = append(out, "", st.Meta.Render(strings.Join([]string{
		"space chooses", "enter sends to each at once", "b blind on/off", "esc cancels"}, " · ")))
	if e := estimateLine(sty, prices, s, p.picked()); e != "" {
		out = append(out, e)
	}
	if len(out) > h {
		out = out[:max(h, 0)]
	}
	return out
}

// blindNote says, in the picker's title, whether the run will be blind.
func blindNote(st *styles, blind bool) string {
	if blind {
		return st.List.Meta.Render(" · blind: shown as A, B, C until you vote")
	}
	return st.List.Meta.Render(" · named (b: blind)")
}
