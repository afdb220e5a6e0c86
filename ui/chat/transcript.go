package chat

import (
	"strings"

	"atelier/store"
	"atelier/ui/markdown"
)

// transcript is the reply pane: the open conversation's entries drawn one
// under the other, and a window on those lines. The window follows new
// text while it shows the end; once the reader scrolls up it stays where it
// is, and moreBelow says that more has arrived.
//
// A finished reply's markdown is rendered once per width and styles and
// kept; the reply arriving is drawn by a markdown.Renderer that renders
// again only its open block, at most once a frame.
type transcript struct {
	width, height int
	styled        int // the styles' generation: bodies of another are stale
	mdStyles      markdown.Styles

	bodies []body             // by entry: a finished reply's markdown
	drawn  []drawing          // by entry: its lines, but the live reply's
	live   *markdown.Renderer // the reply arriving, the last entry
	lines  []string
	starts []int // each entry's first line
	offset int
}

// drawing is an entry's lines as last drawn, and what they were drawn for.
type drawing struct {
	key   int // the entry's version
	width int
	style int
	shown bool // thinking shown
	lines []string
}

// reset forgets the drawings of another conversation.
func (t transcript) reset() transcript {
	t.bodies, t.drawn, t.live, t.lines, t.starts, t.offset = nil, nil, nil, nil, nil, 0
	return t
}

// restyle takes new styles: everything is drawn again.
func (t transcript) restyle(st markdown.Styles) transcript {
	t.styled++
	t.mdStyles = st
	if t.live != nil {
		t.live.SetStyles(st)
	}
	return t
}

// startLive begins drawing a reply that is arriving.
func (t transcript) startLive() transcript {
	t.live = markdown.NewRenderer(t.width, t.mdStyles)
	return t
}

// endLive keeps what the live renderer drew as the body of reply i, whose
// version is now key.
func (t transcript) endLive(i, key int) transcript {
	if t.live == nil {
		return t
	}
	t = t.grow(i + 1)
	t.bodies[i] = body{key: key, width: t.live.Width(), styled: t.styled,
		lines: append([]string(nil), t.live.Lines()...), codes: t.live.CodeBlocks()}
	t.live = nil
	return t
}

func (t transcript) grow(n int) transcript {
	for len(t.bodies) < n {
		t.bodies = append(t.bodies, body{})
	}
	for len(t.drawn) < n {
		t.drawn = append(t.drawn, drawing{})
	}
	return t
}

// layout draws entries again, from the cache where it can, keeping the
// window on the end if it was there.
func (t transcript) layout(entries []entry, lk look) transcript {
	bottom := t.atBottom()
	lk.width = t.width
	t = t.grow(len(entries))
	t.bodies, t.drawn = t.bodies[:len(entries)], t.drawn[:len(entries)]
	t.lines, t.starts = t.lines[:0], t.starts[:0]
	for i := range entries {
		if i > 0 {
			t.lines = append(t.lines, "")
		}
		t.starts = append(t.starts, len(t.lines))
		t.lines = t.entryLines(entries, i, lk)
	}
	if bottom {
		t.offset = t.maxOffset()
	}
	t.offset = min(max(t.offset, 0), t.maxOffset())
	return t
}

// entryLines appends entry i's lines to t.lines, drawn again only when
// the entry or the look changed, or it is the reply arriving.
func (t *transcript) entryLines(entries []entry, i int, lk look) []string {
	e := &entries[i]
	if t.live != nil && i == len(entries)-1 {
		return append(t.lines, t.draw(entries, i, lk)...)
	}
	d := t.drawn[i]
	if d.lines == nil || d.key != e.version || d.width != t.width || d.style != t.styled || d.shown != lk.thinking {
		d = drawing{key: e.version, width: t.width, style: t.styled, shown: lk.thinking, lines: t.draw(entries, i, lk)}
		t.drawn[i] = d
	}
	return append(t.lines, d.lines...)
}

// draw draws entry i.
func (t *transcript) draw(entries []entry, i int, lk look) []string {
	e := &entries[i]
	if e.role == store.RoleUser {
		return promptLines(e, lk)
	}
	out := []string{replyHeader(e, lk)}
	out = append(out, thinkingLines(e, lk)...)
	out = append(out, toolLines(e, lk)...)
	if t.live != nil && i == len(entries)-1 {
		out = append(out, t.live.Lines()...)
	} else {
		out = append(out, t.bodyOf(e, i).lines...)
	}
	if src := sourceLines(e, lk); len(src) > 0 {
		out = append(out, "")
		out = append(out, src...)
	}
	return append(out, endLines(e, lk)...)
}

// bodyOf is reply i's rendered markdown, rendered now if the cache has it
// at another width or in other styles.
func (t *transcript) bodyOf(e *entry, i int) body {
	b := t.bodies[i]
	if b.key != e.version || b.width != t.width || b.styled != t.styled {
		b = renderBody(e.text, t.width, t.mdStyles)
		b.key, b.styled = e.version, t.styled
		t.bodies[i] = b
	}
	return b
}

// codes are reply i's code blocks.
func (t transcript) codes(i int) []markdown.CodeBlock {
	if t.live != nil && i == len(t.bodies)-1 {
		return t.live.CodeBlocks()
	}
	if i < 0 || i >= len(t.bodies) {
		return nil
	}
	return t.bodies[i].codes
}

// current is the reply the reader is looking at: the last one that begins
// above the window's bottom; -1 if none.
func (t transcript) current(entries []entry) int {
	for i := min(len(entries), len(t.starts)) - 1; i >= 0; i-- {
		if entries[i].role == store.RoleAssistant && t.starts[i] < t.offset+t.height {
			return i
		}
	}
	return -1
}

func (t transcript) maxOffset() int { return max(len(t.lines)-t.height, 0) }

func (t transcript) atBottom() bool { return t.offset >= t.maxOffset() }

// moreBelow reports whether the conversation goes on below the window.
func (t transcript) moreBelow() bool { return t.offset < t.maxOffset() }

// showFrom puts entry i at the top of the window, or the window at the
// end if the rest is shorter.
func (t transcript) showFrom(i int) transcript {
	if i >= 0 && i < len(t.starts) {
		t.offset = min(t.starts[i], t.maxOffset())
	}
	return t
}

// scroll moves the window by n lines.
func (t transcript) scroll(n int) transcript {
	t.offset = min(max(t.offset+n, 0), t.maxOffset())
	return t
}

// resize changes the window; a new width draws everything again on the
// next layout.
func (t transcript) resize(w, h int) transcript {
	bottom := t.atBottom()
	t.width, t.height = max(w, 1), max(h, 0)
	if t.live != nil {
		t.live.SetWidth(t.width)
	}
	if bottom {
		t.offset = t.maxOffset()
	}
	return t
}

// view is the window: exactly height lines of exactly width columns.
func (t transcript) view() []string {
	out := make([]string, t.height)
	for i := range out {
		line := ""
		if t.offset+i < len(t.lines) {
			line = t.lines[t.offset+i]
		}
		out[i] = pad(line, t.width)
	}
	return out
}

// joinLines joins lines for a View.
func joinLines(lines []string) string { return strings.Join(lines, "\n") }
