package imagetab

import (
	tea "charm.land/bubbletea/v2"

	"atelier/termtext"
	"atelier/ui/components/editor"
	"atelier/ui/tab"
)

// promptEdited puts the edited prompt in the form.
func (m Model) promptEdited(msg editor.EditedMsg) (Model, tea.Cmd) {
	if msg.Err != nil {
		return m, tab.Error(msg.Err)
	}
	m.form.prompt.SetValue(termtext.String(msg.Text))
	m.form.promptLate = ""
	return m.toForm("prompt")
}
