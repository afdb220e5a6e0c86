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

// pickerKey moves, chooses, runs or cancels.
func (m Model) pickerKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	p := &m.picker
	switch {
	case key.Matches(msg, m.km.Cancel):
		return m.leavePicker()
	case key.Matches(msg, m.km.Up):
		p.cursor = max(0, p.cursor-1)
	case key.Matches(msg, m.km.Down):
		p.cursor = min(len(p.models)-1, p.cursor+1)
	case key.Matches(msg, m.km.Toggle):
		var cmd tea.Cmd
		m.picker, cmd = m.picker.toggle()
		return m, cmd
	case key.Matches(msg, m.km.Blind):
		m.arena.blind = !m.arena.blind
		return m, nil
	case key.Matches(msg, m.km.Run):
		return m.runCompare()
	}
	return m, nil
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

// runCompare sends the form to the chosen models at once.
func (m Model) runCompare() (Model, tea.Cmd) {
	models := m.picker.picked()
	if len(models) < compareMin {
		return m, tab.Warn("choose 2 or 3 models")
	}
	if m.arena.blind {
		// A lane refused in a blind run would name its model: each must go.
		s := m.form.spec()
		for _, model := range models {
			if vs := s.violations(model); len(vs) > 0 {
				return m, tab.Warn(fmt.Sprintf("blind: %s would not be sent (%s): drop it or change the form", model, oneLine(vs[0].Error())))
			}
		}
	}
	if m.page.running() || m.client == nil {
		m, _ = m.leavePicker() // start says why nothing goes
	}
	return m.start(models, "")
}

// leavePicker goes back to the results, or to the form before any run.
func (m Model) leavePicker() (Model, tea.Cmd) {
	if m.page.run != nil {
		return m.toResults(), nil
	}
	return m.toForm(m.form.row())
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
