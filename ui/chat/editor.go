package chat

import (
	tea "charm.land/bubbletea/v2"

	"atelier/ui/components/editor"
	"atelier/ui/tab"
)

// took is the composer after the answer of a command that fills it: the
// text written in $EDITOR, or an image read from a path for the next
// prompt; cmd says what happened. False when nothing changed (the answer
// is an error, in cmd).
func (c composer) took(msg tea.Msg) (composer, tea.Cmd, bool) {
	switch msg := msg.(type) {
	case editor.EditedMsg:
		if msg.Err != nil {
			return c, tab.Error(msg.Err), false
		}
		return c.withText(msg.Text), nil, true
	case attachedMsg:
		if msg.err != nil {
			return c, tab.Error(msg.err), false
		}
		c.images = append(c.images, msg.att)
		return c, tab.Notice("image attached to the next prompt: " + msg.att.name), true
	}
	return c, nil, false
}

// again is the composer holding prompt e again (the chosen one), to
// change it: sending it makes a branch beside that prompt.
func (c composer) again(e entry, ch chosen) composer {
	c = c.withText(e.text)
	c.images, c.editing, c.edit = e.images, true, ch
	return c
}
