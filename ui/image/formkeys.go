package imagetab

import (
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// key routes a key press by the part of the tab that has the keyboard.
func (m Model) key(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	if m.gate.ask.Asking() {
		return m.gateKey(msg)
	}
	switch m.area {
	case galleryArea:
		return m.galleryKey(msg)
	case pickerArea:
		return m.pickerKey(msg)
	case resultsArea:
		return m.resultsKey(msg)
	}
	if m.form.naming >= 0 {
		return m.namingKey(msg)
	}
	return m.formKey(msg)
}

// formKey handles the keys of the form; text goes to the field under the
// cursor when it takes text.
func (m Model) formKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	switch {
	case key.Matches(msg, m.km.Editor):
		return m, m.openEditor()
	case key.Matches(msg, m.km.Stop) && m.running():
		return m.stop(), nil
	case key.Matches(msg, m.km.Send):
		return m.send()
	case key.Matches(msg, m.km.Next):
		return m.move(1)
	case key.Matches(msg, m.km.Prev):
		return m.move(-1)
	case m.form.arrowsChoose(msg, m.km):
		return m.choose(msg)
	case m.form.typing():
		return m.updateForm(msg)
	}
	return m.fieldKey(msg)
}

// fieldKey handles the keys of a field that takes no text.
func (m Model) fieldKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	switch f := m.form.focus; {
	case f.kind() == choiceKind && key.Matches(msg, m.km.Left, m.km.Right):
		return m.choose(msg)
	case f.kind() == listKind && key.Matches(msg, m.km.Remove):
		m.form.remove(f)
		return m.revalidate(), nil
	}
	return m.commonKey(msg)
}

// commonKey handles the keys that work wherever nothing is typed.
func (m Model) commonKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	switch {
	case key.Matches(msg, m.km.AddImage):
		return m.name(fInputs)
	case key.Matches(msg, m.km.SetMask):
		return m.name(fMask)
	case key.Matches(msg, m.km.Gallery):
		return m.openGallery()
	case key.Matches(msg, m.km.Compare):
		return m.openPicker(), nil
	}
	return m, nil
}

// choose steps the value of the field under the cursor: ↑ and ← back, ↓,
// → and space forward.
func (m Model) choose(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	d := 1
	if key.Matches(msg, m.km.Up, m.km.Left) {
		d = -1
	}
	m.form.choose(m.form.focus, d)
	return m.revalidate(), nil
}

// move goes to the next (d = 1) or previous field. Past either end of the
// form come the results, once there are some.
func (m Model) move(d int) (Model, tea.Cmd) {
	next := m.form.focus + field(d)
	if (next < 0 || next >= fieldCount) && m.run != nil {
		return m.toResults(), nil
	}
	return m, m.form.focusOn(next)
}

// toForm gives the keyboard back to the form, at field f.
func (m Model) toForm(f field) (Model, tea.Cmd) {
	m.area = formArea
	return m, m.form.focusOn(f)
}

// toResults gives the keyboard to the results.
func (m Model) toResults() Model {
	m.form.blur()
	m.area = resultsArea
	return m
}

// name opens the path prompt for an input image or the mask.
func (m Model) name(f field) (Model, tea.Cmd) {
	m.area = formArea
	return m, m.form.startNaming(f)
}

// namingKey handles the path prompt: enter adds, esc cancels.
func (m Model) namingKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	switch {
	case key.Matches(msg, m.km.Accept):
		ref := strings.TrimSpace(m.form.w.path.Value())
		if err := badScheme(ref); err != nil {
			m.pathErr = err.Error()
			return m, nil
		}
		m.pathErr = ""
		m.form.finishNaming()
		return m.revalidate(), lookCmd(ref)
	case key.Matches(msg, m.km.Cancel):
		m.pathErr = ""
		m.form.cancelNaming()
		return m, nil
	}
	m.pathErr = ""
	return m.updateForm(msg)
}

// updateForm passes a message to the field with the keyboard.
func (m Model) updateForm(msg tea.Msg) (Model, tea.Cmd) {
	if m.area != formArea {
		return m, nil
	}
	var cmd tea.Cmd
	m.form, cmd = m.form.update(msg)
	return m.revalidate(), cmd
}

// revalidate checks the form again, as the model would receive it.
func (m Model) revalidate() Model {
	m.vs, m.sendVs = append(m.form.spec().violations(m.form.model()), m.lookViolations()...), nil
	return m
}

// problems are the violations to show for field f: "is required" only once
// a send was refused, so an empty form does not start out red.
func (m Model) problems(f field) []string {
	var out []string
	if m.pathErr != "" && m.form.naming == f {
		out = append(out, m.pathErr)
	}
	for _, v := range append(m.vs[:len(m.vs):len(m.vs)], m.sendVs...) {
		if wireField(v.Field) != f || (!m.tried && v.Value == nil && isRequired(v.Rule)) {
			continue
		}
		text := v.Error()
		if !strings.Contains(v.Field, "[") {
			text = v.Rule // the line names the field and shows the value
		}
		if !slices.Contains(out, text) { // found when added, and again on send
			out = append(out, text)
		}
	}
	return out
}

func isRequired(rule string) bool { return rule == "is required" }
