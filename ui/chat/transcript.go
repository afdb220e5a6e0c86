package chat

import (
	"math"
	"strings"

	"atelier/store"
	"atelier/store/price"
	"atelier/ui/markdown"
)

// transcript is the reply pane: the open conversation's entries drawn one
// under the other, and a window on those lines. The window follows new
// text while it shows the end; once the reader scrolls up it stays where it
// is, and moreBelow says that more has arrived.
//
// Rendering markdown costs about 150 µs a line, so a long conversation is
// not drawn whole: only its last entries, enough to fill the window twice,
// and earlier ones as the reader scrolls up to them (a command renders them
// beforehand, off the event loop). A finished reply's markdown is rendered
// once per width and styles and kept; the reply arriving is drawn by a
// markdown.Renderer that renders again only its open block, at most once a
// frame.
type transcript struct {
	width, height int
	styled        int              // the styles' generation: bodies of another are stale
	mdStyles      *markdown.Styles // by pointer: the transcript is copied with the Model

	bodies    []body             // by entry: a finished reply's markdown
	drawn     []drawing          // by entry: its lines, but the live reply's
	live      *markdown.Renderer // the reply arriving, the last entry
	from      int                // the first entry laid out; those before are not drawn yet
	lines     []string           // the lines of entries[from:]
	starts    []int              // each entry's first line; -1 before from
	offset    int
	pass      int                      // layouts so far: the reply arriving is drawn once per layout
	liveAt    drawing                  // the reply arriving as drawn at layout pass liveAt.key
	drawnView *memo[viewKey, []string] // the window as last drawn; shared by the copies of the Model
	ahead     ahead                    // the replies above rendered ahead, off the event loop
	prices    price.Table              // the rates the replies' headers are costed at; nil: none
	header    *memo[headerKey, string] // the last reply header drawn; shared by the copies
}

// drawing is an entry's lines as last drawn, and what they were drawn for.
type drawing struct {
	key   int // the entry's version
	width int
	style int
	shown bool // thinking shown
	lines []string
}

// reset forgets the drawings of another conversation; replies of it still
// being rendered ahead are dropped when they come.
func (t transcript) reset() transcript {
	t.ahead = ahead{seq: t.ahead.seq + 1}
	t.drawnView, t.header = &memo[viewKey, []string]{}, &memo[headerKey, string]{}
	t.bodies, t.drawn, t.live, t.lines, t.starts, t.offset = nil, nil, nil, nil, nil, 0
	t.from = math.MaxInt
	return t
}

// restyle takes new styles: everything is drawn again.
func (t transcript) restyle(st markdown.Styles) transcript {
	t.styled++
	t.mdStyles = &st
	if t.live != nil {
		t.live.SetStyles(st)
	}
	return t
}

// startLive begins drawing a reply that is arriving.
func (t transcript) startLive() transcript {
	t.live = markdown.NewRenderer(t.width, *t.mdStyles)
	return t
}

// endLive keeps what the live renderer drew as the body of reply i, whose
// version is now key.
func (t transcript) endLive(i, key int) transcript {
	if t.live == nil {
		return t
	}
	t = t.grow(i + 1)
	t.live.Finish()
	t.bodies[i] = body{key: key, width: t.live.Width(), styled: t.styled,
		lines: append([]string(nil), t.live.Lines()...), codes: t.live.CodeBlocks()}
	t.live = nil
	return t
}

// following is the drawSpec of a conversation read again from the store,
// with the bodies of entries as drawn, to be kept where a reply is read
// back unchanged.
func (t transcript) following(entries []entry) drawSpec {
	sp := t.drawSpec()
	sp.kept = map[int64]keptBody{}
	for i, b := range t.bodies {
		if i < len(entries) && entries[i].role == store.RoleAssistant && b.lines != nil {
			sp.kept[entries[i].id] = keptBody{text: entries[i].text, b: b}
		}
	}
	return sp
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
		if entries[i].role == store.RoleAssistant && t.starts[i] >= 0 && t.starts[i] < t.offset+t.height {
			return i
		}
	}
	return -1
}

func (t transcript) maxOffset() int { return max(len(t.lines)-t.height, 0) }

func (t transcript) atBottom() bool { return t.offset >= t.maxOffset() }

// moreBelow reports whether the conversation goes on below the window.
func (t transcript) moreBelow() bool { return t.offset < t.maxOffset() }

// resize changes the window; a new width draws everything again on the
// next layout.
func (t transcript) resize(w, h int) transcript {
	bottom := t.atBottom()
	if max(w, 1) != t.width && bottom {
		t.from = math.MaxInt // drawn again at the new width: only what fills the window
	}
	t.width, t.height = max(w, 1), max(h, 0)
	if t.live != nil {
		t.live.SetWidth(t.width)
	}
	if bottom {
		t.offset = t.maxOffset()
	}
	return t
}

// view is the window: exactly height lines of exactly width columns. It is
// drawn again only after a layout or a scroll: View runs after every
// message, and most messages (a key in the composer, a clock) move nothing.
func (t transcript) view() []string {
	key := viewKey{pass: t.pass, offset: t.offset, width: t.width, height: t.height, lines: len(t.lines)}
	return t.drawnView.get(key, func() []string {
		out := make([]string, t.height)
		for i := range out {
			line := ""
			if t.offset+i < len(t.lines) {
				line = t.lines[t.offset+i]
			}
			out[i] = pad(line, t.width)
		}
		return out
	})
}

// viewKey is what the window was drawn for.
type viewKey struct{ pass, offset, width, height, lines int }

// joinLines joins lines for a View.
func joinLines(lines []string) string { return strings.Join(lines, "\n") }
