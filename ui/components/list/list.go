// Package list is a list of items with a cursor, a window of rows that
// follows it, a filter narrowing what shows, and a deletion that waits
// for a confirmation naming the item. It keeps the items and the state;
// the caller draws each row (Window gives which, and which is selected),
// so a list of tasks and one of conversations look like themselves.
package list

import (
	"strings"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"atelier/ui/components/confirm"
)

// Options say how a list reads its items.
type Options[T any] struct {
	// ID tells items apart, so the cursor stays on the same item when the
	// items change. Required.
	ID func(T) string
	// Name is how a deletion's question names an item, between quotes:
	// its title; also what else goes, as Also says: ", its history and
	// its video file".
	Name func(T) string
	Also string
	// Match reports whether an item shows under a filter (lower case,
	// trimmed, not empty); nil: the filter matches Name.
	Match func(item T, query string) bool
	// Delete is what a confirmed deletion does; nil: the list deletes
	// nothing.
	Delete func(T) tea.Cmd
	// Refuse, when not nil, may refuse to ask: its command (a warning)
	// is returned instead.
	Refuse func(T) tea.Cmd
	// KeepRow makes SetItems keep the selected item on the row of the
	// window it was on, the window scrolling with it: for a windowed
	// source, which adds and drops items at either end as the cursor
	// nears them, so that what is in sight does not jump. False: the
	// window stays where it was, as far as the cursor allows.
	KeepRow bool
}

// Model is a list.
type Model[T any] struct {
	KeyMap KeyMap
	Styles Styles

	o      Options[T]
	items  []T
	shown  []int // indexes of the items the filter lets through
	cursor int   // index into shown
	offset int   // first row of the window
	height int

	query     string
	filtering bool             // the filter's input has the keyboard
	input     *textinput.Model // copied before a change (ownInput): the list is copied with its tab at every message

	ask     confirm.Model // a deletion's question (ui/components/confirm)
	pending string        // the ID of the item it waits on
	handled bool          // the last Update used its key
}

// New is an empty list.
func New[T any](o Options[T]) Model[T] {
	if o.Name == nil {
		o.Name = o.ID
	}
	if o.Match == nil {
		o.Match = func(it T, q string) bool { return strings.Contains(strings.ToLower(o.Name(it)), q) }
	}
	in := textinput.New()
	in.Prompt = "/ "
	in.Placeholder = "filter"
	in.CharLimit = 200
	m := Model[T]{KeyMap: DefaultKeyMap(), o: o, input: &in}
	m.SetStyles(DefaultStyles(true))
	return m
}

// SetItems replaces the items, the cursor staying on the same item while
// it still shows (else at the same row).
func (m *Model[T]) SetItems(items []T) {
	at, ok := m.Selected()
	id := ""
	if ok {
		id = m.o.ID(at)
	}
	row := m.cursor - m.offset
	m.items = items
	m.refilter(id, m.cursor)
	if m.o.KeepRow {
		m.offset = m.cursor - row
		m.follow()
	}
}

// Refresh replaces the items with a fresh reading of the same source (the
// store changed under the list): the cursor stays on its item, by ID,
// while it shows (else at the same row). Items that arrive at the top come
// into sight when the window is at the top; elsewhere the window stays
// where it was or, with KeepRow, keeps the selected item on its row.
func (m *Model[T]) Refresh(items []T) {
	if m.o.KeepRow && m.offset == 0 {
		m.o.KeepRow = false
		defer func() { m.o.KeepRow = true }()
	}
	m.SetItems(items)
}

// Items are all the items, filtered or not.
func (m Model[T]) Items() []T { return m.items }

// Len is how many items show.
func (m Model[T]) Len() int { return len(m.shown) }

// Selected is the item under the cursor, false when none shows.
func (m Model[T]) Selected() (T, bool) {
	if m.cursor < 0 || m.cursor >= len(m.shown) {
		var zero T
		return zero, false
	}
	return m.items[m.shown[m.cursor]], true
}

// Cursor is the cursor's row among those that show.
func (m Model[T]) Cursor() int { return m.cursor }

// Select puts the cursor on the item with id, if it shows.
func (m *Model[T]) Select(id string) bool {
	for i, idx := range m.shown {
		if m.o.ID(m.items[idx]) == id {
			m.cursor = i
			m.follow()
			return true
		}
	}
	return false
}

// Move moves the cursor n rows, stopping at either end.
func (m *Model[T]) Move(n int) {
	m.cursor = min(max(m.cursor+n, 0), max(len(m.shown)-1, 0))
	m.follow()
}

// SetHeight sets how many rows the window holds.
func (m *Model[T]) SetHeight(h int) {
	m.height = h
	m.follow()
}

// Window is the items of the rows that show, from the first, and the
// cursor's place among them (-1 when it is not in the window). The window
// keeps the cursor in sight and moves only as far as it must.
func (m Model[T]) Window() (rows []T, cursor int) {
	m.follow()
	cursor = -1
	for i := m.offset; i < len(m.shown) && len(rows) < max(m.height, 0); i++ {
		if i == m.cursor {
			cursor = len(rows)
		}
		rows = append(rows, m.items[m.shown[i]])
	}
	return rows, cursor
}

// follow keeps the cursor within the window's rows.
func (m *Model[T]) follow() {
	h := max(m.height, 1)
	m.offset = max(min(max(m.offset, m.cursor-h+1), m.cursor, max(len(m.shown)-h, 0)), 0)
}

// Query is the filter as typed.
func (m Model[T]) Query() string { return m.query }

// SetQuery narrows the items that show to those matching q; the cursor
// stays on its item if it still shows, else goes to the first.
func (m *Model[T]) SetQuery(q string) {
	at, ok := m.Selected()
	id := ""
	if ok {
		id = m.o.ID(at)
	}
	m.query = q
	m.ownInput().SetValue(q)
	m.refilter(id, 0)
}

// refilter recomputes which items show, the cursor on the item id if it
// shows, else on row (clamped): the same row when items change (the next
// takes a deleted one's place), the first when the filter does.
func (m *Model[T]) refilter(id string, row int) {
	q := strings.ToLower(strings.TrimSpace(m.query))
	m.shown = m.shown[:0:0]
	cursor := -1
	for i, it := range m.items {
		if q == "" || m.o.Match(it, q) {
			if id != "" && m.o.ID(it) == id {
				cursor = len(m.shown)
			}
			m.shown = append(m.shown, i)
		}
	}
	if cursor < 0 {
		cursor = min(row, max(len(m.shown)-1, 0))
	}
	m.cursor = cursor
	if m.ask.Asking() && !m.shows(m.pending) {
		m.ask, m.pending = m.ask.Close(), ""
	}
	m.follow()
}

// shows reports whether the item with id shows.
func (m Model[T]) shows(id string) bool {
	for _, idx := range m.shown {
		if m.o.ID(m.items[idx]) == id {
			return true
		}
	}
	return false
}

// ownInput gives the list a filter input of its own to change: copies of
// the list share the one they were made with.
func (m *Model[T]) ownInput() *textinput.Model {
	in := *m.input
	m.input = &in
	return m.input
}
