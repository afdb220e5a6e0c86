package history

import (
	"time"

	"atelier/store"
)

// pageSize is how many items a page of the list loads; the next page is
// asked for when the cursor comes within pageAhead rows of the end (or of
// the start, when rows were dropped above). The list keeps windowPages
// pages around the cursor, however far it went: rows further away are
// dropped and read again when the cursor comes back to them.
const (
	pageSize    = 100
	pageAhead   = 20
	windowPages = 3
)

// row is one line of the list: an item of the history, or the best match
// of a search in one.
type row struct {
	ref       store.ItemRef
	requestID string // a video task's
	title     string // the title, or a snippet with store's highlight markers
	snippet   bool
	family    string
	model     string // a video task's endpoint
	targets   string // a comparison's targets, once its lanes are read
	status    string
	at        time.Time
	messageID int64 // the message a search matched, to scroll to
}

func itemRow(it store.Item) row {
	return row{ref: it.Ref(), requestID: it.RequestID, title: it.Title, family: it.Family, model: it.Model,
		status: it.Status, at: it.At}
}

func hitRow(h store.Hit) row {
	return row{ref: store.ItemRef{Kind: h.Kind, ID: h.ID}, requestID: h.RequestID, title: h.Snippet, snippet: true,
		family: h.Family, model: h.Model, at: h.At, messageID: h.MessageID}
}

// listState is the rows shown and where the cursor is among them.
type listState struct {
	rows    []row
	cursor  int
	offset  int  // the first row shown
	more    bool // a further page may follow
	above   bool // rows before the first were dropped: paging back reads them
	capped  bool // a search found as many matches as it asked for
	loading bool // a page or a search is on its way
	loaded  bool // the first answer has come
	err     string
}

// selected is the row under the cursor.
func (l listState) selected() (row, bool) {
	if l.cursor < 0 || l.cursor >= len(l.rows) {
		return row{}, false
	}
	return l.rows[l.cursor], true
}

// move puts the cursor n rows further, kept inside the list and in sight
// of height rows.
func (l listState) move(n, height int) listState {
	l.cursor = max(0, min(l.cursor+n, len(l.rows)-1))
	return l.follow(height)
}

// follow scrolls so the cursor's row is among the height rows shown.
func (l listState) follow(height int) listState {
	height = max(height, 1)
	if l.cursor < l.offset {
		l.offset = l.cursor
	}
	if l.cursor >= l.offset+height {
		l.offset = l.cursor - height + 1
	}
	l.offset = max(0, min(l.offset, len(l.rows)-height))
	return l
}

// wantsMore reports whether the cursor is near enough the end to ask for
// the next page.
func (l listState) wantsMore() bool {
	return l.more && !l.loading && l.cursor >= len(l.rows)-pageAhead
}

// wantsLess reports whether the cursor is near enough the start, with rows
// dropped above it, to ask for the page before.
func (l listState) wantsLess() bool {
	return l.above && !l.loading && l.cursor < pageAhead
}

// appended adds a page after the rows, dropping as many from the start as
// the window holds too many.
func (l listState) appended(rows []row, more bool) listState {
	all := make([]row, 0, len(l.rows)+len(rows))
	all = append(append(all, l.rows...), rows...)
	if drop := len(all) - windowPages*pageSize; drop > 0 {
		all = append([]row(nil), all[drop:]...)
		l.cursor, l.offset, l.above = max(l.cursor-drop, 0), max(l.offset-drop, 0), true
	}
	l.rows, l.more, l.loading = all, more, false
	return l
}

// prepended adds the page before the rows, dropping as many from the end
// as the window holds too many.
func (l listState) prepended(rows []row, more bool) listState {
	all := make([]row, 0, len(l.rows)+len(rows))
	all = append(append(all, rows...), l.rows...)
	if keep := windowPages * pageSize; len(all) > keep {
		all, l.more = all[:keep], true
	}
	l.cursor, l.offset = l.cursor+len(rows), l.offset+len(rows)
	l.rows, l.above, l.loading = all, more, false
	return l
}

// replace puts a fresh first page in, the cursor staying on the item it was
// on when that item is still there.
func (l listState) replace(rows []row, more bool, height int) listState {
	var keep store.ItemRef
	if r, ok := l.selected(); ok {
		keep = r.ref
	}
	l.rows, l.more, l.loading, l.loaded, l.err, l.capped, l.above = rows, more, false, true, "", false, false
	l.cursor = 0
	for i, r := range rows {
		if sameItem(r.ref, keep) {
			l.cursor = i
			break
		}
	}
	return l.follow(height)
}

// remove takes an item out of the list, after its deletion.
func (l listState) remove(ref store.ItemRef, height int) listState {
	kept := l.rows[:0:0]
	for _, r := range l.rows {
		if !sameItem(r.ref, ref) {
			kept = append(kept, r)
		}
	}
	l.rows = kept
	l.cursor = min(l.cursor, max(len(kept)-1, 0))
	return l.follow(height)
}

// sameItem compares references: chat and compare both name conversations.
func sameItem(a, b store.ItemRef) bool {
	conv := func(k store.Kind) bool { return k == store.KindChat || k == store.KindCompare }
	return a.ID == b.ID && (a.Kind == b.Kind || conv(a.Kind) && conv(b.Kind))
}

// dedupe keeps the first (newest) hit of each item.
func dedupe(rows []row) []row {
	seen := map[store.ItemRef]bool{}
	out := rows[:0:0]
	for _, r := range rows {
		if seen[r.ref] {
			continue
		}
		seen[r.ref] = true
		out = append(out, r)
	}
	return out
}
