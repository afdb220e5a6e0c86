package history

import (
	"strconv"
	"time"

	"atelier/store"
	"atelier/ui/components/list"
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
	label     string // an image's or a video's label; "" for none
	at        time.Time
	messageID int64 // the message a search matched, to scroll to
}

func itemRow(it store.Item) row {
	return row{ref: it.Ref(), requestID: it.RequestID, title: it.Title, family: it.Family, model: it.Model,
		status: it.Status, label: it.Label, at: it.At}
}

func hitRow(h store.Hit) row {
	return row{ref: store.ItemRef{Kind: h.Kind, ID: h.ID}, requestID: h.RequestID, title: h.Snippet, snippet: true,
		family: h.Family, model: h.Model, at: h.At, messageID: h.MessageID}
}

// listState is the rows shown, a window of the history read a page at a
// time: the rows, the cursor and the window over them are the shared list
// component's (ui/components/list), which keeps the cursor on its item and
// that item on its row of the screen as pages come and go at either end;
// what is paged, and how, is the tab's.
type listState struct {
	l       list.Model[row]
	more    bool // a further page may follow
	above   bool // rows before the first were dropped: paging back reads them
	capped  bool // a search found as many matches as it asked for
	loading bool // a page or a search is on its way
	loaded  bool // the first answer has come
	err     string
}

// newList is an empty list. The tab reads the component's state and
// draws the rows itself: its keys, its search (in the store, not among
// the rows) and its deletion (which may have to ask the store first) are
// its own.
func newList() listState {
	return listState{l: list.New(list.Options[row]{ID: rowID, Name: plainTitle, KeepRow: true})}
}

// rowID tells items apart: chat and compare both name conversations.
func rowID(r row) string {
	k := r.ref.Kind
	if k == store.KindCompare {
		k = store.KindChat
	}
	return string(k) + ":" + strconv.FormatInt(r.ref.ID, 10)
}

// rows are the rows held, in order.
func (l listState) rows() []row { return l.l.Items() }

// cursor is the cursor's index among the rows.
func (l listState) cursor() int { return l.l.Cursor() }

// window is the rows in sight of height rows, and the cursor's place
// among them (-1 when none).
func (l listState) window(height int) ([]row, int) {
	l.l.SetHeight(height)
	return l.l.Window()
}

// selected is the row under the cursor.
func (l listState) selected() (row, bool) { return l.l.Selected() }

// move puts the cursor n rows further, kept inside the list and in sight
// of height rows.
func (l listState) move(n, height int) listState {
	l.l.SetHeight(height)
	l.l.Move(n)
	return l
}

// follow scrolls so the cursor's row is among the height rows shown.
func (l listState) follow(height int) listState {
	l.l.SetHeight(height)
	return l
}

// wantsMore reports whether the cursor is near enough the end to ask for
// the next page.
func (l listState) wantsMore() bool {
	return l.more && !l.loading && l.cursor() >= len(l.rows())-pageAhead
}

// wantsLess reports whether the cursor is near enough the start, with rows
// dropped above it, to ask for the page before.
func (l listState) wantsLess() bool {
	return l.above && !l.loading && l.cursor() < pageAhead
}

// appended adds a page after the rows, dropping as many from the start as
// the window holds too many.
func (l listState) appended(rows []row, more bool) listState {
	all := make([]row, 0, len(l.rows())+len(rows))
	all = append(append(all, l.rows()...), rows...)
	if drop := len(all) - windowPages*pageSize; drop > 0 {
		all, l.above = all[drop:], true
	}
	l.l.SetItems(all)
	l.more, l.loading = more, false
	return l
}

// prepended adds the page before the rows, dropping as many from the end
// as the window holds too many.
func (l listState) prepended(rows []row, more bool) listState {
	all := make([]row, 0, len(l.rows())+len(rows))
	all = append(append(all, rows...), l.rows()...)
	if keep := windowPages * pageSize; len(all) > keep {
		all, l.more = all[:keep], true
	}
	l.l.SetItems(all)
	l.above, l.loading = more, false
	return l
}

// replace puts a fresh first page in, the cursor staying on the item it was
// on when that item is still there, else going to the first row.
func (l listState) replace(rows []row, more bool, height int) listState {
	was, had := l.selected()
	l.more, l.loading, l.loaded, l.err, l.capped, l.above = more, false, true, "", false, false
	l.l.SetHeight(height)
	l.l.SetItems(rows)
	if now, ok := l.selected(); !had || !ok || rowID(now) != rowID(was) {
		l.l.Move(-len(rows))
	}
	return l
}

// refreshed puts in the rows held, read again: the cursor stays on its
// item by id, and rows arriving at the top show when the window is at the
// top (list.Refresh). window: the rows are the window held, its first rows
// having been dropped, so what lies beyond either end is as it was.
func (l listState) refreshed(rows []row, more, window bool, height int) listState {
	l.loading, l.loaded, l.err, l.capped = false, true, "", false
	if !window {
		l.more, l.above = more, false
	}
	l.l.SetHeight(height)
	l.l.Refresh(rows)
	return l
}

// relabelled puts rows back with new labels: the same items, in place.
func (l listState) relabelled(rows []row) listState {
	l.l.SetItems(rows)
	return l
}

// remove takes an item out of the list, after its deletion: the cursor
// stays on its row, on the next item.
func (l listState) remove(ref store.ItemRef, height int) listState {
	kept := l.rows()[:0:0]
	for _, r := range l.rows() {
		if !sameItem(r.ref, ref) {
			kept = append(kept, r)
		}
	}
	l.l.SetHeight(height)
	l.l.SetItems(kept)
	return l
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
