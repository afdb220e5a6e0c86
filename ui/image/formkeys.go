package imagetab

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/ui/components/form"
)

// key routes a key press by the part of the tab that has the keyboard; the
// gallery's may close it, or take its job's image to the form to edit.
func (m Model) key(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	if m.gate.ask.Asking() {
		goes, cmd := m.gate.key(msg)
		return m.gated(goes, cmd)
	}
	if m.label.Asking() {
		var cmd tea.Cmd
		m.label, cmd = m.label.Key(m.db, msg)
		return m, cmd
	}
	switch m.area {
	case galleryArea:
		if key.Matches(msg, m.km.Variants) && !m.gallery.jobs.Filtering() {
			return m.openStrip()
		}
		cmd, out := m.gallery.key(msg, m.km, m.height, m.db, m.open)
		switch {
		case out.close:
			return m.back()
		case out.edit:
			return m.editThis(out.in, cmd)
		case out.label != nil:
			m.label, cmd = labelJob(m.label, m.db, out.label.ID, out.label.Label, out.label.Prompt)
		}
		return m, cmd
	case stripArea:
		return m.stripKey(msg)
	case pickerArea:
		return m.pickerKey(msg)
	case resultsArea:
		return m.resultsKey(msg)
	}
	return m.formKey(msg)
}

// formKey handles the keys of the form that act on the run or lead out of
// it (the editor, stop, send, the gallery, a comparison); the draft takes
// the rest, and says when the cursor went past either end to the results.
func (m Model) formKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	d := &m.form
	switch {
	case key.Matches(msg, m.km.Editor):
		return m, m.edit.Open(d.prompt.Value()) // the prompt in $VISUAL or $EDITOR
	case key.Matches(msg, m.km.Stop) && m.page.running() && !d.inputRow(): // a path typed: esc is the field's
		m.page.run.stop()
		return m, nil
	case key.Matches(msg, m.km.Send) && !d.inputRow():
		m.page.rerun = false // a run of the form's own starts the results afresh
		return m.send()
	case !d.typing() && key.Matches(msg, m.km.Gallery):
		return m.openGallery()
	case !d.typing() && key.Matches(msg, m.km.Compare):
		return m.openPicker(), nil
	}
	cmd, past := d.key(msg, m.km, m.page.run != nil)
	if past {
		return m.toResults(), cmd
	}
	return m, cmd
}

// key handles a key of the form itself: moving through the prompt and
// the rows (past: the cursor went past either end, to the results, which
// there are when results is), choosing with ↑/↓, an input image added or
// removed, the mask, then the prompt's or the row's own keys.
func (d *draft) key(msg tea.KeyPressMsg, km keyMap, results bool) (cmd tea.Cmd, past bool) {
	switch {
	case key.Matches(msg, km.Cancel) && d.inputRow() && d.fields.InputEmpty() && d.fields.Path() != rowMask:
		d.removeImage() // the image being added is not
	case key.Matches(msg, km.Send) && d.inputRow():
		return d.move(1, results) // the path typed is done: it is looked at
	case key.Matches(msg, km.Next):
		return d.move(1, results)
	case key.Matches(msg, km.Prev):
		return d.move(-1, results)
	case d.onPrompt:
		return d.typePrompt(msg), false
	case key.Matches(msg, km.Up, km.Down):
		dir := 1
		if key.Matches(msg, km.Up) {
			dir = -1
		}
		d.choose(dir)
	case !d.typing() && key.Matches(msg, km.AddImage):
		d.addImage()
	case !d.typing() && key.Matches(msg, km.SetMask):
		d.focusName(rowMask)
	case !d.typing() && strings.HasPrefix(d.row(), rowImages) && key.Matches(msg, km.Remove):
		d.removeImage()
	default:
		return d.update(msg), false
	}
	return nil, false
}

// update passes a key or a paste to the row under the cursor; a new model
// named there remakes the rows for its rules.
func (d *draft) update(msg tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	d.fields, cmd = d.fields.Update(msg)
	d.remodel()
	return cmd
}

// typePrompt passes a key to the prompt; a change there forgets what was
// said of the prompt before.
func (d *draft) typePrompt(msg tea.Msg) tea.Cmd {
	before := d.prompt.Value()
	p, cmd := d.prompt.Update(msg)
	*d.prompt = p
	if p.Value() != before {
		d.promptLate = ""
	}
	return cmd
}

// choose puts the previous (dir -1, ↑) or next (dir 1, ↓) value in the
// row under the cursor: a model of the client's list, a size preset, a
// number a step on, or a choice's neighbour.
func (d *draft) choose(dir int) {
	row := d.fields.Path()
	if next, ok := chooseNext(row, d.fields.Text(row), dir); ok {
		d.setText(row, next)
		return
	}
	if !d.fields.EditsText() { // a choice: as ← and → do
		k := tea.KeyPressMsg{Code: tea.KeyRight}
		if dir < 0 {
			k = tea.KeyPressMsg{Code: tea.KeyLeft}
		}
		d.fields, _ = d.fields.Update(k)
	}
}

// move goes to the next (dir 1) or previous row, the prompt first, and
// looks at the input files not looked at yet. Past either end of the form
// come the results (past), when there are some (results); else it wraps.
func (d *draft) move(dir int, results bool) (cmd tea.Cmd, past bool) {
	look := d.looks.cmds(d.spec())
	switch {
	case d.onPrompt && dir > 0:
		d.focusRow(0)
	case !d.onPrompt && d.fields.Step(dir):
	case results:
		return look, true
	case d.onPrompt:
		d.focusRow(-1)
	default:
		return tea.Batch(look, d.focusPrompt()), false
	}
	return look, false
}

// toForm gives the keyboard back to the form, at the prompt or the row of
// a field.
func (m Model) toForm(row string) (Model, tea.Cmd) {
	m.area = formArea
	if row == "prompt" {
		return m, m.form.focusPrompt()
	}
	if row == "" { // the last row
		m.form.focusRow(-1)
		return m, nil
	}
	m.form.focusName(row)
	return m, nil
}

// toResults gives the keyboard to the results.
func (m Model) toResults() Model {
	m.form.blur()
	m.area = resultsArea
	return m
}

// back leaves the picker or the gallery: for the results, or for the form
// before any run.
func (m Model) back() (Model, tea.Cmd) {
	if m.page.run != nil {
		return m.toResults(), nil
	}
	return m.toForm(m.form.row())
}

// problems are what is wrong with the form as it would be sent: the
// prompt's, then how many rows have one. Try marks every row's to show.
func (d *draft) problems() int {
	n := d.fields.Try()
	if d.promptProblem(true) != "" {
		n++
	}
	return n
}

// promptProblem is what is wrong with the prompt: the service's or the
// sender's word, else the client's rules; "is required" only once a send
// was tried (or tried is true), so an empty form does not start out red.
func (d draft) promptProblem(tried bool) string {
	if d.promptLate != "" {
		return d.promptLate
	}
	s := d.spec()
	for _, v := range s.violations(s.Model) {
		if v.Field == "prompt" && (tried || d.fields.Tried() || v.Rule != "is required") {
			return v.Rule
		}
	}
	return ""
}

// late shows what the sender or the service found wrong (a file that
// cannot be read, a refused field) beside its row, until it is edited.
func (d *draft) late(vs []*client.ValidationError) {
	var rows []*client.ValidationError
	for _, v := range vs {
		if v.Field == "prompt" {
			d.promptLate = v.Rule
			continue
		}
		rows = append(rows, v)
	}
	if len(rows) > 0 {
		fvs := make([]form.Violation, 0, len(rows))
		for _, v := range rows {
			fvs = append(fvs, violation(v))
		}
		d.fields.SetLate(fvs)
	}
}

// showProblems puts the cursor on the first problem: the prompt's, else
// the first row's.
func (d *draft) showProblems() tea.Cmd {
	if d.promptProblem(true) != "" {
		return d.focusPrompt()
	}
	d.focusRow(d.fields.Index())
	d.fields.FocusProblem()
	return nil
}
