package batch

import (
	"charm.land/bubbles/v2/key"

	"atelier/ui/components/scroll"
	"atelier/ui/components/style"
	"atelier/ui/tab"
)

// keyMap is the tab's keys, by where they act.
type keyMap struct {
	// The list of batches.
	Open, New, Resume, RetryFailed key.Binding
	// The path field.
	Start, Edit, Cancel key.Binding
	// The matrix.
	Up, Down, Left, Right, PageUp, PageDown key.Binding
	Cell, Sort, Reverse, Disagree           key.Binding
	Compare, CompareBlind, Back, Stop       key.Binding
	// The replies of a cell.
	Close key.Binding
}

func defaultKeyMap() keyMap {
	b := func(k, what string, keys ...string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(k, what))
	}
	return keyMap{
		Open:        b("enter", "open matrix", "enter"),
		New:         b("n", "run a batch file", "n"),
		Resume:      b("r", "resume", "r"),
		RetryFailed: b("R", "resume, failed cells too", "R"),

		Start:  b("enter", "weigh and run", "enter"),
		Edit:   b("ctrl+o", "edit in $EDITOR (a starter if new), then run", "ctrl+o"),
		Cancel: b("esc", "cancel", "esc"),

		Up:       style.ListUp(),
		Down:     style.ListDown(),
		Left:     b("←/h", "target left", "left", "h"),
		Right:    b("→/l", "target right", "right", "l"),
		PageUp:   b("pgup", "page up", "pgup"),
		PageDown: b("pgdn", "page down", "pgdown"),

		Cell:         b("enter", "cell's replies", "enter"),
		Sort:         b("s", "sort by next column", "s"),
		Reverse:      b("S", "reverse sort", "S"),
		Disagree:     b("f", "only where targets disagree", "f"),
		Compare:      b("c", "row to Compare", "c"),
		CompareBlind: b("C", "row to Compare, blind", "C"),
		Back:         b("esc", "back to the list", "esc"),
		Stop:         b("esc", "stop the run", "esc"),

		Close: b("esc/q", "close", "esc", "q"),
	}
}

// help is the keys for where the tab is: the list, the path field, the
// matrix (running or not) or a cell's replies.
func (m Model) help() tab.Help {
	k := m.km
	list := tab.KeyGroup{Title: "Batches", Keys: []key.Binding{m.list.KeyMap.Up, m.list.KeyMap.Down, k.Open, k.New, k.Resume,
		k.RetryFailed, m.list.KeyMap.Filter, m.list.KeyMap.Delete}}
	matrix := tab.KeyGroup{Title: "Matrix", Keys: []key.Binding{k.Up, k.Down, k.Left, k.Right, k.Cell, k.Sort, k.Reverse,
		k.Disagree, k.Compare, k.CompareBlind, k.Resume, k.RetryFailed, k.Back}}
	running := tab.KeyGroup{Title: "Running", Keys: []key.Binding{k.Stop}}
	path := tab.KeyGroup{Title: "Batch file (n)", Keys: []key.Binding{k.Start, k.Edit, k.Cancel}}
	ends := scroll.DefaultKeyMap()
	reader := tab.KeyGroup{Title: "Replies", Keys: []key.Binding{k.Up, k.Down, k.PageUp, k.PageDown, ends.Home, ends.End, k.Close}}
	h := tab.Help{Groups: []tab.KeyGroup{list, path, matrix, running, reader}}
	switch {
	case m.gate.guard.Asking():
		h.Short = m.gate.guard.Help()
	case m.path.typing:
		h.Short = []key.Binding{k.Start, k.Edit, k.Cancel}
		h = h.First("Batch file (n)")
	case m.reader != nil:
		h.Short = reader.Keys
		h = h.First("Replies")
	case m.mx != nil:
		h.Short = []key.Binding{k.Cell, k.Sort, k.Disagree, k.Compare, k.CompareBlind}
		if m.runningOpen() {
			h.Short = append(h.Short, k.Stop)
		} else {
			h.Short = append(h.Short, k.Resume, k.Back)
		}
		h = h.First("Matrix")
	default:
		h.Short = []key.Binding{k.Open, k.New, k.Resume}
		if m.run != nil {
			h.Short = append(h.Short, k.Stop)
		}
	}
	return h
}
