package history

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"atelier/ui/components/confirm"
	"atelier/ui/components/filter"
	"atelier/ui/components/keys"
	"atelier/ui/components/scroll"
	"atelier/ui/tab"
)

// keyMap is every key of the History tab, used both to act and for help.
type keyMap struct {
	// Moving, in the list and in an open item.
	keys.Moves

	// The list.
	Open, Search, Filters, Clear key.Binding

	// Acting on the item under the cursor, or the open one.
	Export, Delete, Rerun, Recipe, JSON key.Binding

	// An open item.
	Thinking, Lanes, File, Back key.Binding

	// Typing a search: arrows only, since letters are text.
	Prev, Next, Done, Cancel key.Binding

	// The costs view, and its periods.
	Costs, NextPeriod, PrevPeriod key.Binding

	// Choosing filters: the filter form's keys (ui/components/filter).
	Filter filter.KeyMap

	// A deletion waiting for confirmation.
	Yes, No key.Binding
}

func defaultKeyMap() keyMap {
	b := func(keys []string, k, h string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(k, h))
	}
	return keyMap{
		Moves: keys.DefaultMoves(),

		Open:    keys.Open(),
		Search:  b([]string{"/"}, "/", "search"),
		Filters: b([]string{"f"}, "f", "filters"),
		Clear:   b([]string{"esc"}, "esc", "clear search"),

		Export: b([]string{"x"}, "x", "export"),
		Delete: b([]string{"d", "delete"}, "d/delete", "delete"),
		Rerun:  b([]string{"r"}, "r", "re-run"),
		Recipe: b([]string{"R"}, "R", "re-run from the file's recipe"),
		JSON:   b([]string{"J"}, "J", "native JSON"),

		Thinking: b([]string{"t"}, "t", "thinking"),
		Lanes:    b([]string{"l"}, "l", "lanes side by side"),
		File:     b([]string{"o"}, "o", "open file"),
		Back:     keys.Back(),

		Prev:   b([]string{"up"}, "↑", "previous"),
		Next:   b([]string{"down"}, "↓", "next"),
		Done:   b([]string{"enter"}, "enter", "to the list"),
		Cancel: b([]string{"esc"}, "esc", "clear"),

		Filter: filter.DefaultKeyMap(),

		Costs:      b([]string{"c"}, "c", "costs"),
		NextPeriod: b([]string{"p", "right", "l"}, "p/→/l", "next period"),
		PrevPeriod: b([]string{"left", "h"}, "←/h", "previous period"),

		Yes: confirm.Keys("delete", "keep").Yes,
		No:  confirm.Keys("delete", "keep").No,
	}
}

// mode is what the keys act on right now.
type mode int

const (
	listing mode = iota
	searching
	filtering
	reading
	confirming
	costing // the costs view
)

// helpKeys are the keys of one mode, for the shell's help.
type helpKeys struct {
	km   keyMap
	mode mode
}

// short lists the keys that matter in the current mode.
func (h helpKeys) short() []key.Binding {
	k := h.km
	switch h.mode {
	case searching:
		return []key.Binding{k.Prev, k.Next, k.Done, k.Cancel}
	case filtering:
		return []key.Binding{k.Filter.Next, k.Filter.Up, k.Filter.Apply, k.Filter.Close}
	case reading:
		return []key.Binding{k.Back, k.Thinking, k.JSON, k.Rerun, k.Export, k.Delete}
	case confirming:
		return []key.Binding{k.Yes, k.No}
	case costing:
		return []key.Binding{k.NextPeriod, k.Up, k.Down, k.Costs}
	}
	return []key.Binding{k.Open, k.Search, k.Filters, k.Costs, k.Export, k.Delete, k.Rerun, k.JSON}
}

// The titles of the help's groups.
const (
	listKeys    = "List"
	itemKeys    = "The item listed or open"
	readKeys    = "An open item"
	confirmKeys = "An item to delete"
	searchKeys  = "Search (/)"
	filterKeys  = "Filters (f)"
	costKeys    = "Costs (c)"
)

// help is every key of the tab, a labelled group a context, the one the
// tab is in first and those that act now live.
func (h helpKeys) help() tab.Help {
	k := h.km
	all := tab.Help{Short: h.short(), Groups: []tab.KeyGroup{
		{Title: listKeys, Keys: append(k.Moves.Bindings(), k.Open, k.Search, k.Filters, k.Clear, k.Costs)},
		{Title: itemKeys, Keys: []key.Binding{k.Export, k.Delete, k.Rerun, k.Recipe, k.JSON}},
		{Title: readKeys, Keys: append(k.Moves.Bindings(), k.Back, k.Thinking, k.Lanes, k.File)},
		{Title: confirmKeys, Keys: []key.Binding{k.Yes, k.No}},
		{Title: searchKeys, Keys: []key.Binding{k.Prev, k.Next, k.Done, k.Cancel}},
		{Title: filterKeys, Keys: k.Filter.Help()},
		{Title: costKeys, Keys: append([]key.Binding{k.NextPeriod, k.PrevPeriod}, append(k.Moves.Bindings(),
			tab.Retitle(k.Costs, "close the costs"), k.Back)...)},
	}}
	switch h.mode {
	case reading:
		return all.In(readKeys, itemKeys)
	case confirming:
		return all.In(confirmKeys)
	case searching:
		return all.In(searchKeys)
	case filtering:
		return all.In(filterKeys)
	case costing:
		return all.In(costKeys)
	}
	return all.In(listKeys, itemKeys)
}

// KeyModes is the help of each of the tab's modes, the first first. The
// key-grammar test walks them.
func KeyModes() []tab.Help {
	var out []tab.Help
	for mo := listing; mo <= costing; mo++ {
		out = append(out, helpKeys{km: defaultKeyMap(), mode: mo}.help())
	}
	return out
}

// scroll is the moving keys as the scroller's (ui/components/scroll).
func (k keyMap) scroll() scroll.KeyMap {
	return scroll.KeyMap{Up: k.Up, Down: k.Down, PageUp: k.PageUp, PageDown: k.PageDown, Home: k.Top, End: k.Bottom}
}

// step is how far a moving key goes: a line, a page of page lines, or to
// either end of whole lines (the bottom for any other moving key).
func (k keyMap) step(msg tea.KeyPressMsg, page, whole int) int {
	switch {
	case key.Matches(msg, k.Up):
		return -1
	case key.Matches(msg, k.Down):
		return 1
	case key.Matches(msg, k.PageUp):
		return -page
	case key.Matches(msg, k.PageDown):
		return page
	case key.Matches(msg, k.Top):
		return -whole
	}
	return whole
}
