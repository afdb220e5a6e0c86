package markdown

import (
	"strings"
	"time"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"atelier/ui/components/scroll"
	"atelier/ui/internal/frameclock"
)

// Model is the live view of one streaming reply: a scrollable window on what
// its Renderer draws. Text comes in through Append; the rendering happens on
// the next frame, at most 20 times a second (frameclock.Interval, on the
// renderer's ticks once the clock is set), however many pieces arrived in
// between; View only returns what the last frame or scroll built.
//
// While the window shows the end of the reply it follows new text; once the
// reader scrolls up it stays where it is, and MoreBelow says that there is
// more to see. Make one with New.
//
// It scrolls its own lines with the scroller every pane has
// (ui/components/scroll) rather than wrapping a bubbles viewport: the
// viewport measures every line of its content whenever the content changes
// (about 12 ms for a 100 KB reply, at each frame) and re-renders the visible
// lines through lipgloss in View (1.5 ms); here a frame costs the rendering
// of the open block plus the visible lines, and View is a field read.
type Model struct {
	r      *Renderer
	width  int
	height int

	lines []string     // the rendered lines at the last frame
	at    scroll.Model // the window on them, and its keys
	view  string       // what View returns

	dirty bool // text, width or styles changed since the last frame
	armed bool // a frameMsg is on its way
	seq   int  // the number of the last frameMsg sent

	pace frameclock.Pace // frames land on the renderer's ticks; tests swap its Tick
}

// frameMsg is the tick of a frame. It names the Model it belongs to (by its
// Renderer) and its number: a tick of another Model, or one overtaken by a
// newer tick, is dropped.
type frameMsg struct {
	id  *Renderer
	seq int
}

// Option configures a Model.
type Option func(*Model)

// WithSize sets the width and height of the view.
func WithSize(w, h int) Option {
	return func(m *Model) { m.width, m.height = max(w, 0), max(h, 0) }
}

// WithStyles sets the styles (the default is DefaultStyles(true)).
func WithStyles(st Styles) Option {
	return func(m *Model) { m.r.SetStyles(st) }
}

// WithKeyMap sets the keys (the default is DefaultKeyMap()).
func WithKeyMap(k KeyMap) Option {
	return func(m *Model) { m.at.KeyMap = k }
}

// SetClock lands the frames on the renderer's ticks that c knows.
func (m *Model) SetClock(c frameclock.Clock) { m.pace.Clock = c }

// Clock is the clock the frames land on.
func (m Model) Clock() frameclock.Clock { return m.pace.Clock }

// New returns an empty view.
func New(opts ...Option) Model {
	m := Model{r: NewRenderer(defaultWidth, DefaultStyles(true)), at: scroll.New(), pace: frameclock.NewPace()}
	for _, o := range opts {
		o(&m)
	}
	m.at.SetHeight(m.height)
	if m.width > 0 {
		m.r.SetWidth(m.width)
	}
	m.build()
	return m
}

// Append adds a piece of the reply. It returns the command for the next
// frame, or nil if one is already on its way.
func (m *Model) Append(s string) tea.Cmd {
	m.r.Append(s)
	m.dirty = true
	return m.arm()
}

// SetSize changes the size of the view. A new width is rendered on the next
// frame (so a terminal being resized costs at most one rendering a frame):
// the command is that frame's. A new height takes effect at once.
func (m *Model) SetSize(w, h int) tea.Cmd {
	w, h = max(w, 0), max(h, 0)
	if h != m.height {
		bottom := m.at.AtBottom()
		m.height = h
		m.at.SetHeight(h)
		m.place(bottom)
		m.build()
	}
	if w == m.width {
		return nil
	}
	m.width = w
	if w > 0 {
		m.r.SetWidth(w)
	}
	m.build() // the old lines, cut to the new width, until the frame
	m.dirty = true
	return m.arm()
}

// Finish says that the reply is complete (see Renderer.Finish); it is drawn
// as such on the next frame, whose command it returns.
func (m *Model) Finish() tea.Cmd {
	m.r.Finish()
	m.dirty = true
	return m.arm()
}

// SetStyles changes the styles; the reply is drawn again on the next frame.
func (m *Model) SetStyles(st Styles) tea.Cmd {
	m.r.SetStyles(st)
	m.dirty = true
	return m.arm()
}

// arm returns a frame tick unless one is on its way.
func (m *Model) arm() tea.Cmd {
	if m.armed {
		return nil
	}
	m.armed = true
	m.seq++
	id, seq := m.r, m.seq
	return m.pace.Next(func(time.Time) tea.Msg { return frameMsg{id: id, seq: seq} })
}

// Update handles the frame ticks and the scrolling keys and mouse wheel.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	switch msg := msg.(type) {
	case frameMsg:
		if msg.id == m.r && msg.seq == m.seq && m.armed {
			m.armed = false
			m.frame()
			if m.r.Pending() {
				// A code block drawn from its pieces is being checked:
				// look again at the next frame.
				m.dirty = true
				return m, m.arm()
			}
		}
	case tea.KeyPressMsg, tea.MouseWheelMsg:
		was := m.at.Offset()
		if m.at, _ = m.at.Update(msg); m.at.Offset() != was {
			m.build()
		}
	}
	return m, nil
}

// frame brings the lines up to date and follows the end if the window was
// there.
func (m *Model) frame() {
	if !m.dirty || m.width == 0 {
		return
	}
	bottom := m.at.AtBottom()
	m.lines = append(m.lines[:0], m.r.Lines()...)
	m.dirty = false
	m.place(bottom)
	m.build()
}

// place keeps the window on the end if it was there, else within the reply.
func (m *Model) place(bottom bool) {
	m.at.SetTotal(len(m.lines))
	if bottom {
		m.at.GotoBottom()
	}
}

// build draws the window: the visible lines, cut and padded to the width,
// and empty lines to the height.
func (m *Model) build() {
	var b strings.Builder
	blank := strings.Repeat(" ", m.width)
	shown := m.at.Window(m.lines)
	for i := range m.height {
		if i > 0 {
			b.WriteByte('\n')
		}
		if i >= len(shown) {
			b.WriteString(blank)
			continue
		}
		line := shown[i]
		w := LineWidth(line)
		if w > m.width {
			line = ansi.Truncate(line, m.width, "")
			w = ansi.StringWidth(line)
		}
		b.WriteString(line)
		b.WriteString(blank[:m.width-w])
	}
	m.view = b.String()
}

// LineWidth returns the columns a line of styled text takes, such as a
// line of the Renderer's. For the usual line, of ASCII and the few other
// characters the renderer itself draws (narrowRune: a code span's no-break
// spaces, bullets, a table's rules), holding no escapes but SGR, it skips
// the escapes and counts characters, ten times faster than the general
// ansi.StringWidth, which it falls back to for anything else. The screens
// measure their lines with it at every frame.
func LineWidth(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= 0x80:
			r, size := utf8.DecodeRuneInString(s[i:])
			if !narrowRune(r) {
				return ansi.StringWidth(s)
			}
			n++
			i += size - 1
		case c == 0x1b && i+1 < len(s) && s[i+1] == '[':
			for i += 2; i < len(s) && (s[i] < 0x40 || s[i] > 0x7e); i++ {
			}
		case c == 0x1b:
			return ansi.StringWidth(s)
		case c >= 0x20 && c != 0x7f:
			n++
		}
	}
	return n
}

// narrowRune reports whether r is one column wide and a grapheme cluster of
// its own whatever stands beside it, among the characters LineWidth counts
// itself: Latin-1's and Latin Extended's letters and signs (not the soft
// hyphen), general punctuation (dashes, quotes, bullets, the ellipsis),
// arrows, and box drawing. None of them joins a neighbour (no combining
// mark, joiner or selector among them), so with ASCII around them each is
// one cluster of one column (TestLineWidthNarrowRunes).
func narrowRune(r rune) bool {
	switch {
	case r >= 0xa0 && r <= 0x2ff:
		return r != 0xad
	case r >= 0x2010 && r <= 0x2027, r >= 0x2030 && r <= 0x205e:
		return true
	case r >= 0x2190 && r <= 0x21ff, r >= 0x2500 && r <= 0x259f:
		return true
	}
	return false
}

// View returns the window as the last frame or scroll drew it.
func (m Model) View() string { return m.view }

// MoreBelow reports whether the reply goes on below the window: the caller
// shows a marker while the reader, scrolled up, lets new text pile up.
func (m Model) MoreBelow() bool { return !m.at.AtBottom() }

// Text returns the markdown received so far, cleaned of control sequences.
func (m Model) Text() string { return m.r.Text() }

// CodeBlocks returns the code blocks of the reply so far; block N, marked
// `[N]` on screen, is at index N-1.
func (m Model) CodeBlocks() []CodeBlock { return m.r.CodeBlocks() }

// KeyMap returns the keys, for the help bar.
func (m Model) KeyMap() KeyMap { return m.at.KeyMap }
