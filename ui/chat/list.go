package chat

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"

	"atelier/store"
	"atelier/ui/termtext"
)

// pageSize is how many conversations a listing page holds: the first page
// is all startup waits for, the rest come as the cursor nears the end, or
// all at once when a filter needs them.
const pageSize = 200

// list is the conversation list: stored chats, newest first, narrowed by a
// filter on titles.
type list struct {
	items   []store.Conversation
	shown   []int // indexes of items matching the filter
	cursor  int   // index into shown
	offset  int   // first row drawn
	query   string
	more    bool // older pages remain in the store
	loading bool // a page is on its way
	loaded  bool // the first page has arrived
	open    int64
}

// setPage adopts a page of the listing: the first replaces the items.
func (l list) setPage(page []store.Conversation, first, more bool) list {
	at := l.selectedID()
	if first {
		l.items = nil
	}
	l.items = append(l.items, page...)
	l.more, l.loading, l.loaded = more, false, true
	return l.refilterAt(at)
}

// selectedID is the id of the conversation under the cursor, or 0.
func (l list) selectedID() int64 {
	c, _ := l.selected()
	return c.ID
}

// refilter recomputes which items show, keeping the cursor on the same
// conversation when it still shows.
func (l list) refilter() list { return l.refilterAt(l.selectedID()) }

// refilterAt recomputes which items show, the cursor on conversation at
// if it shows. The items may have changed since shown was computed.
func (l list) refilterAt(at int64) list {
	q := strings.ToLower(strings.TrimSpace(l.query))
	l.shown = nil
	for i, c := range l.items {
		if q == "" || strings.Contains(strings.ToLower(c.Title), q) {
			l.shown = append(l.shown, i)
		}
	}
	l.cursor = 0
	for i, idx := range l.shown {
		if l.items[idx].ID == at {
			l.cursor = i
		}
	}
	return l
}

// selected is the conversation under the cursor.
func (l list) selected() (store.Conversation, bool) {
	if l.cursor < 0 || l.cursor >= len(l.shown) {
		return store.Conversation{}, false
	}
	return l.items[l.shown[l.cursor]], true
}

func (l list) move(n int) list {
	l.cursor = min(max(l.cursor+n, 0), max(len(l.shown)-1, 0))
	return l
}

// nearEnd reports whether the cursor is close enough to the end of what is
// loaded that the next page should come.
func (l list) nearEnd(rows int) bool {
	return l.more && !l.loading && l.cursor >= len(l.shown)-rows
}

// upsert puts c at the top, as the most recently active conversation.
func (l list) upsert(c store.Conversation) list {
	at := l.selectedID()
	items := make([]store.Conversation, 0, len(l.items)+1)
	items = append(items, c)
	for _, have := range l.items {
		if have.ID != c.ID {
			items = append(items, have)
		}
	}
	l.items = items
	return l.refilterAt(at)
}

// without drops conversation id.
func (l list) without(id int64) list {
	at := l.selectedID()
	items := make([]store.Conversation, 0, len(l.items))
	for _, c := range l.items {
		if c.ID != id {
			items = append(items, c)
		}
	}
	l.items = items
	if at != id {
		return l.refilterAt(at)
	}
	cursor := l.cursor // the next conversation takes the deleted one's row
	l = l.refilterAt(0)
	l.cursor = min(cursor, max(len(l.shown)-1, 0))
	return l
}

// retitle sets a conversation's title.
func (l list) retitle(id int64, title string) list {
	items := slices.Clone(l.items)
	for i := range items {
		if items[i].ID == id {
			items[i].Title = title
		}
	}
	l.items = items
	return l.refilter()
}

// find returns conversation id, if listed.
func (l list) find(id int64) (store.Conversation, bool) {
	for _, c := range l.items {
		if c.ID == id {
			return c, true
		}
	}
	return store.Conversation{}, false
}

// follow keeps the cursor within the h rows shown.
func (l list) follow(h int) list {
	l.offset = max(min(max(l.offset, l.cursor-h+1), l.cursor), 0)
	return l
}

// view draws the list in w×h; cursor marks the row under the cursor.
func (l list) view(st *styles, w, h int, cursor bool, now time.Time) []string {
	if h <= 0 || w <= 0 {
		return nil
	}
	l = l.follow(h)
	var out []string
	switch {
	case !l.loaded:
		out = append(out, st.List.Empty.Render(ansi.Truncate("loading…", w, "")))
	case len(l.shown) == 0 && l.query != "":
		out = append(out, st.List.Empty.Render(ansi.Truncate("no title matches", w, "…")))
	case len(l.shown) == 0:
		out = append(out, st.List.Empty.Render(ansi.Truncate("no conversations yet", w, "…")))
	}
	for i := l.offset; i < len(l.shown) && len(out) < h; i++ {
		out = append(out, l.row(st, l.items[l.shown[i]], w, cursor && i == l.cursor, now))
	}
	return out
}

// row is one conversation: the title, cut to fit, and its age.
func (l list) row(st *styles, c store.Conversation, w int, atCursor bool, now time.Time) string {
	age := ageOf(now, c.UpdatedAt)
	title := titleOf(c)
	mark := "  " // the glyphs tell the cursor and the open one apart without colour
	switch {
	case c.ID == l.open:
		mark = "▸ "
	case atCursor:
		mark = "› "
	}
	room := w - 2 - len(age) - 1
	title = ansi.Truncate(title, max(room, 0), "…")
	gap := max(w-2-ansi.StringWidth(title)-len(age), 1)
	text := mark + title + strings.Repeat(" ", gap)
	switch {
	case atCursor:
		return st.List.Cursor.Render(text + age)
	case c.ID == l.open:
		return st.List.Open.Render(text) + st.List.Age.Render(age)
	}
	return st.List.Item.Render(text) + st.List.Age.Render(age)
}

// titleOf is a conversation's title, flat and safe to draw.
func titleOf(c store.Conversation) string {
	t := strings.Join(strings.Fields(termtext.String(c.Title)), " ")
	if t == "" {
		return "untitled"
	}
	return t
}

// ageOf says how long ago t was, in a few characters.
func ageOf(now, t time.Time) string {
	d := now.Sub(t)
	switch {
	case t.IsZero():
		return ""
	case d < time.Minute:
		return "now"
	case d < time.Hour:
		return fmt.Sprintf("%dm", int(d.Minutes()))
	case d < 24*time.Hour:
		return fmt.Sprintf("%dh", int(d.Hours()))
	case d < 7*24*time.Hour:
		return fmt.Sprintf("%dd", int(d.Hours()/24))
	case d < 365*24*time.Hour:
		return fmt.Sprintf("%dw", int(d.Hours()/24/7))
	}
	return fmt.Sprintf("%dy", int(d.Hours()/24/365))
}
