package chat

import (
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
)

// fieldKind is what the one-line field is open for.
type fieldKind int

const (
	noField     fieldKind = iota
	filterField           // narrows the list as it is typed
	renameField           // the selected conversation's new title
	attachField           // the path of an image to attach
)

// field is the one-line text field the tab opens for a filter, a title or
// a path: one at a time.
type field struct {
	kind  fieldKind
	input textinput.Model
	id    int64 // the conversation being renamed
}

// openField opens the field for kind with text in it.
func (m Model) openField(kind fieldKind, text, placeholder string) (Model, tea.Cmd) {
	in := textinput.New()
	in.Prompt = ""
	in.Placeholder = placeholder
	in.SetStyles(m.st.Input)
	in.SetValue(text)
	in.CursorEnd()
	m.field = field{kind: kind, input: in}
	m.relayout()
	return m, m.field.input.Focus()
}

// fieldKey handles a key while the field is open: enter keeps what was
// typed, esc drops it, anything else is text.
func (m Model) fieldKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	f := m.field
	switch {
	case key.Matches(msg, m.km.Save):
		m.field = field{}
		m.relayout()
		return m.fieldDone(f, strings.TrimSpace(f.input.Value()))
	case key.Matches(msg, m.km.Cancel):
		m.field = field{}
		if f.kind == filterField {
			m.list = m.list.filter("")
		}
		m.relayout()
		return m, nil
	}
	var cmd tea.Cmd
	m.field.input, cmd = m.field.input.Update(msg)
	if f.kind == filterField {
		return m.filtered(cmd)
	}
	return m, cmd
}

// fieldDone acts on what the field held when enter closed it.
func (m Model) fieldDone(f field, text string) (Model, tea.Cmd) {
	switch f.kind {
	case renameField:
		if text == "" {
			return m, nil
		}
		return m, rename(m.db, f.id, text)
	case attachField:
		if text == "" {
			return m, nil
		}
		return m, attach(text)
	}
	return m, nil // the filter stays as typed
}

// filtered narrows the list to the query typed so far; the first letter
// typed loads the titles not listed yet, so the filter sees them all.
func (m Model) filtered(cmd tea.Cmd) (Model, tea.Cmd) {
	m.list = m.list.filter(m.field.input.Value())
	if m.list.more && m.list.query() != "" && !m.list.loading {
		m.listSeq++
		m.list.loading = true
		return m, tea.Batch(cmd, loadAll(m.db, m.listSeq))
	}
	return m, cmd
}
