package history

import (
	"cmp"
	"context"
	"strings"
	"unicode"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"

	"atelier/store"
	"atelier/ui/tab"
)

// How the list is read: a page at a time from the store, around the
// cursor, or a search's matches at once; every request numbered, and an
// answer to any but the latest dropped.

// The answers to the list's commands, delivered even while another tab
// shows; each carries the seq of the request it answers.
type (
	pageMsg struct {
		seq    int
		rows   []row
		more   bool // a full page: another may follow
		append bool // a further page, not the first
		// prepend: the page before the first row
		prepend bool
		live    pageReading // a fresh reading of the rows held, or none
		err     error
	}
	searchedMsg struct {
		seq    int
		rows   []row
		capped bool // as many matches as asked for: older ones are left out
		err    error
	}
)

// update takes the answers to the list's commands: a page, a search's
// matches, the comparisons' lanes, today's spending.
func (b browse) update(e tabEnv, msg tea.Msg) (browse, tea.Cmd) {
	var cmd, lanes tea.Cmd
	switch msg := msg.(type) {
	case pageMsg:
		b, cmd = b.paged(e, msg)
		b, lanes = b.askLanes(e)
		return b, tea.Batch(cmd, lanes)
	case searchedMsg:
		if msg.seq == b.seq {
			b.list = b.list.searched(msg, b.height(e))
			b = b.toTop(e)
		}
		return b.askLanes(e)
	case lanesMsg:
		return b.lanesRead(msg), nil
	case spentMsg:
		b.spent = spentKnown(msg, e.prices)
	}
	return b, nil
}

// paged takes a page of the list, if it answers the latest request.
func (b browse) paged(e tabEnv, msg pageMsg) (browse, tea.Cmd) {
	if msg.seq != b.seq {
		return b, nil
	}
	if msg.err != nil {
		b.list.loading, b.list.loaded, b.list.err = false, true, msg.err.Error()
		return b, tab.Error(msg.err)
	}
	b.filters = b.filters.seen(msg.rows)
	switch {
	case msg.live != notLive:
		b.list = b.list.refreshed(msg.rows, msg.more, msg.live == windowReading, b.height(e))
		return b.nextPage(e)
	case msg.append:
		b.list = b.list.appended(msg.rows, msg.more)
		return b.nextPage(e)
	case msg.prepend:
		b.list = b.list.prepended(msg.rows, msg.more)
		return b.nextPage(e)
	}
	b.list = b.list.replace(msg.rows, msg.more, b.height(e))
	b = b.toTop(e)
	return b, nil
}

// toTop puts the cursor on the first row, once the rows asked for by g
// (the newest, read again) are in.
func (b browse) toTop(e tabEnv) browse {
	if b.top {
		b.top = false
		b.list = b.list.move(-len(b.list.rows()), b.height(e))
	}
	return b
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

// reload starts over: the first page of the list, or the search typed. The
// answers to earlier requests are dropped, and a search under way is
// cancelled, since nobody will read it.
func (b browse) reload(e tabEnv) (browse, tea.Cmd) {
	b, ctx := b.restart()
	if e.db == nil {
		b.list = b.list.replace(nil, false, b.height(e))
		b.list.err = errNoStore.Error()
		return b, nil
	}
	terms := parseSearch(b.query)
	switch {
	case searchable(terms.text) != "":
		return b, b.searchCmd(ctx, e)
	case strings.TrimSpace(terms.text) != "": // one letter
		b.list.loading = false // one letter: the rows stay until the next
		return b, nil
	}
	return b, tea.Batch(b.pageCmd(ctx, e, pageReq{}), spentCmd(e.db, e.prices, e.now))
}

// restart numbers a new request, whose answer is the only one taken from
// now on, and cancels a search under way.
func (b browse) restart() (browse, context.Context) {
	if b.cancel != nil {
		b.cancel()
	}
	var ctx context.Context
	ctx, b.cancel = context.WithCancel(context.Background())
	b.seq++
	b.list.loading = true
	return b, ctx
}

// refresh reads the rows held again, as they now are in the store (it
// changed, or the tab is shown again): a search runs again; a list is read
// from its first row, as many rows as it holds, or, with the first rows
// dropped, the window it holds. The cursor stays on its item, by id, and
// rows that arrive at the top of a list at the top come into sight.
func (b browse) refresh(e tabEnv) (browse, tea.Cmd) {
	rows := b.list.rows()
	if e.db == nil || strings.TrimSpace(parseSearch(b.query).text) != "" || !b.list.loaded {
		return b.reload(e)
	}
	b, ctx := b.restart()
	p := pageReq{limit: min(max(len(rows), pageSize), windowPages*pageSize), live: listReading}
	if b.list.above && len(rows) > 0 {
		from := rowCursor(rows[0])
		from.ID++ // the window from its first row on, that row included
		p = pageReq{before: &from, limit: len(rows), live: windowReading}
	}
	return b, tea.Batch(b.pageCmd(ctx, e, p), spentCmd(e.db, e.prices, e.now))
}

// searchable is the text a search is made of: the text typed, less a last
// word of one letter. The store matches the last word as a prefix, and a
// one-letter prefix is the one it has no index for: SQLite would merge the
// lists of every word with that letter (half a second on 100,000 items)
// for matches nobody reads before the next key.
func searchable(q string) string {
	i := strings.LastIndexFunc(q, unicode.IsSpace)
	last := q[i+1:]
	if r, n := utf8.DecodeRuneInString(last); n == len(last) && n > 0 && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
		q = q[:i+1]
	}
	if strings.TrimSpace(q) == "" {
		return ""
	}
	return q
}

// nextPage asks for the page after the last row when the cursor nears it,
// or for the page before the first when it nears that and rows were
// dropped above.
func (b browse) nextPage(e tabEnv) (browse, tea.Cmd) {
	if strings.TrimSpace(parseSearch(b.query).text) != "" || len(b.list.rows()) == 0 {
		return b, nil // a search's matches come at once; a list of marks pages as the list does
	}
	switch {
	case b.list.wantsMore():
		b.list.loading = true
		rows := b.list.rows()
		c := rowCursor(rows[len(rows)-1])
		return b, b.pageCmd(context.Background(), e, pageReq{before: &c})
	case b.list.wantsLess():
		b.list.loading = true
		c := rowCursor(b.list.rows()[0])
		return b, b.pageCmd(context.Background(), e, pageReq{after: &c})
	}
	return b, nil
}

// rowCursor is the position of a row in the listing.
func rowCursor(r row) store.Cursor { return store.Cursor{At: r.at, Kind: r.ref.Kind, ID: r.ref.ID} }

// pageReq is a page of the list to read: the first, the one after the
// rows (before cursor before), the one before them (after cursor after),
// or the rows held read again (live).
type pageReq struct {
	before, after *store.Cursor
	limit         int // rows at most; 0: pageSize
	live          pageReading
}

// pageReading says whether a page is the rows held read again, and how.
type pageReading int

const (
	notLive       pageReading = iota
	listReading               // the list from its first row, as long as it was
	windowReading             // the window held, its first rows having been dropped
)

// pageCmd reads a page of the history as p says, within the batch open
// (if any) and under the filters and marks.
func (b browse) pageCmd(ctx context.Context, e tabEnv, p pageReq) tea.Cmd {
	db, seq, f, now, marks, in := e.db, b.seq, b.filters, e.now, parseSearch(b.query).marks, b.scope.id()
	limit := cmp.Or(p.limit, pageSize)
	return func() tea.Msg {
		q := f.itemFilter(now(), p.before)
		q.After, q.Marks, q.Limit, q.Batch = p.after, marks, limit, in
		items, more, err := db.Listing(ctx, q)
		rows := make([]row, 0, len(items))
		for _, it := range items {
			rows = append(rows, itemRow(it))
		}
		return result(pageMsg{seq: seq, rows: rows, more: more, append: p.before != nil && p.live == notLive,
			prepend: p.after != nil, live: p.live, err: err})
	}
}

// searchLimit is how many matches a search asks for, the newest: a screen
// and a half. Several may fall in one item, which shows once. More words,
// or a filter, reach older ones.
const searchLimit = 50

// searchCmd runs the search typed, with the filters a match can be held to.
func (b browse) searchCmd(ctx context.Context, e tabEnv) tea.Cmd {
	db, seq, f, now, terms := e.db, b.seq, b.filters, e.now, parseSearch(b.query)
	return func() tea.Msg {
		hits, err := db.Search(ctx, store.SearchQuery{Text: searchable(terms.text), Kind: store.Kind(f.values[kindFilter]), Limit: searchLimit})
		t := now()
		rows := make([]row, 0, len(hits))
		for _, h := range hits {
			if r := hitRow(h); f.keep(r, t) {
				rows = append(rows, r)
			}
		}
		rows = dedupe(rows)
		if err == nil && terms.marks.Any() {
			rows, err = keepMarked(ctx, db, rows, terms.marks)
		}
		return result(searchedMsg{seq: seq, rows: rows, capped: len(hits) == searchLimit, err: err})
	}
}

// keepMarked keeps the rows whose items carry the marks.
func keepMarked(ctx context.Context, db *store.Store, rows []row, marks store.Marks) ([]row, error) {
	refs := make([]store.ItemRef, len(rows))
	for i, r := range rows {
		refs[i] = r.ref
	}
	keep, err := db.KeepMarked(ctx, refs, marks)
	if err != nil {
		return nil, err
	}
	out := rows[:0:0]
	for _, r := range rows {
		if keep[r.ref] {
			out = append(out, r)
		}
	}
	return out, nil
}
