// Package palette is the command palette (ctrl+p): every action that acts
// where the person is, by name, narrowed as they type, each shown with its
// key; enter runs the one under the cursor. It holds the actions and the
// filter; the shell gives it the actions (its registry's live groups) and
// runs the one chosen by pressing its key.
package palette

import (
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"atelier/ui/components/keys"
)

// Item is one action offered.
type Item struct {
	Key   string // as help shows it: "ctrl+r", "g/home"
	Desc  string // what it does: "run"
	Where string // its context: "Runs", "Everywhere"
	Press string // the key that runs it: "ctrl+r"
}

// KeyMap is the palette's keys: letters are the filter's.
type KeyMap struct {
	Up, Down, PageUp, PageDown, Run, Close key.Binding
}

// DefaultKeyMap returns the palette's keys.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Up:       keys.Bind("↑/ctrl+k", "up", "up", "ctrl+k"),
		Down:     keys.Bind("↓/ctrl+j", "down", "down", "ctrl+j"),
		PageUp:   keys.PageUp(),
		PageDown: keys.PageDown(),
		Run:      keys.Bind("enter", "run the action", "enter"),
		Close:    keys.Bind("esc/ctrl+p", "close", "esc", "ctrl+p"),
	}
}

// Bindings are the palette's keys, for help.
func (k KeyMap) Bindings() []key.Binding {
	return []key.Binding{k.Up, k.Down, k.PageUp, k.PageDown, k.Run, k.Close}
}

// Model is an open palette.
type Model struct {
	KeyMap KeyMap
	st     Styles
	items  []Item
	shown  []int // the items the filter lets through
	cursor int   // into shown
	top    int   // the first of shown in sight
	rows   int   // how many rows show: the last View's
	input  textinput.Model
}

// New opens a palette over items, in their order, the filter empty.
func New(items []Item, st Styles) Model {
	in := textinput.New()
	in.Prompt = "> "
	in.Placeholder = "type to narrow the actions"
	in.CharLimit = 100
	in.SetStyles(st.Input)
	in.Focus()
	m := Model{KeyMap: DefaultKeyMap(), st: st, items: items, input: in, rows: 10}
	return m.narrow()
}

// Outcome is what a key did to the palette: nothing to the caller, closed
// it, or chose an action to run (the palette closed).
type Outcome struct {
	Closed bool
	Run    *Item
}

// Update takes a key: a move, enter, esc, or text for the filter.
func (m Model) Update(msg tea.KeyPressMsg) (Model, Outcome, tea.Cmd) {
	k := m.KeyMap
	switch {
	case key.Matches(msg, k.Close):
		return m, Outcome{Closed: true}, nil
	case key.Matches(msg, k.Run):
		if it, ok := m.Selected(); ok {
			return m, Outcome{Closed: true, Run: &it}, nil
		}
		return m, Outcome{}, nil
	case key.Matches(msg, k.Up):
		return m.move(-1), Outcome{}, nil
	case key.Matches(msg, k.Down):
		return m.move(1), Outcome{}, nil
	case key.Matches(msg, k.PageUp):
		return m.move(-max(m.rows-1, 1)), Outcome{}, nil
	case key.Matches(msg, k.PageDown):
		return m.move(max(m.rows-1, 1)), Outcome{}, nil
	}
	before := m.input.Value()
	var cmd tea.Cmd
	m.input, cmd = m.input.Update(msg)
	if m.input.Value() != before {
		m = m.narrow()
	}
	return m, Outcome{}, cmd
}

// Selected is the item under the cursor; false when none matches.
func (m Model) Selected() (Item, bool) {
	if m.cursor < 0 || m.cursor >= len(m.shown) {
		return Item{}, false
	}
	return m.items[m.shown[m.cursor]], true
}

// Shown are the items the filter lets through, in order.
func (m Model) Shown() []Item {
	out := make([]Item, len(m.shown))
	for i, j := range m.shown {
		out[i] = m.items[j]
	}
	return out
}

// narrow keeps the items holding every word of the filter, in any case,
// in what they do, their key or their context; the cursor goes to the
// first.
func (m Model) narrow() Model {
	words := strings.Fields(strings.ToLower(m.input.Value()))
	m.shown = m.shown[:0:0]
	for i, it := range m.items {
		text := strings.ToLower(it.Desc + " " + it.Key + " " + it.Where)
		if every(words, func(w string) bool { return strings.Contains(text, w) }) {
			m.shown = append(m.shown, i)
		}
	}
	m.cursor, m.top = 0, 0
	return m
}

func every(ws []string, f func(string) bool) bool {
	for _, w := range ws {
		if !f(w) {
			return false
		}
	}
	return true
}

// move moves the cursor by d, within the items shown, the window after it.
func (m Model) move(d int) Model {
	m.cursor = max(min(m.cursor+d, len(m.shown)-1), 0)
	return m.follow()
}

func (m Model) follow() Model {
	if m.cursor < m.top {
		m.top = m.cursor
	}
	if m.cursor >= m.top+m.rows {
		m.top = m.cursor - m.rows + 1
	}
	return m
}

// SetRows is how many items show at once: the room under the filter.
func (m *Model) SetRows(n int) {
	m.rows = max(n, 1)
	*m = m.follow()
}
