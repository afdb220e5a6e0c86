package arena

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	filterform "atelier/ui/components/filter"
	"atelier/ui/components/guard"
	"atelier/ui/components/keys"
	"atelier/ui/tab"
)

// keyMap is every key of the Arena tab, used both to act and for help.
type keyMap struct {
	NextKind, PrevKind, Kinds key.Binding // the boards: chat, image, video
	Matrix, Filter, Clear     key.Binding
	Share                     key.Binding // the board as a page (ui/components/sharepage)
	Judge                     key.Binding // the judge asked about the votes it has not seen
	Up, Down, Run             key.Binding // the pairs that need votes
	Left, Right               key.Binding // the matrix's columns
	PageUp, PageDown          key.Binding
	Top, Bottom               key.Binding

	// The filter form (ui/components/filter's keys).
	Form filterform.KeyMap
}

func defaultKeyMap() keyMap {
	return keyMap{
		NextKind: keys.Bind("tab", "next board", "tab"),
		PrevKind: keys.Bind("shift+tab", "previous board", "shift+tab"),
		Kinds:    keys.Bind("1/2/3", "chat / image / video board", "1", "2", "3"),
		Matrix:   keys.Bind("m", "board / head-to-head matrix", "m"),
		Filter:   keys.Bind("/ or f", "filter the votes", "/", "f"),
		Clear:    keys.Bind("x", "clear the filters", "x"),
		Share:    keys.Share(),
		Judge:    keys.Bind("J", "judge: ask it about the votes it has not seen", "J"),
		Up:       keys.Up(),
		Down:     keys.Down(),
		Run:      keys.Bind("enter/r", "run the pair's next blind comparison", "enter", "r"),
		Left:     keys.Bind("←/h", "matrix: columns to the left", "left", "h"),
		Right:    keys.Bind("→/l", "matrix: columns to the right", "right", "l"),
		PageUp:   keys.PageUp(),
		PageDown: keys.PageDown(),
		Top:      keys.Top(),
		Bottom:   keys.Bottom(),

		Form: filterform.DefaultKeyMap(),
	}
}

// kindKey is the board a bare 1, 2 or 3 picks.
func kindKey(msg tea.KeyPressMsg) (int, bool) {
	switch msg.String() {
	case "1", "2", "3":
		return int(msg.String()[0] - '1'), true
	}
	return 0, false
}

// The titles of the help's groups.
const (
	arenaKeys  = "Arena"
	pairKeys   = "Pairs that need votes"
	matrixKeys = "Matrix"
	filterKeys = "Filters"
)

// help is the keys that matter now, and every key of the tab in labelled
// groups, the one the tab is in first.
func (k keyMap) help(typing, matrix bool) tab.Help {
	all := tab.Help{
		Short: []key.Binding{k.NextKind, k.Matrix, k.Filter, k.Up, k.Down, k.Run},
		Groups: []tab.KeyGroup{
			{Title: arenaKeys, Keys: []key.Binding{k.NextKind, k.PrevKind, k.Kinds, k.Matrix, k.Filter, k.Clear, k.Judge, k.Share,
				k.PageUp, k.PageDown, k.Top, k.Bottom}},
			{Title: pairKeys, Keys: []key.Binding{k.Up, k.Down, k.Run}},
			{Title: matrixKeys, Keys: []key.Binding{k.Left, k.Right}},
			{Title: filterKeys, Keys: k.Form.Help()},
		},
	}
	switch {
	case typing:
		all.Short = []key.Binding{k.Form.Apply, k.Form.Close, k.Form.Next, k.Form.Up}
		return all.In(filterKeys)
	case matrix:
		all.Short = []key.Binding{k.Matrix, k.Left, k.Right, k.NextKind, k.Filter}
		return all.In(matrixKeys, arenaKeys, pairKeys)
	}
	return all.In(arenaKeys, pairKeys)
}

// KeyModes is the help of each of the tab's modes, the first first: the
// board, the matrix, the filters being typed. The key-grammar test walks
// them.
func KeyModes() []tab.Help {
	km := defaultKeyMap()
	return []tab.Help{km.help(false, false), km.help(false, true), km.help(true, false), tab.Asking(guard.New().Help())}
}
