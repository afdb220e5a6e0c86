package list

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"atelier/ui/components/confirm"
)

// Update moves the cursor, edits the filter while it is open, and asks
// and answers a deletion. Keys it has no use for are left to the caller:
// Handled reports whether it took the last one.
func (m Model[T]) Update(msg tea.Msg) (Model[T], tea.Cmd) {
	m.handled = false
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		switch {
		case m.ask.Asking():
			return m.answer(msg)
		case m.filtering:
			return m.filterKey(msg)
		}
		return m.key(msg)
	case tea.PasteMsg:
		if m.filtering {
			return m.typed(msg)
		}
	}
	return m, nil
}

// Handled reports whether the last Update used its key.
func (m Model[T]) Handled() bool { return m.handled }

func (m Model[T]) key(msg tea.KeyPressMsg) (Model[T], tea.Cmd) {
	k := m.KeyMap
	m.handled = true
	switch {
	case key.Matches(msg, k.Up):
		m.Move(-1)
	case key.Matches(msg, k.Down):
		m.Move(1)
	case key.Matches(msg, k.PageUp):
		m.Move(-max(m.height-1, 1))
	case key.Matches(msg, k.PageDown):
		m.Move(max(m.height-1, 1))
	case key.Matches(msg, k.Top):
		m.Move(-len(m.shown))
	case key.Matches(msg, k.Bottom):
		m.Move(len(m.shown))
	case key.Matches(msg, k.Filter):
		m.filtering = true
		in := m.ownInput()
		in.SetValue(m.query)
		in.CursorEnd()
		return m, in.Focus()
	case key.Matches(msg, k.ClearFilter) && m.query != "":
		m.SetQuery("")
	case key.Matches(msg, k.Delete) && (m.o.Delete != nil || m.o.Refuse != nil):
		return m.AskDelete()
	default:
		m.handled = false
	}
	return m, nil
}

// filterKey edits the filter: the list narrows as it is typed.
func (m Model[T]) filterKey(msg tea.KeyPressMsg) (Model[T], tea.Cmd) {
	m.handled = true
	switch {
	case key.Matches(msg, m.KeyMap.Accept):
		m.filtering = false
		m.ownInput().Blur()
		return m, nil
	case key.Matches(msg, m.KeyMap.ClearFilter):
		m.filtering = false
		m.ownInput().Blur()
		m.SetQuery("")
		return m, nil
	}
	return m.typed(msg)
}

func (m Model[T]) typed(msg tea.Msg) (Model[T], tea.Cmd) {
	in, cmd := m.input.Update(msg)
	m.input = &in
	if q := m.input.Value(); q != m.query {
		m.SetQuery(q)
	}
	return m, cmd
}

// AskDelete asks to delete the selected item, unless Refuse refuses (its
// command is returned), nothing is selected or the list deletes nothing.
func (m Model[T]) AskDelete() (Model[T], tea.Cmd) {
	it, ok := m.Selected()
	if !ok {
		return m, nil
	}
	if m.o.Refuse != nil {
		if cmd := m.o.Refuse(it); cmd != nil {
			return m, cmd
		}
	}
	if m.o.Delete != nil {
		m.pending = m.o.ID(it)
		m.ask.KeyMap = confirm.KeyMap{Yes: m.KeyMap.Yes, No: m.KeyMap.No}
		m.ask = m.ask.Ask("delete “" + m.o.Name(it) + "”" + m.o.Also + "?")
	}
	return m, nil
}

// answer takes y (the deletion is done: Delete's command is returned) or
// n (or esc); any other key leaves the question open, and says so.
func (m Model[T]) answer(msg tea.KeyPressMsg) (Model[T], tea.Cmd) {
	m.handled = true
	var a confirm.Answer
	var cmd tea.Cmd
	m.ask, a, cmd = m.ask.Update(msg)
	if a == confirm.None {
		return m, cmd
	}
	it, ok := m.pendingItem()
	m.pending = ""
	if a == confirm.Yes && ok {
		return m, m.o.Delete(it)
	}
	return m, nil
}

// pendingItem is the item a deletion waits on.
func (m Model[T]) pendingItem() (T, bool) {
	for _, it := range m.items {
		if m.o.ID(it) == m.pending {
			return it, true
		}
	}
	var zero T
	return zero, false
}

// Asking reports whether a deletion waits for y or n.
func (m Model[T]) Asking() bool { return m.ask.Asking() }

// AskingFor reports whether the deletion waits on item.
func (m Model[T]) AskingFor(item T) bool { return m.ask.Asking() && m.o.ID(item) == m.pending }

// Filtering reports whether the filter's input has the keyboard.
func (m Model[T]) Filtering() bool { return m.filtering }

// Question is the deletion's question, naming the item, with its keys:
// "delete “task 1a2b3c4d”, its history and its video file? y delete · n
// keep"; "" when none waits.
func (m Model[T]) Question() string {
	if _, ok := m.pendingItem(); !ok {
		return ""
	}
	return m.ask.Prompt()
}
