package chat

import (
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"atelier/store"
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

// openField is the field open for kind with text in it, in styles st; id
// is the conversation a title renames.
func openField(kind fieldKind, text, placeholder string, id int64, st textinput.Styles) (*field, tea.Cmd) {
	in := textinput.New()
	in.Prompt = ""
	in.Placeholder = placeholder
	in.SetStyles(st)
	in.SetValue(text)
	in.CursorEnd()
	cmd := in.Focus()
	return &field{kind: kind, input: in, id: id}, cmd
}

// fieldKey handles a key while the field is open: enter keeps what was
// typed, esc drops it, anything else is text.
func (m Model) fieldKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	f := m.field
	switch {
	case key.Matches(msg, m.km.Save):
		m.field = &field{}
		m.relayout()
		return m, f.done(m.db)
	case key.Matches(msg, m.km.Cancel):
		m.field = &field{}
		if f.kind == filterField {
			m.list = m.list.filter("")
		}
		m.relayout()
		return m, nil
	}
	var cmd, load tea.Cmd
	m.field = m.field.own()
	m.field.input, cmd = m.field.input.Update(msg)
	if f.kind == filterField {
		m.list, load = m.list.filtered(m.field.input.Value())
	}
	return m, tea.Batch(cmd, load)
}

// done is what enter does with the text the field held: a title renames
// conversation f.id, a path is attached; the filter stays as typed.
func (f field) done(db *store.Store) tea.Cmd {
	text := strings.TrimSpace(f.input.Value())
	switch {
	case text == "":
		return nil
	case f.kind == renameField:
		return rename(db, f.id, text)
	case f.kind == attachField:
		return attach(text)
	}
	return nil
}

// filtered narrows the list to the titles holding q; the first letter
// typed loads the titles not listed yet, so the filter sees them all.
func (l convList) filtered(q string) (convList, tea.Cmd) {
	l = l.filter(q)
	if !l.needsAll() {
		return l, nil
	}
	l.seq++
	l.loading = true
	return l, loadAll(l.db, l.seq)
}

// own is a copy of f to change: the Model holds its field by pointer, and
// the copies of the Model Bubble Tea makes share it, so it is copied before
// a change (as the picker is, by its methods, which return a new value).
func (f *field) own() *field {
	c := *f
	return &c
}

// ref is v, held by pointer: for the parts of the Model too large to be
// copied at every message (the picker holds a form and its styles, some
// 31 KB); their methods return a changed copy, which ref keeps.
func ref[T any](v T) *T { return &v }
