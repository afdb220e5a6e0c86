package chat

import (
	tea "charm.land/bubbletea/v2"

	"atelier/ui/components/editor"
	"atelier/ui/tab"
)

// edited puts what was written in the editor in the composer.
func (m Model) edited(msg editor.EditedMsg) (Model, tea.Cmd) {
	if msg.Err != nil {
		return m, tab.Error(msg.Err)
	}
	m.comp = m.comp.withText(msg.Text)
	m = m.focusOn(onComposer)
	m.relayout()
	return m, nil
}

// attached adds an image read from a path to the next prompt.
func (m Model) attached(msg attachedMsg) (Model, tea.Cmd) {
	if msg.err != nil {
		return m, tab.Error(msg.err)
	}
	m.comp.images = append(m.comp.images, msg.att)
	m.relayout()
	return m, tab.Notice("image attached to the next prompt: " + msg.att.name)
}
