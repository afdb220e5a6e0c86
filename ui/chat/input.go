package chat

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"atelier/ui/components/style"
	"atelier/ui/tab"
)

// key routes a key: to what is open over the panes first (the picker, a
// field, a question, a code number), then the tab's own keys, then the
// pane with the keyboard.
func (m Model) key(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	switch {
	case m.pick.open:
		p, cmd, closed := m.pick.key(msg, m.km, m.defaults.model)
		if m.pick = &p; closed {
			m.target = p.target
		}
		return m, cmd
	case m.field.kind != noField:
		return m.fieldKey(msg)
	case m.list.Asking(): // the delete question: the list asks it
		var cmd tea.Cmd
		m.list.Model, cmd = m.list.Update(msg)
		return m, cmd
	case m.code.waiting:
		var cmd tea.Cmd
		m.code, cmd = m.code.key(msg, m.km, m.tr.codes(m.code.reply))
		return m, cmd
	}
	if next, cmd, ok := m.tabKey(msg); ok {
		return next, cmd
	}
	switch m.focus {
	case onList:
		return m.listKey(msg)
	case onReply: // scroll the conversation, act on the reply in view
		switch {
		case key.Matches(msg, m.km.ToPrompt):
			return m.focusOn(onComposer), nil
		case key.Matches(msg, m.km.Unedit) && m.comp.editing: // the choice dropped
			m.conv.unmark()
			return m.compose(m.comp.cleared(), false), nil
		}
		if next, cmd, ok := m.replyAction(msg); ok {
			return next, cmd
		}
		var cmd tea.Cmd
		m.tr, cmd = m.tr.scroll(msg, m.km.Scroll, m.conv.entries, m.look())
		return m, cmd
	}
	return m.composerKey(msg)
}

// tabKey handles the keys that work whatever pane has the keyboard.
func (m Model) tabKey(msg tea.KeyPressMsg) (Model, tea.Cmd, bool) {
	k := m.km
	var cmd tea.Cmd
	switch {
	case key.Matches(msg, k.New):
		m, cmd = m.newChat()
	case key.Matches(msg, k.Target):
		m.pick = ref(m.pick.show(m.target))
	case key.Matches(msg, k.Regenerate): // the last prompt again: its reply replaces the last
		p, ok := m.conv.regeneration()
		if !ok {
			return m, tab.Warn("nothing to regenerate yet"), true
		}
		m, cmd, _ = m.send(p)
	case key.Matches(msg, k.Stop) && m.conv.run != nil:
		m.conv.stop()
	case key.Matches(msg, k.Focus):
		m = m.focusOn((m.focus + 1) % 3)
	case key.Matches(msg, k.FocusBack):
		m = m.focusOn((m.focus + 2) % 3)
	case key.Matches(msg, k.Editor):
		cmd = m.edit.Open(m.comp.ta.Value())
	case key.Matches(msg, k.Attach):
		m.field, cmd = openField(attachField, "", "path of an image file", 0, m.st.Input)
		m.relayout()
	case key.Matches(msg, k.Detach):
		c := m.comp
		c.images = nil
		m = m.compose(c, false)
	case key.Matches(msg, k.Scroll.PageUp, k.Scroll.PageDown) && m.focus != onList: // the list pages itself
		m.tr, cmd = m.tr.scroll(msg, m.km.Scroll, m.conv.entries, m.look())
	default:
		return m, nil, false
	}
	return m, cmd, true
}

// composerKey: enter sends, esc leaves an edit, the rest is text.
func (m Model) composerKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	switch {
	case key.Matches(msg, m.km.Send): // the prompt, or a paused reply continued
		p, refused, ok := m.conv.submission(m.comp, m.target.Family)
		if !ok {
			return m, refused
		}
		next, cmd, sent := m.send(p)
		if sent && p.kind != sendContinue {
			next = next.compose(next.comp.cleared(), false) // the prompt went
		}
		return next, cmd
	case key.Matches(msg, m.km.Unedit) && m.comp.editing:
		m.conv.unmark()
		return m.compose(m.comp.cleared(), false), nil
	case key.Matches(msg, m.km.PrevAlt, m.km.NextAlt) && m.FieldEmpty(): // text where text is typed
		next, cmd, _ := m.replyAction(msg)
		return next, cmd
	}
	h := m.comp.height()
	var cmd tea.Cmd
	m.comp, cmd = m.comp.update(msg)
	if m.comp.height() != h {
		m.relayout()
	}
	return m, cmd
}

// listKey moves in the list and acts on the conversation under the cursor;
// the reply keys work here too.
func (m Model) listKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	if l, cmd, ok := m.list.key(msg, m.km, m.height, m.field, m.conv); ok {
		m.list = l
		return m, cmd
	}
	var cmd tea.Cmd
	switch {
	case key.Matches(msg, m.km.Open): // the conversation under the cursor
		c, ok := m.list.selected()
		switch {
		case !ok:
			return m, nil
		case m.conv.run != nil:
			return m, m.conv.busy()
		case c.ID == m.conv.id && m.conv.loading == 0:
			return m.focusOn(onComposer), nil
		}
		m.conv = m.conv.load()
		return m, open(m.db, m.conv.seq, c.ID, m.tr.drawSpec())
	case key.Matches(msg, m.km.Filter):
		m.field, cmd = openField(filterField, m.list.query(), "filter titles", 0, m.st.Input)
	case key.Matches(msg, m.km.Rename):
		c, ok := m.list.selected()
		if !ok {
			return m, nil
		}
		m.field, cmd = openField(renameField, c.Title, "title", c.ID, m.st.Input)
	default:
		next, cmd, _ := m.replyAction(msg) // the reply keys work here too
		return next, cmd
	}
	m.relayout()
	return m, cmd
}

// replyAction handles the keys that act on the reply in view.
func (m Model) replyAction(msg tea.KeyPressMsg) (Model, tea.Cmd, bool) {
	k := m.km
	switch {
	case key.Matches(msg, k.Thinking):
		m.showAll = !m.showAll
		m.layout()
		return m, nil, true
	case key.Matches(msg, k.Copy):
		return m, copyReply(m.conv.entries, m.tr.current(m.conv.entries)), true
	case key.Matches(msg, k.CopyCode):
		i := m.tr.current(m.conv.entries)
		var cmd tea.Cmd
		m.code, cmd = m.code.ask(i, m.tr.codes(i))
		return m, cmd, true
	case key.Matches(msg, k.PrevAlt, k.NextAlt): // the chosen prompt's branches, or the fork in view's siblings
		var cmd tea.Cmd
		m.conv, m.comp, cmd = m.conv.stepFork(m.comp, m.tr.forkInView(m.conv.entries), stepBy(msg, k), m.db, m.tr.drawSpec())
		return m, cmd, true
	case key.Matches(msg, k.Edit): // a prompt chosen (branch.go): in the composer, marked, in view
		e, ch, refused := m.conv.choose(m.comp)
		if refused != nil {
			return m, refused, true
		}
		m = m.compose(m.comp.again(e, ch), false).focusOn(onReply) // e steps on from here
		m.conv.mark(m.comp)
		m.tr = m.tr.showFrom(ch.at, m.conv.entries, m.look())
		return m, nil, true
	}
	return m, nil, false
}

// wheel scrolls the conversation, or the list when it has the keyboard.
func (m Model) wheel(msg tea.MouseWheelMsg) (Model, tea.Cmd) {
	n := style.WheelStep(msg)
	if m.focus == onList {
		m.list = m.list.move(n, m.list.shown(m.height, m.field))
		return m, nil
	}
	var cmd tea.Cmd
	m.tr, cmd = m.tr.scrollAhead(n, m.conv.entries, m.look())
	return m, cmd
}

// paste goes to the open field, else the composer.
func (m Model) paste(msg tea.PasteMsg) (Model, tea.Cmd) {
	var cmd tea.Cmd
	switch {
	case m.field.kind != noField:
		m.field = m.field.own()
		m.field.input, cmd = m.field.input.Update(msg)
		if m.field.kind == filterField {
			var load tea.Cmd
			m.list, load = m.list.filtered(m.field.input.Value())
			return m, tea.Batch(cmd, load)
		}
	case m.pick.typing():
		var p picker
		p, cmd = m.pick.update(msg)
		m.pick = &p
	default:
		h := m.comp.height()
		m = m.focusOn(onComposer)
		m.comp, cmd = m.comp.update(msg)
		if m.comp.height() != h {
			m.relayout()
		}
	}
	return m, cmd
}

// compose adopts composer c, and gives it the keyboard when focus; the
// panes fit its height.
func (m Model) compose(c composer, focus bool) Model {
	m.comp = c
	if focus {
		m = m.focusOn(onComposer)
	}
	m.relayout()
	return m
}

// focusOn gives pane f the keyboard.
func (m Model) focusOn(f focus) Model {
	was := m.geometry().listOnly
	m.focus = f
	m.comp = m.comp.focus(f == onComposer)
	if m.geometry().listOnly != was {
		m.relayout()
	}
	return m
}
