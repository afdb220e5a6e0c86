package batch

import (
	"charm.land/bubbles/v2/key"

	"atelier/ui/components/guard"
	"atelier/ui/components/keys"
	"atelier/ui/components/list"
	"atelier/ui/tab"
)

// keyMap is the tab's keys, by where they act.
type keyMap struct {
	// The list of batches.
	Open, New, Resume, RetryFailed, Export, Share key.Binding
	// The path field.
	Start, Edit, Cancel key.Binding
	// The matrix, and a cell's replies.
	Up, Down, Left, Right, PageUp, PageDown, Top, Bottom key.Binding
	Cell, Sort, Reverse, Disagree, Flaky, Stability      key.Binding
	Compare, CompareBlind, Back, Stop                    key.Binding
	// The replies of a cell.
	Close key.Binding
}

func defaultKeyMap() keyMap {
	return keyMap{
		Open:        keys.Bind("enter", "open matrix", "enter"),
		New:         keys.Bind("n", "run a batch file", "n"),
		Resume:      keys.Bind("r", "resume", "r"),
		RetryFailed: keys.Bind("R", "resume, failed cells too", "R"),
		Export:      keys.Bind("x", "export", "x"), // Markdown and CSV, as batch export writes
		Share:       keys.Share(),

		Start:  keys.Bind("enter", "weigh and run", "enter"),
		Edit:   keys.Bind("ctrl+o", "edit in $EDITOR (a starter if new), then run", "ctrl+o"),
		Cancel: keys.Bind("esc", "cancel", "esc"),

		Up:       keys.Up(),
		Down:     keys.Down(),
		Left:     keys.Bind("←/h", "target left", "left", "h"),
		Right:    keys.Bind("→/l", "target right", "right", "l"),
		PageUp:   keys.PageUp(),
		PageDown: keys.PageDown(),
		Top:      keys.Top(),
		Bottom:   keys.Bottom(),

		Cell:         keys.Bind("enter", "cell's replies", "enter"),
		Sort:         keys.Bind("s", "sort by next column", "s"),
		Reverse:      keys.Bind("S", "reverse sort", "S"),
		Disagree:     keys.Bind("f", "only where targets disagree", "f"),
		Flaky:        keys.Bind("F", "only flaky cases", "F"),
		Stability:    keys.Bind("v", "repeats read together (stability view)", "v"),
		Compare:      keys.Bind("c", "row to Compare", "c"),
		CompareBlind: keys.Bind("C", "row to Compare, blind", "C"),
		Back:         keys.Bind("esc", "back to the list", "esc"),
		Stop:         keys.Bind("esc", "stop the run", "esc"),

		Close: keys.Bind("esc/q", "close", "esc", "q"),
	}
}

// place is where the tab's keys act.
type place int

const (
	listing   place = iota
	filtering       // the list's filter is typed
	deleting        // the list asks before a deletion
	naming          // the path field
	inMatrix
	reading // a cell's replies
	asking  // the budget's question
)

// The titles of the help's groups.
const (
	listKeys    = "Batches"
	filterKeys  = "Filter (/)"
	deleteKeys  = "A batch to delete"
	pathKeys    = "Batch file (n)"
	matrixKeys  = "Matrix"
	backKeys    = "Leaving the matrix"
	runningKeys = "Running"
	readerKeys  = "Replies"
)

// where is the place the tab's keys act now.
func (m Model) where() place {
	switch {
	case m.gate.guard.Asking():
		return asking
	case m.path.typing:
		return naming
	case m.reader != nil:
		return reading
	case m.mx != nil:
		return inMatrix
	case m.list.Filtering():
		return filtering
	case m.list.Asking():
		return deleting
	}
	return listing
}

// help is the keys for where the tab is: the list, the path field, the
// matrix (running or not) or a cell's replies.
func (m Model) help() tab.Help {
	return m.km.help(m.where(), m.list.KeyMap, m.run != nil, m.runningOpen(), m.gate.guard.Help())
}

// help is the keys at place p: lk are the list's, running says a batch
// runs, open that it is the matrix open, question the guard's answers.
func (k keyMap) help(p place, lk list.KeyMap, running, open bool, question []key.Binding) tab.Help {
	if p == asking {
		return tab.Asking(question)
	}
	h := tab.Help{Groups: k.groups(lk)}
	switch p {
	case filtering:
		h.Short = lk.Filtering()
		return h.In(filterKeys)
	case deleting:
		h.Short = lk.Question()
		return h.In(deleteKeys)
	case naming:
		h.Short = []key.Binding{k.Start, k.Edit, k.Cancel}
		return h.In(pathKeys)
	case reading:
		h.Short = h.Groups[len(h.Groups)-1].Keys
		return h.In(readerKeys)
	case inMatrix:
		h.Short = []key.Binding{k.Cell, k.Sort, k.Disagree, k.Flaky, k.Stability, k.Compare, k.CompareBlind}
		if open {
			h.Short = append(h.Short, k.Stop)
			return h.In(matrixKeys, runningKeys)
		}
		h.Short = append(h.Short, k.Resume, k.Back)
		return h.In(matrixKeys, backKeys)
	}
	h.Short = []key.Binding{k.Open, k.New, k.Resume}
	if running {
		h.Short = append(h.Short, k.Stop)
		return h.In(listKeys, runningKeys)
	}
	return h.In(listKeys)
}

// groups are every key of the tab, a group a place; the reader's last.
func (k keyMap) groups(lk list.KeyMap) []tab.KeyGroup {
	return []tab.KeyGroup{
		{Title: listKeys, Keys: append(lk.Moves.Bindings(), k.Open, k.New, k.Resume, k.RetryFailed, k.Export, k.Share, lk.Filter, lk.Delete)},
		{Title: filterKeys, Keys: lk.Filtering()},
		{Title: deleteKeys, Keys: lk.Question()},
		{Title: pathKeys, Keys: []key.Binding{k.Start, k.Edit, k.Cancel}},
		{Title: matrixKeys, Keys: []key.Binding{k.Up, k.Down, k.Left, k.Right, k.PageUp, k.PageDown, k.Top, k.Bottom,
			k.Cell, k.Sort, k.Reverse, k.Disagree, k.Flaky, k.Stability, k.Compare, k.CompareBlind, k.Resume, k.RetryFailed, k.Export, k.Share}},
		{Title: backKeys, Keys: []key.Binding{k.Back}},
		{Title: runningKeys, Keys: []key.Binding{k.Stop}},
		{Title: readerKeys, Keys: []key.Binding{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom, k.Close}},
	}
}

// KeyModes is the help of each of the tab's places, the first first,
// running or not. The key-grammar test walks them.
func KeyModes() []tab.Help {
	km, lk, q := defaultKeyMap(), list.DefaultKeyMap(), guard.New().Help()
	var out []tab.Help
	for p := listing; p <= asking; p++ {
		out = append(out, km.help(p, lk, false, false, q))
	}
	return append(out, km.help(listing, lk, true, false, q), km.help(inMatrix, lk, true, true, q))
}
