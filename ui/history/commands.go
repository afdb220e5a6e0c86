package history

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"

	"atelier/homepath"
	"atelier/store"
	"atelier/ui/imageview"
	"atelier/ui/tab"
)

// The results of the tab's commands, delivered even while another tab shows.
// Those answering a list, a search or an opened item carry its seq.
type (
	pageMsg struct {
		seq    int
		rows   []row
		more   bool // a full page: another may follow
		append bool // a further page, not the first
		// prepend: the page before the first row
		prepend bool
		err     error
	}
	searchedMsg struct {
		seq    int
		rows   []row
		capped bool // as many matches as asked for: older ones are left out
		err    error
	}
	exportedMsg struct {
		markdown, json string
		media          bool // images or a video were copied beside
		err            error
	}
)

// errNoStore is what every action says when the tab has no history.
var errNoStore = errors.New("history: no data folder is open")

// reload starts over: the first page of the list, or the search typed. The
// answers to earlier requests are dropped, and a search under way is
// cancelled, since nobody will read it.
func (m Model) reload() (Model, tea.Cmd) {
	if m.cancel != nil {
		m.cancel()
	}
	var ctx context.Context
	ctx, m.cancel = context.WithCancel(context.Background())
	m.seq++
	m.list.loading = true
	if m.db == nil {
		m.list = m.list.replace(nil, false, m.listHeight())
		m.list.err = errNoStore.Error()
		return m, nil
	}
	terms := parseSearch(m.query)
	switch {
	case searchable(terms.text) != "":
		return m, m.searchCmd(ctx)
	case strings.TrimSpace(terms.text) != "": // one letter
		m.list.loading = false // one letter: the rows stay until the next
		return m, nil
	}
	return m, tea.Batch(m.pageCmd(ctx, nil, nil), spentCmd(m.db, m.prices, m.now))
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
func (m Model) nextPage() (Model, tea.Cmd) {
	if strings.TrimSpace(parseSearch(m.query).text) != "" || len(m.list.rows()) == 0 {
		return m, nil // a search's matches come at once; a list of marks pages as the list does
	}
	switch {
	case m.list.wantsMore():
		m.list.loading = true
		rows := m.list.rows()
		c := rowCursor(rows[len(rows)-1])
		return m, m.pageCmd(context.Background(), &c, nil)
	case m.list.wantsLess():
		m.list.loading = true
		c := rowCursor(m.list.rows()[0])
		return m, m.pageCmd(context.Background(), nil, &c)
	}
	return m, nil
}

// rowCursor is the position of a row in the listing.
func rowCursor(r row) store.Cursor { return store.Cursor{At: r.at, Kind: r.ref.Kind, ID: r.ref.ID} }

// pageCmd lists a page of the history: from the start, after before, or
// (the page before the rows) before after.
func (m Model) pageCmd(ctx context.Context, before, after *store.Cursor) tea.Cmd {
	db, seq, f, now, marks := m.db, m.seq, m.filters, m.now, parseSearch(m.query).marks
	return func() tea.Msg {
		q := f.itemFilter(now(), before)
		q.After, q.Marks = after, marks
		items, err := db.Items(ctx, q)
		rows := make([]row, 0, len(items))
		for _, it := range items {
			rows = append(rows, itemRow(it))
		}
		return result(pageMsg{seq: seq, rows: rows, more: len(items) == pageSize, append: before != nil,
			prepend: after != nil, err: err})
	}
}

// searchLimit is how many matches a search asks for, the newest: a screen
// and a half. Several may fall in one item, which shows once. More words,
// or a filter, reach older ones.
const searchLimit = 50

// searchCmd runs the search typed, with the filters a match can be held to.
func (m Model) searchCmd(ctx context.Context) tea.Cmd {
	db, seq, f, now, terms := m.db, m.seq, m.filters, m.now, parseSearch(m.query)
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

// exportCmd writes the item as Markdown with a folder of its media, and as
// JSON beside it, into the output folder of its kind (the current folder
// when none is set).
func exportCmd(db *store.Store, output store.Output, r row) tea.Cmd {
	dir := exportDir(output, r.ref.Kind)
	return func() tea.Msg {
		if db == nil {
			return result(exportedMsg{err: errNoStore})
		}
		md, js, err := exportItem(db, r.ref, dir)
		media := r.ref.Kind == store.KindImage || r.ref.Kind == store.KindVideo
		return result(exportedMsg{markdown: homepath.Tilde(md), json: homepath.Tilde(js), media: media, err: err})
	}
}

// exportDir is the folder an item of kind k is exported to.
func exportDir(output store.Output, k store.Kind) string {
	dir := output.Images
	if k == store.KindVideo {
		dir = output.Videos
	}
	if k == store.KindChat || k == store.KindCompare || dir == "" {
		return "."
	}
	return homepath.Expand(dir)
}

// exportItem writes both exports and returns their absolute paths.
func exportItem(db *store.Store, ref store.ItemRef, dir string) (string, string, error) {
	return db.ExportFiles(context.Background(), ref, dir)
}

// exported tells the status bar where the files went.
func exported(msg exportedMsg) tea.Cmd {
	if msg.err != nil {
		return tab.Error(msg.err)
	}
	also := "+ .json"
	if msg.media {
		also += ", media"
	}
	return tab.Notice(fmt.Sprintf("exported %s (%s)", msg.markdown, also))
}

// openFileCmd opens a saved image or video in the system's viewer.
func openFileCmd(path string) tea.Cmd {
	return func() tea.Msg {
		c := imageview.OpenCmd(path)
		if err := c.Start(); err != nil {
			return tab.ErrorMsg{Err: fmt.Errorf("open %s: %w", path, err)}
		}
		go c.Wait() // the launcher returns at once; reap it
		return tab.NoticeMsg{Text: "opened " + path}
	}
}
