// Package scroll is the one scroller of every scrolled pane:
// the help and messages covers, an open History item and its costs, the
// Arena's board, Compare's word diff, a Batch cell's replies and the live
// markdown view of a reply. It keeps a window of Height lines on Total
// lines, moved by the same keys everywhere (↑/↓ and k/j a line, pgup/pgdn
// a page, home/g and end/G to either end) and by the mouse wheel, and
// never leaves the content.
//
// It holds the window, not the lines: a pane knows its own lines (drawn
// anew, or rendered as a reply streams), tells the scroller how many
// there are, and shows Window(lines). Bubbles' viewport was weighed for
// this and set aside: it owns its content as one string and pads and
// wraps it with Lip Gloss at every View, which costs a render per frame
// and changes what the panes' lines already are (cut and styled to their
// width); it has no keys for the ends either.
//
// It imports Bubble Tea, Bubbles' keys and ui/components/style.
package scroll

import (
	"fmt"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"atelier/ui/components/keys"
	"atelier/ui/components/style"
)

// KeyMap is the scroller's keys; it feeds both Update and help.
type KeyMap struct {
	Up       key.Binding
	Down     key.Binding
	PageUp   key.Binding
	PageDown key.Binding
	Home     key.Binding
	End      key.Binding
}

var _ help.KeyMap = KeyMap{}

// DefaultKeyMap is the keys of every scrolled pane: arrows and k/j by
// line, page keys by a window, home/g and end/G to the ends.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Up:       keys.Up(),
		Down:     keys.Down(),
		PageUp:   keys.PageUp(),
		PageDown: keys.PageDown(),
		Home:     keys.Top(),
		End:      keys.Bottom(),
	}
}

// ShortHelp is the keys for the one-line help.
func (k KeyMap) ShortHelp() []key.Binding { return []key.Binding{k.Up, k.Down, k.PageUp, k.PageDown} }

// FullHelp is the keys for the full help, in columns.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Up, k.Down}, {k.PageUp, k.PageDown}, {k.Home, k.End}}
}

// All is every key, in one column.
func (k KeyMap) All() []key.Binding {
	return []key.Binding{k.Up, k.Down, k.PageUp, k.PageDown, k.Home, k.End}
}

// Model is a window of Height lines at Offset on Total lines. The zero
// Model scrolls with the default keys.
type Model struct {
	KeyMap KeyMap
	offset int
	height int
	total  int
}

// New returns a scroller with the default keys, at the top of nothing.
func New() Model { return Model{KeyMap: DefaultKeyMap()} }

// SetHeight sets how many lines show, keeping the window on the content.
func (m *Model) SetHeight(h int) {
	m.height = max(h, 0)
	m.clamp()
}

// SetTotal sets how many lines there are, keeping the window on them.
func (m *Model) SetTotal(n int) {
	m.total = max(n, 0)
	m.clamp()
}

// Height is how many lines show.
func (m Model) Height() int { return m.height }

// Total is how many lines there are.
func (m Model) Total() int { return m.total }

// Offset is the first line shown.
func (m Model) Offset() int { return m.offset }

// SetOffset puts the window at line n, kept on the content.
func (m *Model) SetOffset(n int) {
	m.offset = n
	m.clamp()
}

// ScrollBy moves the window n lines (up when negative), within the
// content; it reports whether the window moved.
func (m *Model) ScrollBy(n int) bool {
	was := m.offset
	m.SetOffset(m.offset + n)
	return m.offset != was
}

// GotoTop shows the first lines.
func (m *Model) GotoTop() { m.offset = 0 }

// GotoBottom shows the last lines.
func (m *Model) GotoBottom() { m.offset = m.maxOffset() }

// Show moves the window as little as it must to show line i.
func (m *Model) Show(i int) {
	switch {
	case i < m.offset:
		m.offset = i
	case i >= m.offset+m.height:
		m.offset = i - m.height + 1
	}
	m.clamp()
}

// AtTop reports whether the first line shows.
func (m Model) AtTop() bool { return m.offset == 0 }

// AtBottom reports whether the last line shows.
func (m Model) AtBottom() bool { return m.offset >= m.maxOffset() }

// Fits reports whether every line shows at once.
func (m Model) Fits() bool { return m.total <= m.height }

// Page is how far a page key moves: a window's height.
func (m Model) Page() int { return max(m.height, 1) }

// Update moves the window for a scrolling key or a turn of the mouse
// wheel; took reports whether msg was one (at an end, it is taken and
// nothing moves).
func (m Model) Update(msg tea.Msg) (Model, bool) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return m.key(msg)
	case tea.MouseWheelMsg:
		n := style.WheelStep(msg)
		m.ScrollBy(n)
		return m, n != 0
	}
	return m, false
}

// Takes reports whether msg is a scrolling key.
func (m Model) Takes(msg tea.KeyPressMsg) bool {
	k := m.keys()
	return key.Matches(msg, k.Up, k.Down, k.PageUp, k.PageDown, k.Home, k.End)
}

func (m Model) key(msg tea.KeyPressMsg) (Model, bool) {
	k := m.keys()
	switch {
	case key.Matches(msg, k.Up):
		m.ScrollBy(-1)
	case key.Matches(msg, k.Down):
		m.ScrollBy(1)
	case key.Matches(msg, k.PageUp):
		m.ScrollBy(-m.Page())
	case key.Matches(msg, k.PageDown):
		m.ScrollBy(m.Page())
	case key.Matches(msg, k.Home):
		m.GotoTop()
	case key.Matches(msg, k.End):
		m.GotoBottom()
	default:
		return m, false
	}
	return m, true
}

// keys are the scroller's keys: the default ones for a zero Model.
func (m Model) keys() KeyMap {
	if len(m.KeyMap.Up.Keys()) == 0 {
		return DefaultKeyMap()
	}
	return m.KeyMap
}

// Window is the lines that show, of lines (whose number the scroller is
// told by SetTotal; a shorter slice shows what there is).
func (m Model) Window(lines []string) []string {
	from := min(m.offset, len(lines))
	return lines[from:min(from+m.height, len(lines))]
}

// Position says which lines show: "lines 3–20 of 80"; "" when all do.
func (m Model) Position() string {
	if m.Fits() {
		return ""
	}
	return fmt.Sprintf("lines %d–%d of %d", m.offset+1, min(m.offset+m.height, m.total), m.total)
}

func (m Model) maxOffset() int { return max(m.total-m.height, 0) }

func (m *Model) clamp() { m.offset = min(max(m.offset, 0), m.maxOffset()) }
