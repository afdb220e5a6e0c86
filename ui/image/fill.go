package imagetab

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"atelier/store"
	"atelier/termtext"
	"atelier/ui/components/editor"
	"atelier/ui/tab"
)

// fill takes what fills the form: a look at an input file, an earlier job
// read back, a run sent from History or the Arena, the prompt from the
// editor, a file's recipe.
func (m Model) fill(msg tea.Msg) (Model, tea.Cmd) {
	switch msg := msg.(type) {
	case lookedMsg:
		m.form.look(msg)
		return m, nil
	case jobFilledMsg:
		if msg.err != nil {
			m.arena.pick = false
			return m, tab.Error(msg.err)
		}
		m.form.set(msg.spec)
		return m.filled(fmt.Sprintf("image job %d is in the form: enter sends it again", msg.id))
	case tab.RerunMsg:
		return m.rerunFrom(msg)
	case editor.EditedMsg:
		if msg.Err != nil {
			return m, tab.Error(msg.Err)
		}
		m.form.prompt.SetValue(termtext.String(msg.Text))
		m.form.promptLate = ""
		return m.toForm("prompt")
	case recipeReadMsg:
		return m.recipeRead(msg)
	}
	return m, nil
}

// rerunFrom takes a run sent from History or the Arena: the job's request
// and inputs, lineage kept, as the gallery's re-run fills them (or, with
// no job, the prompt and model sent). Blind asks for a blind comparison:
// the picker opens on the models asked for, blind on.
func (m Model) rerunFrom(msg tab.RerunMsg) (Model, tea.Cmd) {
	var models []string
	for _, t := range msg.Targets {
		if t.Model != "" {
			models = append(models, t.Model)
		}
	}
	if msg.Blind {
		m.arena.blind = true
	}
	if msg.Blind || len(models) > 1 {
		m.arena.models, m.arena.pick = models, true
	}
	if msg.ID != 0 && len(msg.BodyJSON) > 0 {
		// From History's R: the request is the recipe's in the job's file,
		// the inputs the job's, lineage kept.
		return m, fillFromRecipe(m.db, msg)
	}
	if msg.ID != 0 {
		return m, fillFrom(m.db, store.ImageJob{ID: msg.ID})
	}
	model := msg.Model
	if model == "" && len(models) > 0 {
		model = models[0]
	}
	if model == "" {
		model = m.form.spec().Model
	}
	m.form.set(spec{Model: model, Prompt: msg.Prompt, Stream: true})
	return m.filled("the prompt is in the form: enter sends it")
}

// filled shows the form just filled, or the picker when the Arena asked
// for a comparison.
func (m Model) filled(note string) (Model, tea.Cmd) {
	if m.arena.pick {
		m.arena.pick = false
		m = m.openPicker()
		if m.arena.blind {
			return m, tab.Info("a blind comparison: enter runs the models chosen, shown as A, B… until you vote")
		}
		return m, tab.Info("enter runs the models chosen side by side")
	}
	m, cmd := m.toForm("prompt")
	return m, tea.Batch(cmd, tab.Info(note))
}
