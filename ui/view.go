package ui

import (
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"atelier/ui/markdown"
	"atelier/ui/tab"
)

// The shell draws around the active tab at every frame, so it draws as
// little as it can: the tab's lines go into a frame made once per size and
// style, each line measured only when it differs from the line drawn in its
// row before, and the tab bar and the status line are drawn again only when
// what they show changed. Lipgloss would measure every line of the screen
// twice per frame (to pad the body, then to frame it).

// render lays out the whole screen: tab bar, framed tab, status line.
func (m Model) render() string {
	if m.width <= 0 || m.height <= 0 {
		return ""
	}
	c := m.drawn
	if c == nil {
		c = &drawCache{}
	}
	cw, ch := m.inner()
	body := m.tabs[m.active].View()
	if m.cover != noCover {
		body = m.coverView()
	}
	f := c.frameFor(m.styles.Frame, cw, ch, m.dark())
	top, bottom := m.cachedTabBar(c), m.cachedBottomLine(c)
	if c.screen != "" && body == c.body && top == c.top && bottom == c.bottomOut {
		return c.screen // Bubble Tea asks after every message; most change nothing
	}
	c.body, c.top, c.bottomOut = body, top, bottom
	var b strings.Builder
	b.Grow(c.size)
	b.WriteString(top)
	b.WriteByte('\n')
	b.WriteString(f.top)
	row := 0
	for line := range strings.SplitSeq(body, "\n") {
		if row == ch {
			break
		}
		b.WriteByte('\n')
		b.WriteString(c.row(f, row, line))
		row++
	}
	for ; row < ch; row++ {
		b.WriteByte('\n')
		b.WriteString(c.row(f, row, ""))
	}
	b.WriteByte('\n')
	b.WriteString(f.bottom)
	b.WriteByte('\n')
	b.WriteString(bottom)
	c.size = b.Len()
	c.screen = b.String()
	return c.screen
}

// drawCache holds the parts of the screen as last drawn.
type drawCache struct {
	frame frame
	rows  []drawnRow // by row of the body
	size  int        // the last screen's length in bytes

	tabBarKey, bottomKey string
	tabBar, bottom       string

	// The last screen, and the parts it was made of.
	screen, body, top, bottomOut string
}

// drawnRow is a row of the body: the tab's line, and that line framed.
type drawnRow struct{ in, out string }

// frame is the border around the tab, drawn by lipgloss once per size and
// style and cut into the pieces every row is made of.
type frame struct {
	w, h        int
	dark        bool
	style       lipgloss.Style
	top, bottom string // the border's first and last lines
	left, right string // what goes either side of a row of the body
	ok          bool
}

// frameFor returns the frame for a body of w×h in style st; a new one, and
// no rows drawn, when any of these changed.
func (c *drawCache) frameFor(st lipgloss.Style, w, h int, dark bool) *frame {
	f := &c.frame
	if f.ok && f.w == w && f.h == h && f.dark == dark {
		return f
	}
	*f = frame{w: w, h: h, dark: dark, style: st}
	c.screen = "" // drawn for another frame
	c.rows = make([]drawnRow, h)
	for i := range c.rows {
		c.rows[i].in = "\x00" // no line of a tab: every row is drawn once
	}
	// A probe body of one row of w Xs: the row around the Xs is the left
	// and right of every row.
	probe := strings.Split(st.Render(strings.Repeat("X", w)), "\n")
	if len(probe) != 3 || w == 0 {
		return f // too small to frame by hand: rows go through lipgloss
	}
	mid := probe[1]
	i, j := strings.Index(mid, "X"), strings.LastIndex(mid, "X")
	f.top, f.bottom, f.left, f.right = probe[0], probe[2], mid[:i], mid[j+1:]
	f.ok = true
	return f
}

// row returns line framed as row i of the body: cut or padded to the
// body's width, between the frame's sides.
func (c *drawCache) row(f *frame, i int, line string) string {
	r := &c.rows[i]
	if r.in == line {
		return r.out
	}
	r.in = line
	if !f.ok {
		r.out = f.style.Render(lipgloss.NewStyle().Width(f.w).MaxWidth(f.w).Render(line))
		return r.out
	}
	if strings.Contains(line, "\t") {
		line = strings.ReplaceAll(line, "\t", "    ") // as lipgloss draws a tab
	}
	w := markdown.LineWidth(line)
	if w > f.w {
		line = ansi.Truncate(line, f.w, "")
		w = ansi.StringWidth(line)
	}
	r.out = f.left + line + strings.Repeat(" ", f.w-w) + f.right
	return r.out
}

// cachedTabBar is the tab bar, drawn again when what it shows changed.
func (m Model) cachedTabBar(c *drawCache) string {
	key := m.tabBarKey()
	if key != c.tabBarKey {
		c.tabBarKey, c.tabBar = key, m.tabBar()
	}
	return c.tabBar
}

// tabBarKey is everything the tab bar shows.
func (m Model) tabBarKey() string {
	var b strings.Builder
	b.WriteString(string(rune('0' + m.active)))
	b.WriteString(m.status.service)
	b.WriteByte(0)
	b.WriteString(string(rune(m.status.running)))
	b.WriteString(string(rune(m.width)))
	for id := range tab.Count {
		if m.status.failed(id) {
			b.WriteByte('0' + byte(id))
		}
	}
	if m.dark() {
		b.WriteByte('d')
	}
	return b.String()
}

// cachedBottomLine is the status line, drawn again when what it shows
// changed: the status, the tab's summary, the keys that apply.
func (m Model) cachedBottomLine(c *drawCache) string {
	var b strings.Builder
	if msg := m.status.current(m.active); msg != nil {
		b.WriteString(string(rune('0' + msg.level)))
		b.WriteString(msg.text)
	}
	b.WriteByte(0)
	b.WriteString(m.tabs[m.active].Summary())
	b.WriteByte(0)
	b.WriteString(string(rune(m.width)))
	if m.dark() {
		b.WriteByte('d')
	}
	for _, k := range append(m.shortKeys(), m.helpBinding()) {
		h := k.Help()
		b.WriteString(h.Key)
		b.WriteByte(1)
		b.WriteString(h.Desc)
		if k.Enabled() {
			b.WriteByte(2)
		}
	}
	if key := b.String(); key != c.bottomKey {
		c.bottomKey, c.bottom = key, m.bottomLine()
	}
	return c.bottom
}

// bottomLine is the status on the left and the keys that matter here on
// the right. When both do not fit, the status keeps three fifths of the
// line and the tab's keys go from the last, but the help key stays.
func (m Model) bottomLine() string {
	bindings := append(m.shortKeys(), m.helpBinding())
	keys := m.help.ShortHelpView(bindings)
	room := max(m.width*3/5, m.width-ansi.StringWidth(keys)-3)
	left := m.status.left(m.styles, m.active, m.tabs[m.active].Summary(), room)
	for len(bindings) > 1 && ansi.StringWidth(left)+ansi.StringWidth(keys)+3 > m.width {
		bindings = slices.Delete(bindings, len(bindings)-2, len(bindings)-1)
		keys = m.help.ShortHelpView(bindings)
	}
	gap := m.width - 2 - ansi.StringWidth(left) - ansi.StringWidth(keys)
	return " " + left + strings.Repeat(" ", max(gap, 1)) + keys + " "
}

// shortKeys are the keys the bottom line offers: the cover's while one
// shows (no key of the tab under it acts then), else the active tab's.
func (m Model) shortKeys() []key.Binding {
	switch {
	case m.cover == paletteCover && m.palette != nil:
		return m.palette.KeyMap.Bindings()
	case m.cover == helpCover || m.cover == logCover:
		scroll := m.keys.Up
		scroll.SetHelp("↑/↓", "scroll")
		return []key.Binding{m.keys.Close, scroll}
	}
	return m.tabs[m.active].KeyMap().ShortHelp()
}

// helpBinding is the key the bottom line offers for help: ? where it
// opens help, f1 where ? would be text, ? again to close it.
func (m Model) helpBinding() key.Binding {
	active := m.tabs[m.active]
	b := m.keys.Question
	if m.cover != helpCover && active.Focused() && !fieldEmpty(active) {
		b = m.keys.Help
	}
	desc := "help"
	if m.cover == helpCover {
		desc = "close help"
	}
	b.SetHelp(b.Help().Key, desc)
	return b
}

// tabBar is the top line: the name, the tabs with the active one
// highlighted, and the service and running tasks on the right.
func (m Model) tabBar() string {
	left := strings.Join(m.tabLabels(), "")
	room := m.width - ansi.StringWidth(left) - 2 // a space either side
	if room < 1 {
		return ansi.Truncate(left, m.width, "")
	}
	right := m.status.right(m.styles, room)
	gap := m.width - ansi.StringWidth(left) - ansi.StringWidth(right) - 1
	return left + strings.Repeat(" ", max(gap, 1)) + right + " "
}

// tabLabels are the pieces of the tab bar's left: the name, then one per
// tab; tabAt measures the same pieces.
func (m Model) tabLabels() []string {
	out := m.labels(m.styles.Tabs.Inactive)
	if m.width-ansi.StringWidth(strings.Join(out, ""))-2 < minRight {
		// Eight tabs at 80 columns leave the service no room: the tabs
		// not shown lose their padding, one space apart, so the right
		// side keeps its host and running tasks.
		out = m.labels(m.styles.Tabs.Inactive.Padding(0, 0, 0, 1))
	}
	return out
}

// minRight is the room the tab bar keeps on its right, for the service and
// the running tasks, before it draws the tabs closer together.
const minRight = 16

// labels are the name and one label per tab, the tabs not shown in style
// inactive.
func (m Model) labels(inactive lipgloss.Style) []string {
	out := []string{m.styles.Tabs.Brand.Render("atelier")}
	for id, title := range titles {
		st := inactive
		if tab.ID(id) == m.active {
			st = m.styles.Tabs.Active
		}
		if m.status.failed(tab.ID(id)) {
			title += " ✗" // an error waits there
		}
		out = append(out, st.Render(title))
	}
	return out
}

// tabAt is the tab whose title is at column x of line y.
func (m Model) tabAt(x, y int) (tab.ID, bool) {
	if y != 0 {
		return 0, false
	}
	labels := m.tabLabels()
	at := ansi.StringWidth(labels[0])
	for id, l := range labels[1:] {
		w := ansi.StringWidth(l)
		if x >= at && x < at+w {
			return tab.ID(id), true
		}
		at += w
	}
	return 0, false
}
