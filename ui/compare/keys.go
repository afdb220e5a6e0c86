package compare

import (
	"charm.land/bubbles/v2/key"

	launcher "atelier/ui/components/editor"
	"atelier/ui/components/form"
	"atelier/ui/components/guard"
	"atelier/ui/components/vote"
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
	Diff, Tags                   key.Binding
	Scroll                       markdown.KeyMap // a column, or all while in sync

	// Blind runs (issue 16): the toggle, and the vote's keys
	// (ui/components/vote's, as every tab votes).
	Blind key.Binding
	Vote  vote.KeyMap

	// The prompt editor.
	Send, Newline, Field, Close, Editor key.Binding

	// The note of a column.
	Save, Cancel key.Binding

	// The targets form.
	FormNext, FormPrev, Apply key.Binding
	Form                      form.KeyMap // its rows and choices
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
		Diff:     b([]string{"D"}, "D", "word diff with the next column"),
		Tags:     b([]string{"#"}, "#", "tags"),
		Scroll:   markdown.DefaultKeyMap(),

		Blind: b([]string{"ctrl+b"}, "ctrl+b", "blind next run"),
		Vote:  vote.DefaultKeyMap(),

		Send:    b([]string{"enter", "ctrl+r"}, "enter", "run"),
		Newline: b([]string{"shift+enter", "ctrl+j"}, "⇧enter/ctrl+j", "new line"),
		Field:   b([]string{"tab", "shift+tab"}, "tab", "prompt/system"),
		Close:   b([]string{"esc"}, "esc", "close"),
		Editor:  launcher.DefaultKeyMap().Open,

		Save:   b([]string{"enter"}, "enter", "save"),
		Cancel: b([]string{"esc"}, "esc", "cancel"),

		FormNext: b([]string{"tab"}, "tab", "next field"),
		FormPrev: b([]string{"shift+tab"}, "shift+tab", "previous field"),
		Apply:    b([]string{"enter"}, "enter", "apply"),
		Form:     form.DefaultKeyMap(),
	}
}

// mode is what the keys act on right now.
type mode int

const (
	browsing  mode = iota
	prompting      // the prompt editor has the keyboard
	noting         // the note of a column has the keyboard
	targeting      // the targets form has the keyboard
	lining         // a one-line field has the keyboard: the tags
	asking         // the budget's question waits for y or n
)

// helpKeys are the keys of one mode, for the shell's help. Before any
// run, the keys that make one.
type helpKeys struct {
	km     keyMap
	mode   mode
	empty  bool
	hidden bool          // a blind run waits for its vote
	vote   []key.Binding // the vote's keys that matter now
	asked  bool          // the vote's withdrawal asks
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
		return []key.Binding{k.Form.Change, k.FormNext, k.Apply, k.Cancel}
	case lining:
		return []key.Binding{k.Save, k.Cancel}
	case asking:
		return guard.New().Help()
	}
	switch {
	case h.empty:
		return []key.Binding{k.Targets, k.Edit, k.Rerun}
	case h.hidden:
		return append(h.vote, k.Next, k.Diff, k.Rerun, k.Blind)
	case h.asked:
		return h.vote
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
		{Title: "Runs", Keys: []key.Binding{k.Edit, k.Targets, k.Rerun, k.Stop, k.Older, k.Newer, k.Diff, k.Tags}},
		{Title: "Blind (arena)", Keys: []key.Binding{k.Blind, k.Vote.Two, k.Vote.Rank, k.Vote.Record, k.Vote.Erase, k.Vote.Withdraw}},
		{Title: "Prompt editor", Keys: []key.Binding{k.Send, k.Newline, k.Editor, k.Field, k.Close}},
		{Title: "Note", Keys: []key.Binding{k.Save, k.Cancel}},
		{Title: "Targets form (ctrl+t)", Keys: []key.Binding{k.FormNext, k.FormPrev, k.Form.Up, k.Form.Down, k.Form.Change, k.Form.Back, k.Apply, k.Cancel}},
	}}
	switch {
	case h.mode == prompting:
		return all.First("Prompt editor")
	case h.mode == noting:
		return all.First("Note")
	case h.mode == targeting:
		return all.First("Targets form (ctrl+t)")
	case h.hidden || h.mode == lining:
		return all.First("Blind (arena)")
	case h.empty:
		return all.First("Runs")
	}
	return all
}
