package chat

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"atelier/internal/termtext"
	"atelier/store"
	"atelier/ui/components/list"
	"atelier/ui/tab"
)

// pageSize is how many conversations a listing page holds: the first page
// is all startup waits for, the rest come as the cursor nears the end, or
// all at once when a filter needs them.
const pageSize = 200

// convList is the conversation list: stored chats, newest first, in the
// list component (cursor, window, filter on titles, a deletion confirmed
// by name), with the paging the store's listing needs.
type convList struct {
	list.Model[store.Conversation]
	more    bool // older pages remain in the store
	loading bool // a page is on its way
	loaded  bool // the first page has arrived
	open    int64
	seq     int // the listing whose answer counts
	db      *store.Store
	stale   tab.Stale // the store changed while another tab showed
}

// newConvList is an empty list whose confirmed deletions go to db.
func newConvList(db *store.Store) convList {
	return convList{db: db, Model: list.New(list.Options[store.Conversation]{
		ID:     func(c store.Conversation) string { return strconv.FormatInt(c.ID, 10) },
		Name:   titleOf,
		Match:  func(c store.Conversation, q string) bool { return strings.Contains(strings.ToLower(c.Title), q) },
		Delete: func(c store.Conversation) tea.Cmd { return remove(db, c.ID) },
	})}
}

// setPage adopts a page of the listing: the first replaces the items.
func (l convList) setPage(page []store.Conversation, first, more bool) convList {
	items := l.Items()
	if first {
		items = nil
	}
	l.SetItems(append(slices.Clip(items), page...))
	l.more, l.loading, l.loaded = more, false, true
	return l
}

// selected is the conversation under the cursor.
func (l convList) selected() (store.Conversation, bool) { return l.Selected() }

// move moves the cursor n rows, the window of h rows following it.
func (l convList) move(n, h int) convList {
	l.SetHeight(h)
	l.Move(n)
	return l
}

// query is the filter on titles.
func (l convList) query() string { return l.Query() }

// filter narrows the list to titles holding q.
func (l convList) filter(q string) convList {
	l.SetQuery(q)
	return l
}

// shown is how many conversations the list shows at once in h lines: the
// heading takes one, and the filter one while f types it or it is set.
func (l convList) shown(h int, f *field) int {
	rows := h - 1 // the heading
	if f.kind == filterField || l.query() != "" {
		rows--
	}
	return max(rows, 1)
}

// needsAll reports whether a filter is typed while titles remain in the
// store: it must see them all.
func (l convList) needsAll() bool { return l.more && l.query() != "" && !l.loading }

// nearEnd reports whether the cursor is close enough to the end of what is
// loaded that the next page should come.
func (l convList) nearEnd(rows int) bool {
	return l.more && !l.loading && l.Cursor() >= l.Len()-rows
}

// upsert puts c at the top, as the most recently active conversation.
func (l convList) upsert(c store.Conversation) convList {
	items := make([]store.Conversation, 0, len(l.Items())+1)
	items = append(items, c)
	for _, have := range l.Items() {
		if have.ID != c.ID {
			items = append(items, have)
		}
	}
	l.SetItems(items)
	return l
}

// without drops conversation id; the next conversation takes its row.
func (l convList) without(id int64) convList {
	l.SetItems(slices.DeleteFunc(slices.Clone(l.Items()), func(c store.Conversation) bool { return c.ID == id }))
	return l
}

// retitle sets a conversation's title.
func (l convList) retitle(id int64, title string) convList {
	items := slices.Clone(l.Items())
	for i := range items {
		if items[i].ID == id {
			items[i].Title = title
		}
	}
	l.SetItems(items)
	return l
}

// find returns conversation id, if listed.
func (l convList) find(id int64) (store.Conversation, bool) {
	for _, c := range l.Items() {
		if c.ID == id {
			return c, true
		}
	}
	return store.Conversation{}, false
}

// view draws the list in w×h, and which of its lines has the cursor (-1
// for none); cursor marks the row under the cursor.
func (l convList) view(st *styles, w, h int, cursor bool, now time.Time) ([]string, int) {
	if h <= 0 || w <= 0 {
		return nil, -1
	}
	var out []string
	switch {
	case !l.loaded:
		out = append(out, st.List.Empty.Render(ansi.Truncate("loading…", w, "")))
	case l.Len() == 0 && l.Query() != "":
		out = append(out, st.List.Empty.Render(ansi.Truncate("no title matches", w, "…")))
	case l.Len() == 0:
		out = append(out, st.List.Empty.Render(ansi.Truncate("no conversations yet", w, "…")))
	}
	l.SetHeight(h - len(out))
	rows, at := l.Window()
	for i, c := range rows {
		out = append(out, l.row(st, c, w, cursor && i == at, now))
	}
	if at >= 0 {
		at += len(out) - len(rows)
	}
	return out, at
}

// row is one conversation: the title, cut to fit, and its age.
func (l convList) row(st *styles, c store.Conversation, w int, atCursor bool, now time.Time) string {
	age := ageOf(now, c.UpdatedAt)
	if c.Forks { // alternatives or branches: the conversation forks
		age = forkGlyph + " " + age
	}
	title := titleOf(c)
	mark := "  " // the glyphs tell the cursor and the open one apart without colour
	switch {
	case c.ID == l.open:
		mark = "▸ "
	case atCursor:
		mark = "› "
	}
	room := w - 2 - ansi.StringWidth(age) - 1
	title = ansi.Truncate(title, max(room, 0), "…")
	gap := max(w-2-ansi.StringWidth(title)-ansi.StringWidth(age), 1)
	text := mark + title + strings.Repeat(" ", gap)
	switch {
	case atCursor:
		return st.List.Cursor.Render(text + age)
	case c.ID == l.open:
		return st.List.Open.Render(text) + st.List.Age.Render(age)
	}
	return st.List.Item.Render(text) + st.List.Age.Render(age)
}

// forkGlyph marks a conversation with alternatives or branches in the
// list.
const forkGlyph = "⑂"

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

// listed puts conversation c at the top of the list, updated at; kept:
// there is a store to list it from. h is the list's height.
func (l convList) listed(c conversation, kept bool, at time.Time, h int) convList {
	if c.id == 0 || !kept {
		return l
	}
	row, ok := l.find(c.id)
	if !ok {
		row = store.Conversation{ID: c.id, Kind: store.KindChat, CreatedAt: at}
		if i := firstUser(c.entries); i >= 0 {
			row.Title = titleFromPrompt(c.entries[i].text)
		}
	}
	row.UpdatedAt = at
	row.Forks = row.Forks || slices.ContainsFunc(c.entries, func(e entry) bool { return e.forks() })
	return l.upsert(row).follow(h)
}

// follow keeps the cursor within a window of h rows.
func (l convList) follow(h int) convList {
	l.SetHeight(h)
	return l
}

// panel is the conversation list in w × h: its heading, the filter,
// the rows, and the delete question. f is the tab's one-line field, drawn
// where it edits the list (the filter, a title).
func (l convList) panel(st *styles, f *field, w, h int, focused bool, now time.Time) []string {
	title := st.List.Title.Render("Conversations")
	out := []string{pad(title, w)}
	switch {
	case f.kind == filterField:
		out = append(out, pad(st.Label.Render("/ ")+f.input.View(), w))
	case l.query() != "":
		out = append(out, pad(st.Label.Render(ansi.Truncate("/ "+oneLine(l.query()), w, "…")), w))
	}
	question := l.QuestionView(w)
	foot := 0 // the question's line
	if question != "" {
		foot = 1
	}
	rows := h - len(out) - foot
	lines, at := l.view(st, w, rows, focused, now)
	for i, line := range lines {
		if f.kind == renameField && i == at {
			line = st.Label.Render("✎ ") + f.input.View()
		}
		out = append(out, pad(line, w))
	}
	for len(out) < h-foot {
		out = append(out, pad("", w))
	}
	if question != "" {
		out = append(out, pad(question, w))
	}
	return out[:h]
}
