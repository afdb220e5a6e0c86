package compare

import (
	"charm.land/bubbles/v2/key"

	"atelier/ui/components/confirm"
	launcher "atelier/ui/components/editor"
	"atelier/ui/components/form"
	"atelier/ui/components/guard"
	"atelier/ui/components/keys"
	"atelier/ui/components/vote"
	"atelier/ui/markdown"
	"atelier/ui/tab"
)

// keyMap is every key of the Compare tab, used both to act and for help.
type keyMap struct {
	// Looking at the columns.
	Next, Prev, Zoom, Sync       key.Binding
	Rate, Note, Winner, Continue key.Binding
	Export, Share, Rerun, Edit   key.Binding
	Targets                      key.Binding
	Stop, Older, Newer           key.Binding
	PrevAlt, NextAlt             key.Binding // the run's alternatives (alternatives.go)
	Diff, Tags, Sets, Judge      key.Binding
	Scroll                       markdown.KeyMap // a column, or all while in sync

	// Blind runs: the toggle, and the vote's keys
	// (ui/components/vote's, as every tab votes).
	Blind key.Binding
	Vote  vote.KeyMap

	// The prompt editor.
	Send, Newline, Close, Editor key.Binding

	// The note of a column, or the tags; a target set's field saves the
	// targets with SetSave.
	Save, Cancel, SetSave key.Binding

	// The targets form, and the prompt editor's two fields.
	FormNext, FormPrev, Apply key.Binding
	Form                      form.KeyMap // its rows and choices
}

func defaultKeyMap() keyMap {
	fk := form.DefaultKeyMap()
	fk.Enter.SetEnabled(false) // enter applies the form
	return keyMap{
		Next:     keys.Bind("tab/→/l", "next column", "tab", "right", "l"),
		Prev:     keys.Bind("shift+tab/←/h", "previous column", "shift+tab", "left", "h"),
		Zoom:     keys.Bind("z", "zoom", "z"),
		Sync:     keys.Bind("s", "sync scroll", "s"),
		Rate:     keys.Bind("1-5/0", "rate", "1", "2", "3", "4", "5", "0"),
		Note:     keys.Bind("n", "note", "n"),
		Winner:   keys.Bind("w", "winner", "w"),
		Continue: keys.Bind("c", "continue in chat", "c"),
		Export:   keys.Bind("x", "export", "x"),
		Share:    keys.Share(),
		Rerun:    keys.Bind("ctrl+r", "run", "ctrl+r"),
		Edit:     keys.Bind("e/enter", "edit prompt", "e", "enter"),
		Targets:  keys.Bind("ctrl+t", "targets", "ctrl+t"),
		Stop:     keys.Bind("esc", "stop", "esc"),
		Older:    keys.Bind("[", "older run", "["),
		Newer:    keys.Bind("]", "newer run", "]"),
		PrevAlt:  keys.PrevAlternative(),
		NextAlt:  keys.NextAlternative(),
		Diff:     keys.Bind("ctrl+d", "word diff with the next column", "ctrl+d"), // D is a ranking's letter
		Tags:     keys.Bind("#", "tags", "#"),
		Sets:     keys.Bind("S", "target sets: take one, or save these targets", "S"),
		Judge:    keys.Bind("J", "judge: which column is better, asked in both orders", "J"),
		Scroll:   markdown.DefaultKeyMap(),

		Blind: keys.Bind("ctrl+b", "blind next run", "ctrl+b"),
		Vote:  vote.DefaultKeyMap(),

		Send:    keys.Bind("enter/ctrl+r", "run the prompt", "enter", "ctrl+r"),
		Newline: keys.Bind("⇧enter/ctrl+j", "new line", "shift+enter", "ctrl+j"),
		Close:   keys.Bind("esc", "back, the text kept", "esc"),
		Editor:  launcher.DefaultKeyMap().Open,

		Save:    keys.Bind("enter", "save", "enter"),
		Cancel:  keys.Bind("esc", "cancel", "esc"),
		SetSave: keys.Bind("ctrl+s", "save these targets as the set", "ctrl+s"),

		FormNext: keys.NextField(),
		FormPrev: keys.PrevField(),
		Apply:    keys.Bind("enter", "apply", "enter"),
		Form:     fk,
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
	km       keyMap
	mode     mode
	empty    bool
	lanes    int  // the run's columns
	hidden   bool // a blind run waits for its vote
	ranking  bool // a ranking is being typed
	revealed bool // a blind vote stands, to withdraw
	asked    bool // the vote's withdrawal asks
	set      bool // the one-line field is a target set's name
}

// short lists the keys that matter in the current mode.
func (h helpKeys) short() []key.Binding {
	k := h.km
	switch h.mode {
	case prompting:
		return []key.Binding{k.Send, k.FormNext, k.Close}
	case noting, lining:
		if h.set {
			return []key.Binding{tab.Retitle(k.Save, "take the set named"), k.SetSave, k.Cancel}
		}
		return []key.Binding{k.Save, k.Cancel}
	case targeting:
		return []key.Binding{k.Form.Change, k.FormNext, k.Apply, k.Cancel}
	case asking:
		return guard.New().Help()
	}
	switch {
	case h.asked:
		return h.voteKeys()
	case h.empty:
		return []key.Binding{k.Targets, k.Edit, k.Rerun}
	case h.hidden:
		return append(h.voteKeys(), k.Next, k.Diff, k.Rerun, k.Blind)
	}
	return []key.Binding{k.Rerun, k.Next, k.Rate, k.Winner, k.Continue, k.Zoom, k.Sync, k.Note, k.Export}
}

// voteKeys are the vote's keys that act now (ui/components/vote's).
func (h helpKeys) voteKeys() []key.Binding {
	if h.asked {
		c := confirm.Keys("withdraw", "keep") // the vote's question
		return []key.Binding{c.Yes, c.No}
	}
	return h.km.Vote.Now(h.lanes, h.hidden, h.ranking, h.revealed)
}

// The titles of the help's groups.
const (
	columnKeys = "Columns"
	judgeKeys  = "Judging a column"
	runKeys    = "Runs"
	blindKeys  = "Blind (arena)"
	voteKeys   = "The blind vote"
	promptKeys = "Prompt editor"
	noteKeys   = "Note"
	lineKeys   = "The tags, typed"
	setKeys    = "Target set (S)"
	formKeys   = "Targets form (ctrl+t)"
)

// help is every key of the tab, a labelled group a context, the one the
// tab is in first and those that act now live.
func (h helpKeys) help() tab.Help {
	if h.mode == asking || h.asked {
		return tab.Asking(h.short())
	}
	k, s, f := h.km, h.km.Scroll, h.km.Form
	all := tab.Help{Short: h.short(), Groups: []tab.KeyGroup{
		{Title: columnKeys, Keys: []key.Binding{k.Next, k.Prev, k.Zoom, k.Sync, s.Up, s.Down, s.PageUp, s.PageDown, s.Home, s.End}},
		{Title: judgeKeys, Keys: []key.Binding{tab.Retitle(k.Rate, "rate 1 to 5 stars; 0 clears"), k.Note, k.Winner, k.Judge, k.Continue, k.Export, k.Share}},
		{Title: runKeys, Keys: []key.Binding{k.Edit, k.Targets, k.Sets, k.Rerun, k.Stop, k.Older, k.Newer, k.PrevAlt, k.NextAlt, k.Diff, k.Tags}},
		{Title: setKeys, Keys: []key.Binding{tab.Retitle(k.Save, "take the set named"), k.SetSave, k.Cancel}},
		{Title: blindKeys, Keys: []key.Binding{k.Blind}},
		{Title: voteKeys, Keys: h.voteKeys()},
		{Title: promptKeys, Keys: []key.Binding{k.Send, k.Newline, k.Editor, k.FormNext, k.FormPrev, k.Close}},
		{Title: noteKeys, Keys: []key.Binding{k.Save, k.Cancel}},
		{Title: lineKeys, Keys: []key.Binding{tab.Retitle(k.Save, "save the tags"), k.Cancel}},
		{Title: formKeys, Keys: []key.Binding{k.FormNext, k.FormPrev, f.Up, f.Down, f.Change, f.Back, k.Apply, k.Cancel}},
	}}
	switch {
	case h.mode == prompting:
		return all.In(promptKeys)
	case h.mode == noting:
		return all.In(noteKeys)
	case h.mode == lining && h.set:
		return all.In(setKeys)
	case h.mode == lining:
		return all.In(lineKeys)
	case h.mode == targeting:
		return all.In(formKeys)
	case h.empty:
		return all.In(runKeys, blindKeys)
	case h.hidden && h.ranking: // enter records, esc clears: the ranking's
		return all.In(voteKeys, columnKeys, blindKeys)
	case h.hidden:
		return all.In(voteKeys, columnKeys, runKeys, blindKeys)
	}
	return all.In(columnKeys, judgeKeys, runKeys, blindKeys, voteKeys)
}

// KeyModes is the help of each of the tab's modes, the first first:
// before a run, a run shown, a blind run of 2, 3 and 4 columns waiting for
// its vote (a ranking typed or not), a vote standing and its withdrawal
// asked, and each field, form and question. The key-grammar test walks
// them.
func KeyModes() []tab.Help {
	km := defaultKeyMap()
	out := []tab.Help{helpKeys{km: km, empty: true}.help(), helpKeys{km: km, lanes: 3}.help(),
		helpKeys{km: km, lanes: 3, revealed: true}.help(), helpKeys{km: km, lanes: 3, asked: true}.help()}
	for n := 2; n <= maxLanes; n++ {
		out = append(out, helpKeys{km: km, hidden: true, lanes: n}.help(), helpKeys{km: km, hidden: true, lanes: n, ranking: n > 2}.help())
	}
	for _, mo := range []mode{prompting, noting, targeting, lining, asking} {
		out = append(out, helpKeys{km: km, mode: mo, lanes: 3}.help())
	}
	out = append(out, helpKeys{km: km, mode: lining, lanes: 3, set: true}.help())
	return out
}
