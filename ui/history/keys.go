package history

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"atelier/store"
	"atelier/ui/components/ask"
	"atelier/ui/components/confirm"
	"atelier/ui/components/filter"
	"atelier/ui/components/keys"
	"atelier/ui/components/scroll"
	"atelier/ui/components/strip"
	"atelier/ui/tab"
)

// keyMap is every key of the History tab, used both to act and for help.
type keyMap struct {
	// Moving, in the list and in an open item.
	keys.Moves

	// The list.
	Open, Search, Filters, Clear key.Binding

	// Acting on the item under the cursor, or the open one.
	Export, Share, Delete, Rerun, Recipe, JSON, ToVideo key.Binding
	Retry                                               key.Binding // a video whose download failed
	Label                                               key.Binding // an image or a video: set, change or take away its label
	Ask                                                 ask.KeyMap  // the label's question
	Variants                                            key.Binding // s on an image job: its strip of variants

	// The strip of variants (ui/components/strip).
	Strip strip.KeyMap

	// An open item.
	Thinking, Lanes, File, Back key.Binding
	NextLink, OpenLink          key.Binding // its lineage: mark the next link, open the one marked

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
	return keyMap{
		Moves: keys.DefaultMoves(),

		Open:    keys.Open(),
		Search:  keys.Bind("/", "search", "/"),
		Filters: keys.Bind("f", "filters", "f"),
		Clear:   keys.Bind("esc", "clear search", "esc"),

		Export:  keys.Bind("x", "export", "x"),
		Share:   keys.Share(),
		Delete:  keys.Bind("d/delete", "delete", "d", "delete"),
		Rerun:   keys.Bind("r", "re-run", "r"),
		Recipe:  keys.Reload(),
		JSON:    keys.Bind("J", "native JSON", "J"),
		ToVideo: keys.ToVideo(),
		Retry:   keys.RetryDownload(),
		Label:   keys.Label(),
		Ask:     ask.Keys("set the label"),

		Variants: keys.Variants(),
		Strip:    strip.DefaultKeyMap(),

		Thinking: keys.Bind("t", "thinking", "t"),
		Lanes:    keys.Bind("l", "lanes side by side", "l"),
		File:     keys.Bind("o", "open file", "o"),
		NextLink: tab.Retitle(keys.NextField(), "next link"),
		OpenLink: keys.Bind("enter", "open the link", "enter"),
		Back:     keys.Back(),

		Prev:   keys.Bind("↑", "previous", "up"),
		Next:   keys.Bind("↓", "next", "down"),
		Done:   keys.Bind("enter", "to the list", "enter"),
		Cancel: keys.Bind("esc", "clear", "esc"),

		Filter: filter.DefaultKeyMap(),

		Costs:      keys.Bind("c", "costs", "c"),
		NextPeriod: keys.Bind("p/→/l", "next period", "p", "right", "l"),
		PrevPeriod: keys.Bind("←/h", "previous period", "left", "h"),

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
	costing   // the costs view
	stripping // the strip of variants
	labelling // the label of the item listed or open is asked
)

// helpKeys are the keys of one mode, for the shell's help.
type helpKeys struct {
	km   keyMap
	mode mode
	open store.Kind // the open item's kind, while reading
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
		return readingShort(k, h.open)
	case confirming:
		return []key.Binding{k.Yes, k.No}
	case costing:
		return []key.Binding{k.NextPeriod, k.Up, k.Down, k.Costs}
	case stripping:
		return []key.Binding{k.Strip.Prev, k.Strip.Next, k.Strip.Reload, k.Back}
	case labelling:
		return k.Ask.Help()
	}
	return []key.Binding{k.Open, k.Search, k.Filters, k.Costs, k.Export, k.Delete, k.Rerun, k.JSON}
}

// readingShort are the footer's keys for an open item of kind: those that
// act on that kind, the most used first, as the footer keeps only what
// fits. Thinking is a conversation's, lanes a comparison's, a file an
// image's or a video's.
func readingShort(k keyMap, kind store.Kind) []key.Binding {
	switch kind {
	case store.KindCompare:
		return []key.Binding{k.Back, k.Lanes, k.Thinking, k.Rerun, k.Export, k.Delete}
	case store.KindImage:
		return []key.Binding{k.Back, k.File, k.ToVideo, k.Variants, k.Recipe, k.Export, k.Delete}
	case store.KindVideo:
		return []key.Binding{k.Back, k.File, k.Recipe, k.Label, k.Export, k.Delete}
	}
	return []key.Binding{k.Back, k.Thinking, k.JSON, k.Rerun, k.Export, k.Delete}
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
	stripKeys   = "Variants (s)"
	labelKeys   = "The item's label (L)"
)

// help is every key of the tab, a labelled group a context, the one the
// tab is in first and those that act now live.
func (h helpKeys) help() tab.Help {
	k := h.km
	all := tab.Help{Short: h.short(), Groups: []tab.KeyGroup{
		{Title: listKeys, Keys: append(k.Moves.Bindings(), k.Open, k.Search, k.Filters, k.Clear, k.Costs)},
		{Title: itemKeys, Keys: []key.Binding{k.Export, k.Share, k.Delete, k.Rerun, k.Recipe, k.ToVideo, k.Variants, k.Retry, k.Label, k.JSON}},
		{Title: readKeys, Keys: append(append(k.Moves.Bindings(), k.Back, k.Thinking, k.Lanes, k.File), linkKeys(k)...)},
		{Title: confirmKeys, Keys: []key.Binding{k.Yes, k.No}},
		{Title: searchKeys, Keys: []key.Binding{k.Prev, k.Next, k.Done, k.Cancel}},
		{Title: filterKeys, Keys: k.Filter.Help()},
		{Title: costKeys, Keys: append([]key.Binding{k.NextPeriod, k.PrevPeriod}, append(k.Moves.Bindings(),
			tab.Retitle(k.Costs, "close the costs"), k.Back)...)},
		{Title: stripKeys, Keys: append(k.Strip.Bindings(), k.Back)},
		{Title: labelKeys, Keys: k.Ask.Help()},
	}}
	return tab.InMode(all, h.mode, liveIn, listKeys, itemKeys)
}

// liveIn names the groups that act in each mode, the first leading; in
// the list, the list's and the item's.
var liveIn = map[mode][]string{
	reading: {readKeys, itemKeys}, confirming: {confirmKeys}, searching: {searchKeys},
	filtering: {filterKeys}, costing: {costKeys}, stripping: {stripKeys}, labelling: {labelKeys},
}

// KeyModes is the help of each of the tab's modes, the first first. The
// key-grammar test walks them.
func KeyModes() []tab.Help {
	var out []tab.Help
	for mo := listing; mo <= labelling; mo++ {
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
