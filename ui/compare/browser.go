package compare

import (
	"fmt"
	"slices"
	"strconv"

	"atelier/ui/components/list"
)

// browser is the way back through earlier runs ([ and ]): every comparison
// in history, oldest first, in a list (ui/components/list) whose cursor is
// the one on screen, kept on it by its id when the list is read again. It
// is apart from the Model because it owns that cursor alone: the Model
// opens what it points at and tells it what came.
//
// What the browser adds to the list is a cursor that may point at nothing:
// a new run not (yet) recorded is on screen, and [ then goes to the latest
// in history. The list's filter, window, keys and deletion are unused: the
// runs are never drawn as rows, and [ ] are read by the tab's keys.
type browser struct {
	ids     *list.Model[int64] // replaced, never changed in place: copies of a Model share it
	on      bool               // the run on screen, or on its way, is the list's selected one
	loading bool               // a run from history is being read
}

func newBrowser() browser {
	l := list.New(list.Options[int64]{ID: func(id int64) string { return strconv.FormatInt(id, 10) }})
	return browser{ids: &l}
}

// items are the comparisons in history, oldest first.
func (b browser) items() []int64 { return b.ids.Items() }

// at is the index of the run on screen (or on its way) among the items;
// -1 when it is not one of them.
func (b browser) at() int {
	if !b.on {
		return -1
	}
	return b.ids.Cursor()
}

// with is b's list changed by change, on a copy.
func (b browser) with(change func(*list.Model[int64])) browser {
	l := *b.ids
	change(&l)
	b.ids = &l
	return b
}

// selects is b with the cursor on the item with id, if there is one: on
// says whether there was.
func (b browser) selects(id int64) browser {
	l := *b.ids
	b.on = id != 0 && l.Select(strconv.FormatInt(id, 10))
	b.ids = &l
	return b
}

// listed adopts the comparisons in history, with the runs recorded
// meanwhile; shown is the run on screen (0: none, or not recorded). It
// gives the index of the latest to open when nothing is on screen (empty)
// nor on its way, else -1.
func (b browser) listed(ids []int64, shown int64, empty bool) (browser, int) {
	ids = slices.Compact(slices.Sorted(slices.Values(append(ids, b.items()...))))
	if b.loading {
		shown = b.ids.Items()[b.at()] // the run on its way is the one to count
	}
	b = b.with(func(l *list.Model[int64]) { l.SetItems(ids) })
	if shown != 0 {
		b = b.selects(shown)
	}
	if empty && !b.loading && len(ids) > 0 {
		return b, len(ids) - 1
	}
	return b, -1
}

// opening is b with the cursor on item i, being read.
func (b browser) opening(i int) browser {
	b = b.with(func(l *list.Model[int64]) { l.Move(i - l.Cursor()) })
	b.on, b.loading = true, true
	return b
}

// opened is b once the run on its way came, or failed to (gone: it was
// deleted meanwhile, and leaves the list); shown is the run on screen
// after it.
func (b browser) opened(shown int64, gone bool) browser {
	b.loading = false
	if at := b.at(); gone && at >= 0 {
		b = b.with(func(l *list.Model[int64]) { l.SetItems(slices.Delete(slices.Clone(l.Items()), at, at+1)) })
	}
	return b.selects(shown)
}

// recorded is b with id, a run just recorded, last and on screen.
func (b browser) recorded(id int64) browser {
	b = b.with(func(l *list.Model[int64]) {
		l.SetItems(append(slices.Clone(l.Items()), id))
		l.Move(l.Len())
	})
	b.on = true
	return b
}

// left is b once a new run, not in history yet, is on screen.
func (b browser) left() browser {
	b.on, b.loading = false, false
	return b
}

// older is the index of the run [ opens: the one before the run on screen,
// or the latest when that one is not in history.
func (b browser) older() int {
	if !b.on {
		return b.ids.Len() - 1
	}
	return b.ids.Cursor() - 1
}

// newer is the index of the run ] opens; -1 when the run on screen is not
// in history.
func (b browser) newer() int {
	if !b.on {
		return -1
	}
	return b.ids.Cursor() + 1
}

// insert is b with id among the items, where it sorts, and its index.
func (b browser) insert(id int64) (browser, int) {
	ids := b.items()
	i, found := slices.BinarySearch(ids, id)
	if !found {
		b = b.with(func(l *list.Model[int64]) { l.SetItems(slices.Insert(slices.Clone(ids), i, id)) })
	}
	return b, i
}

// where says which run is on screen, of n columns recorded as conv, for
// the prompt's line.
func (b browser) where(n int, conv int64) string {
	switch {
	case b.loading:
		return "opening…"
	case n == 0:
		return "new"
	case conv == 0:
		return "not recorded"
	case b.on:
		return fmt.Sprintf("run %d of %d", b.ids.Cursor()+1, b.ids.Len())
	}
	return ""
}
