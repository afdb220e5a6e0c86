package history

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"atelier/ui/tab"
)

// key routes a key press by mode.
func (m Model) key(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	switch m.mode() {
	case confirming:
		var cmd tea.Cmd
		m.del, cmd = m.del.key(m.env(), msg)
		return m, cmd
	case costing:
		var cmd tea.Cmd
		m.costs, cmd = m.costs.key(m.env(), m.filters, msg)
		return m, cmd
	case reading:
		if m, cmd, ok := m.act(msg, m.reader.row, m.reader.title()); ok {
			return m, cmd
		}
		var cmd tea.Cmd
		m.reader, cmd = m.reader.key(m.env(), msg)
		return m, cmd
	case searching:
		return m.searchKey(msg)
	case filtering:
		return m.filterKey(msg)
	}
	return m.listKey(msg)
}

func (m Model) listKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	k := m.km
	switch {
	case key.Matches(msg, k.Top) && m.list.above:
		return m.reload() // the first rows were dropped: read them again
	case key.Matches(msg, k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom):
		return m.moveBy(m.km.step(msg, max(m.listHeight()-1, 1), len(m.list.rows())))
	case key.Matches(msg, k.Search):
		m.focus = searching
		return m, m.input.Focus()
	case key.Matches(msg, k.Filters):
		m.focus = filtering
		return m, nil
	case key.Matches(msg, k.Clear):
		return m.clearSearch()
	case key.Matches(msg, k.Costs):
		m.costs.open, m.costs.offset = true, 0
		var cmd tea.Cmd
		m.costs, cmd = m.costs.count(m.env(), m.filters)
		return m, cmd
	}
	r, ok := m.list.selected()
	if !ok {
		return m, nil
	}
	switch {
	case key.Matches(msg, k.Open):
		return m.open(r, false)
	case key.Matches(msg, k.JSON):
		return m.open(r, true)
	}
	m, cmd, _ := m.act(msg, r, plainTitle(r))
	return m, cmd
}

// act does to an item, listed or open, what may be done to it: export it,
// delete it (asked first), send it back to its tab, or to its tab as its
// file's recipe says; ok is false for any other key.
func (m Model) act(msg tea.KeyPressMsg, r row, title string) (_ Model, _ tea.Cmd, ok bool) {
	k := m.km
	switch {
	case key.Matches(msg, k.Export):
		return m, exportCmd(m.db, m.output, r), true
	case key.Matches(msg, k.Delete):
		var cmd tea.Cmd
		m.del, cmd = m.del.ask(m.env(), r, title)
		return m, cmd, true
	case key.Matches(msg, k.Rerun):
		return m, rerunCmd(m.db, r), true
	case key.Matches(msg, k.Recipe):
		return m, recipeRerunCmd(m.db, r), true
	}
	return m, nil, false
}

// moveBy moves the cursor, and asks for the next page when it nears the end.
func (m Model) moveBy(n int) (Model, tea.Cmd) {
	m.list = m.list.move(n, m.listHeight())
	return m.nextPage()
}

func (m Model) wheel(msg tea.MouseWheelMsg) Model {
	n := 0
	switch msg.Button {
	case tea.MouseWheelUp:
		n = -3
	case tea.MouseWheelDown:
		n = 3
	default:
		return m
	}
	if m.reader.open {
		m.reader = m.reader.scroll(m.env(), n)
		return m
	}
	m, _ = m.moveBy(n)
	return m
}

// searchKey handles the keyboard while the search field has it: the text
// goes to the field, and each change starts a search.
func (m Model) searchKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	k := m.km
	switch {
	case key.Matches(msg, k.Prev):
		return m.moveBy(-1)
	case key.Matches(msg, k.Next):
		return m.moveBy(1)
	case key.Matches(msg, k.Done):
		m.focus = listing
		m.input.Blur()
		return m, nil
	case key.Matches(msg, k.Cancel):
		return m.clearSearch()
	}
	return m.updateInput(msg)
}

// updateInput gives the search field what it handles (keys, paste) and
// searches again when its text changed.
func (m Model) updateInput(msg tea.Msg) (Model, tea.Cmd) {
	if m.mode() != searching {
		return m, nil
	}
	var cmd tea.Cmd
	m.input, cmd = m.input.Update(msg)
	if m.input.Value() == m.query {
		return m, cmd
	}
	m.query = m.input.Value()
	m, search := m.reload()
	return m, tea.Batch(cmd, search)
}

// clearSearch empties the search and leaves the field.
func (m Model) clearSearch() (Model, tea.Cmd) {
	m.focus = listing
	m.input.Blur()
	m.input.SetValue("")
	if m.query == "" {
		return m, nil
	}
	m.query = ""
	return m.reload()
}

// filterKey changes the filters, and lists again when they changed.
func (m Model) filterKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	k := m.km
	before := m.filters
	switch {
	case key.Matches(msg, k.Close):
		m.focus = listing
	case key.Matches(msg, k.Left):
		m.filters.at = wrap(m.filters.at-1, filterCount)
	case key.Matches(msg, k.Right):
		m.filters.at = wrap(m.filters.at+1, filterCount)
	case key.Matches(msg, k.Change):
		step := 1
		if s := msg.String(); s == "up" || s == "k" {
			step = -1
		}
		m.filters = m.filters.step(step)
	case key.Matches(msg, k.Reset):
		m.filters = m.filters.reset()
	}
	if m.filters.values == before.values && m.filters.since == before.since {
		return m, nil
	}
	return m.reload()
}

// paged takes a page of the list, if it answers the latest request.
func (m Model) paged(msg pageMsg) (Model, tea.Cmd) {
	if msg.seq != m.seq {
		return m, nil
	}
	if msg.err != nil {
		m.list.loading, m.list.loaded, m.list.err = false, true, msg.err.Error()
		return m, tab.Error(msg.err)
	}
	m.filters = m.filters.seen(msg.rows)
	switch {
	case msg.append:
		m.list = m.list.appended(msg.rows, msg.more)
		return m.nextPage()
	case msg.prepend:
		m.list = m.list.prepended(msg.rows, msg.more)
		return m.nextPage()
	}
	m.list = m.list.replace(msg.rows, msg.more, m.listHeight())
	return m, nil
}

// searched takes a search's matches (the latest search's: the caller
// checks) into a list of height rows.
func (l listState) searched(msg searchedMsg, height int) listState {
	if msg.err != nil {
		l.loading, l.err = false, msg.err.Error()
		return l
	}
	l = l.replace(msg.rows, false, height)
	l.capped = msg.capped
	return l
}

// deleted takes the item out of the list, and closes it if it was open.
func (m Model) deleted(msg deletedMsg) (Model, tea.Cmd) {
	if msg.err != nil {
		return m, tab.Error(msg.err)
	}
	m.list = m.list.remove(msg.row.ref, m.listHeight())
	if m.reader.open && sameItem(m.reader.row.ref, msg.row.ref) {
		m.reader = m.reader.closed(m.preview)
	}
	gone := tab.DeletedMsg{Ref: msg.row.ref, RequestID: msg.row.requestID}
	return m, tea.Batch(tab.Notice("deleted "+string(msg.row.ref.Kind)+" “"+oneLine(msg.title, 40)+"”"),
		func() tea.Msg { return gone })
}
