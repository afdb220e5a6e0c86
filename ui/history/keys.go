package history

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"atelier/ui/components/confirm"
	"atelier/ui/components/filter"
	"atelier/ui/components/scroll"
	"atelier/ui/tab"
)

// keyMap is every key of the History tab, used both to act and for help.
type keyMap struct {
	// Moving, in the list and in an open item.
	Up, Down, PageUp, PageDown, Top, Bottom key.Binding

	// The list.
	Open, Search, Filters, Clear key.Binding

	// Acting on the item under the cursor, or the open one.
	Export, Delete, Rerun, Recipe, JSON key.Binding

	// An open item.
	Thinking, Lanes, File, Back key.Binding

	// Typing a search: arrows only, since letters are text.
	Prev, Next, Done, Cancel key.Binding

	// The costs view.
	Costs, Period key.Binding

	// The costs view's periods.
	Left, Right key.Binding

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
		Up:       b([]string{"up", "k"}, "↑/k", "up"),
		Down:     b([]string{"down", "j"}, "↓/j", "down"),
		PageUp:   b([]string{"pgup", "ctrl+u"}, "pgup", "page up"),
		PageDown: b([]string{"pgdown", "ctrl+d", "space"}, "pgdn", "page down"),
		Top:      b([]string{"home", "g"}, "g", "top"),
		Bottom:   b([]string{"end", "G"}, "G", "bottom"),

		Open:    b([]string{"enter"}, "enter", "open"),
		Search:  b([]string{"/"}, "/", "search"),
		Filters: b([]string{"f"}, "f", "filters"),
		Clear:   b([]string{"esc"}, "esc", "clear search"),

		Export: b([]string{"x"}, "x", "export"),
		Delete: b([]string{"d", "delete"}, "d", "delete"),
		Rerun:  b([]string{"r"}, "r", "re-run"),
		Recipe: b([]string{"R"}, "R", "re-run from the file's recipe"),
		JSON:   b([]string{"J"}, "J", "native JSON"),

		Thinking: b([]string{"t"}, "t", "thinking"),
		Lanes:    b([]string{"l"}, "l", "lanes side by side"),
		File:     b([]string{"o"}, "o", "open file"),
		Back:     b([]string{"esc", "backspace"}, "esc", "back"),

		Prev:   b([]string{"up"}, "↑", "previous"),
		Next:   b([]string{"down"}, "↓", "next"),
		Done:   b([]string{"enter"}, "enter", "to the list"),
		Cancel: b([]string{"esc"}, "esc", "clear"),

		Left:   b([]string{"left", "h"}, "←/→", "period"),
		Right:  b([]string{"right", "l"}, "→", "next period"),
		Filter: filter.DefaultKeyMap(),

		Costs:  b([]string{"c"}, "c", "costs"),
		Period: b([]string{"p"}, "p/←/→", "period"),

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
		return []key.Binding{k.Period, k.Up, k.Down, k.Costs}
	}
	return []key.Binding{k.Open, k.Search, k.Filters, k.Costs, k.Export, k.Delete, k.Rerun, k.JSON}
}

// help is every key of the tab, a labelled group a context, the one the
// tab is in first.
func (h helpKeys) help() tab.Help {
	k := h.km
	all := tab.Help{Short: h.short(), Groups: []tab.KeyGroup{
		{Title: "List", Keys: []key.Binding{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom, k.Open, k.Search, k.Filters, k.Clear, k.Costs}},
		{Title: "The item listed or open", Keys: []key.Binding{k.Export, k.Delete, k.Yes, k.Rerun, k.Recipe, k.JSON}},
		{Title: "An open item", Keys: []key.Binding{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom, k.Back, k.Thinking, k.Lanes, k.File}},
		{Title: "Search (/)", Keys: []key.Binding{k.Prev, k.Next, k.Done, k.Cancel}},
		{Title: "Filters (f)", Keys: k.Filter.Help()},
		{Title: "Costs (c)", Keys: []key.Binding{k.Period, k.Up, k.Down, k.Costs}},
	}}
	switch h.mode {
	case reading:
		return all.First("An open item")
	case confirming:
		return all.First("The item listed or open")
	case searching:
		return all.First("Search (/)")
	case filtering:
		return all.First("Filters (f)")
	case costing:
		return all.First("Costs (c)")
	}
	return all
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
