package compare

import (
	"charm.land/bubbles/v2/key"

	"atelier/ui/markdown"
	"atelier/ui/tab"
)

// keyMap is every key of the Compare tab, used both to act and for help.
type keyMap struct {
	// Looking at the columns.
	Next, Prev, Zoom, Sync       key.Binding
	Rate, Note, Winner, Continue key.Binding
	Export, Rerun, Edit, Targets key.Binding
	Stop, Older, Newer           key.Binding
	Scroll                       markdown.KeyMap // a column, or all while in sync

	// The prompt editor.
	Send, Newline, Field, Close key.Binding

	// The note of a column.
	Save, Cancel key.Binding

	// The targets form.
	FormNext, FormPrev, FormUp, FormDown, Family, Apply key.Binding
}

func defaultKeyMap() keyMap {
	b := func(keys []string, k, help string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(k, help))
	}
	return keyMap{
		Next:     b([]string{"tab", "right", "l"}, "tab/→", "next column"),
		Prev:     b([]string{"shift+tab", "left", "h"}, "shift+tab/←", "previous column"),
		Zoom:     b([]string{"z"}, "z", "zoom"),
		Sync:     b([]string{"s"}, "s", "sync scroll"),
		Rate:     b([]string{"1", "2", "3", "4", "5", "0"}, "1-5/0", "rate"),
		Note:     b([]string{"n"}, "n", "note"),
		Winner:   b([]string{"w"}, "w", "winner"),
		Continue: b([]string{"c"}, "c", "continue in chat"),
		Export:   b([]string{"x"}, "x", "export"),
		Rerun:    b([]string{"ctrl+r"}, "ctrl+r", "run"),
		Edit:     b([]string{"e", "enter"}, "e", "edit prompt"),
		Targets:  b([]string{"ctrl+t"}, "ctrl+t", "targets"),
		Stop:     b([]string{"esc"}, "esc", "stop"),
		Older:    b([]string{"["}, "[", "older run"),
		Newer:    b([]string{"]"}, "]", "newer run"),
		Scroll:   markdown.DefaultKeyMap(),

		Send:    b([]string{"enter", "ctrl+r"}, "enter", "run"),
		Newline: b([]string{"shift+enter", "ctrl+j"}, "⇧enter/ctrl+j", "new line"),
		Field:   b([]string{"tab", "shift+tab"}, "tab", "prompt/system"),
		Close:   b([]string{"esc"}, "esc", "close"),

		Save:   b([]string{"enter"}, "enter", "save"),
		Cancel: b([]string{"esc"}, "esc", "cancel"),

		FormNext: b([]string{"tab"}, "tab", "next field"),
		FormPrev: b([]string{"shift+tab"}, "shift+tab", "previous field"),
		FormUp:   b([]string{"up"}, "↑", "previous target"),
		FormDown: b([]string{"down"}, "↓", "next target"),
		Family:   b([]string{"left", "right", "space"}, "←/→", "family"),
		Apply:    b([]string{"enter"}, "enter", "apply"),
	}
}

// mode is what the keys act on right now.
type mode int

const (
	browsing  mode = iota
	prompting      // the prompt editor has the keyboard
	noting         // the note of a column has the keyboard
	targeting      // the targets form has the keyboard
)

// helpKeys are the keys of one mode, for the shell's help. Before any
// run, the keys that make one.
type helpKeys struct {
	km    keyMap
	mode  mode
	empty bool
}

// short lists the keys that matter in the current mode.
func (h helpKeys) short() []key.Binding {
	k := h.km
	switch h.mode {
	case prompting:
		return []key.Binding{k.Send, k.Field, k.Close}
	case noting:
		return []key.Binding{k.Save, k.Cancel}
	case targeting:
		return []key.Binding{k.Family, k.FormNext, k.Apply, k.Cancel}
	}
	if h.empty {
		return []key.Binding{k.Targets, k.Edit, k.Rerun}
	}
	return []key.Binding{k.Rerun, k.Next, k.Rate, k.Winner, k.Continue, k.Zoom, k.Sync, k.Note, k.Export}
}

// help is every key of the tab, a labelled group a context, the one the
// tab is in first.
func (h helpKeys) help() tab.Help {
	k, s := h.km, h.km.Scroll
	all := tab.Help{Short: h.short(), Groups: []tab.KeyGroup{
		{Title: "Columns", Keys: []key.Binding{k.Next, k.Prev, k.Zoom, k.Sync, s.Up, s.Down, s.PageUp, s.PageDown, s.Home, s.End}},
		{Title: "Judging a column", Keys: []key.Binding{tab.Retitle(k.Rate, "rate 1 to 5 stars; 0 clears"), k.Note, k.Winner, k.Continue, k.Export}},
		{Title: "Runs", Keys: []key.Binding{k.Edit, k.Targets, k.Rerun, k.Stop, k.Older, k.Newer}},
		{Title: "Prompt editor", Keys: []key.Binding{k.Send, k.Newline, k.Field, k.Close}},
		{Title: "Note", Keys: []key.Binding{k.Save, k.Cancel}},
		{Title: "Targets form (ctrl+t)", Keys: []key.Binding{k.FormNext, k.FormPrev, k.FormUp, k.FormDown, k.Family, k.Apply, k.Cancel}},
	}}
	switch {
	case h.mode == prompting:
		return all.First("Prompt editor")
	case h.mode == noting:
		return all.First("Note")
	case h.mode == targeting:
		return all.First("Targets form (ctrl+t)")
	case h.empty:
		return all.First("Runs")
	}
	return all
}
