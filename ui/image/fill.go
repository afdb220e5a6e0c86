package imagetab

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"atelier/internal/termtext"
	"atelier/store"
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
	case tab.RerunMsg: // from History or the Arena
		models := m.arena.asked(msg)
		if cmd := rerunFill(m.db, msg); cmd != nil {
			return m, cmd
		}
		m.form.set(rerunSpec(msg, models, m.form.spec().Model))
		return m.filled("the prompt is in the form: enter sends it")
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

// rerunFill reads the job a run sent from History or the Arena names
// back into the form, as the gallery's re-run does: its request and
// inputs, lineage kept; from History's R, the request is the recipe's in
// the job's file. Nil when the run names no job.
func rerunFill(db *store.Store, msg tab.RerunMsg) tea.Cmd {
	switch {
	case msg.ID != 0 && len(msg.BodyJSON) > 0:
		return fillFromRecipe(db, msg)
	case msg.ID != 0:
		return fillFrom(db, store.ImageJob{ID: msg.ID})
	}
	return nil
}

// rerunSpec is the form of a run sent with no job: its prompt, on the
// model sent, else the first of models, else the form's own (current).
func rerunSpec(msg tab.RerunMsg, models []string, current string) spec {
	model := msg.Model
	if model == "" && len(models) > 0 {
		model = models[0]
	}
	if model == "" {
		model = current
	}
	return spec{Model: model, Prompt: msg.Prompt, Stream: true}
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
