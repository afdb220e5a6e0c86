package compare

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// lens is how the columns of the run on screen are looked at: which has
// the keyboard, whether it is zoomed, whether they scroll together, and
// the word diff of two of them (D). It is apart from the Model because
// these keys change nothing but the looking; the Model lays the columns
// out again when the lens says so.
type lens struct {
	focus int       // the column with the keyboard
	zoom  bool      // one column at a time
	sync  bool      // scrolling moves every column
	diff  *diffView // the word diff of two columns, while shown
}

// key takes the keys of the looking, over lanes shown w wide: the focus
// going round, zoom, sync and the diff. It reports whether it took msg,
// and whether the columns are to be laid out again.
func (v lens) key(msg tea.KeyPressMsg, k *keyMap, lanes []lane, w int, st *styles) (_ lens, took, relayout bool) {
	switch {
	case key.Matches(msg, k.Next):
		return v.move(1, lanes, w, st)
	case key.Matches(msg, k.Prev):
		return v.move(-1, lanes, w, st)
	case key.Matches(msg, k.Zoom):
		v.zoom = !v.zoom
		return v, true, true
	case key.Matches(msg, k.Sync):
		v.sync = !v.sync
		return v, true, false
	case key.Matches(msg, k.Diff):
		var changed bool
		v.diff, changed = toggleDiff(v.diff, lanes, v.focus, w, st)
		return v, true, changed
	}
	return v, false, false
}

// move gives the keyboard to the next or previous column, round; the
// diff follows it.
func (v lens) move(by int, lanes []lane, w int, st *styles) (_ lens, took, relayout bool) {
	n := len(lanes)
	if n == 0 {
		return v, true, false
	}
	v.focus = ((v.focus+by)%n + n) % n
	if v.diff != nil {
		v.diff = newDiff(lanes, v.focus, w, st)
	}
	return v, true, true
}
