package video

import (
	"charm.land/bubbles/v2/key"

	"atelier/ui/components/ask"
	"atelier/ui/components/confirm"
	"atelier/ui/components/form"
	"atelier/ui/components/guard"
	"atelier/ui/components/keys"
	"atelier/ui/components/list"
	"atelier/ui/components/vote"
	"atelier/ui/tab"
)

// keyMap is every key of the Video tab, used both to act and for help.
type keyMap struct {
	Choose, Send, Next, Prev key.Binding // anywhere but in the chooser; Send the form's
	Typed                    key.Binding // a path or URL typed: enter moves on, as in the Image tab
	Up, Down                 key.Binding // the tasks, the chooser
	Moves                    keys.Moves  // the choosers
	Form                     form.KeyMap // the form's rows, choices and lists
	List                     list.KeyMap // the tasks
	Leave                    key.Binding // from the form to the tasks
	ToForm                   key.Binding // tab, from the tasks: enter there plays, the form sends
	Open, Copy, File         key.Binding // a task's video
	Resubmit, Delete, Filter key.Binding // a task; the tasks
	Retry                    key.Binding // a task whose download failed
	Label                    key.Binding // a task: set, change or take away its label
	Ask                      ask.KeyMap  // the label's question
	Pause                    key.Binding // the queue: pause or resume every poller
	Pick, Cancel             key.Binding // the endpoint chooser
	Yes, No                  key.Binding // a deletion waiting for confirmation
	Arena                    key.Binding // a finished task: judge it blind against another
	PlayBoth, PlayA, PlayB   key.Binding // the arena's videos
	Vote                     vote.KeyMap // the arena's vote, as every tab votes
	Done                     key.Binding // after the reveal: back to the tasks
}

// defaultKeyMap returns the Video tab's keys.
func defaultKeyMap() keyMap {
	lk := list.DefaultKeyMap()
	return keyMap{
		Choose:   keys.Bind("ctrl+t", "endpoint", "ctrl+t"),
		Send:     keys.Send(),
		Typed:    keys.Bind("enter", "done: the next row", "enter"),
		Next:     keys.NextField(),
		Prev:     keys.PrevField(),
		Up:       lk.Up,
		Down:     lk.Down,
		Moves:    keys.DefaultMoves(),
		Form:     fieldKeys(),
		List:     lk,
		Leave:    keys.Bind("esc", "to tasks", "esc"),
		ToForm:   tab.Retitle(keys.NextField(), "to the form"),
		Open:     keys.Bind("enter", "play", "enter"),
		Copy:     keys.Bind("y", "copy URL", "y"),
		File:     keys.Bind("f", "file", "f"),
		Resubmit: keys.Bind("r", "re-submit", "r"),
		Retry:    keys.RetryDownload(),
		Label:    keys.Label(),
		Ask:      ask.Keys("set the label"),
		Pause:    keys.Bind("p", "pause/resume the queue", "p"),
		Delete:   lk.Delete,
		Filter:   lk.Filter,
		Pick:     keys.Bind("enter", "choose", "enter"),
		Cancel:   keys.Bind("esc", "cancel", "esc"),
		Yes:      lk.Yes,
		No:       lk.No,
		Arena:    keys.Bind("c", "arena", "c"),
		PlayBoth: keys.Bind("enter", "play A then B", "enter"),
		PlayA:    keys.Bind("1", "play A", "1"),
		PlayB:    keys.Bind("2", "play B", "2"),
		Vote:     vote.DefaultKeyMap(),
		Done:     keys.Bind("enter/esc", "back to the tasks", "enter", "esc"),
	}
}

// mode is what the keys act on right now.
type mode int

const (
	editing     mode = iota // a row of the form
	browsing                // the task list
	picking                 // the endpoint chooser
	confirming              // a deletion waiting for y (the task list asks; for help)
	pairing                 // the arena's chooser: which task meets the selected one
	judging                 // the arena: A and B, blind until the vote
	revealed                // the arena after the vote (help only)
	withdrawing             // the arena asks before a withdrawal (help only)
	filtering               // the task list's filter is typed (help only)
	labelling               // the selected task's label is asked (help only)
)

// helpKeys are the keys of one mode, for the shell's help.
type helpKeys struct {
	km   keyMap
	mode mode
	list bool // the focused row is part of a list
	path bool // the focused row is a path or URL typed: enter is its own
}

// short lists the keys that matter in the current mode.
func (h helpKeys) short() []key.Binding {
	k := h.km
	switch h.mode {
	case picking, pairing:
		return []key.Binding{k.Pick, k.Cancel}
	case confirming, withdrawing:
		return []key.Binding{k.Yes, k.No}
	case browsing:
		return []key.Binding{k.Open, k.Copy, k.File, k.Resubmit, k.Retry, k.Label, k.Pause, k.Arena, k.Delete, k.ToForm}
	case judging:
		return []key.Binding{k.PlayBoth, k.PlayA, k.PlayB, k.Vote.Two, k.Leave}
	case revealed:
		return []key.Binding{k.Vote.Withdraw, k.Done}
	case filtering:
		return k.List.Filtering()
	case labelling:
		return k.Ask.Help()
	}
	switch {
	case h.path:
		return []key.Binding{k.Typed, k.Next, k.Prev, k.Leave}
	case h.list:
		return []key.Binding{k.Send, k.Next, k.Form.Add, k.Form.Remove, k.Choose}
	}
	return []key.Binding{k.Send, k.Next, k.Choose, k.Leave}
}

// The titles of the help's groups.
const (
	formKeys     = "Form"
	pathKeys     = "A path or URL, typed"
	taskKeys     = "Tasks"
	filterKeys   = "Filter (/; label:NAME keeps a label's tasks)"
	labelKeys    = "The task's label (L)"
	confirmKeys  = "A task to delete"
	pairKeys     = "Arena (c): the other task"
	judgeKeys    = "Arena: judging blind"
	revealedKeys = "Arena: after the vote"
	withdrawKeys = "Withdraw the vote?"
	chooserKeys  = "Endpoint chooser (ctrl+t)"
)

// help is every key of the tab, a labelled group a context, the one the
// tab is in first and those that act now live.
func (h helpKeys) help() tab.Help {
	k := h.km
	answers := confirm.Keys("withdraw", "keep") // the vote's question
	all := tab.Help{Short: h.short(), Groups: []tab.KeyGroup{
		{Title: formKeys, Keys: append(append([]key.Binding{k.Choose, k.Send, k.Next, k.Prev}, k.Form.Bindings()...), k.Leave)},
		{Title: pathKeys, Keys: []key.Binding{k.Typed, k.Next, k.Prev, k.Form.Up, k.Form.Down, k.Form.Add, k.Form.Remove, k.Choose, k.Leave}},
		{Title: taskKeys, Keys: append(k.List.Moves.Bindings(), k.Open, k.Copy, k.File, k.Resubmit, k.Retry, k.Label, k.Pause, k.Arena, k.Filter, k.Delete,
			k.Choose, k.ToForm, tab.Retitle(k.Prev, "to the form's last row"))},
		{Title: filterKeys, Keys: k.List.Filtering()},
		{Title: labelKeys, Keys: k.Ask.Help()},
		{Title: confirmKeys, Keys: []key.Binding{k.Yes, k.No}},
		{Title: pairKeys, Keys: append(k.Moves.Bindings(), k.Pick, k.Cancel)},
		{Title: judgeKeys, Keys: []key.Binding{k.PlayBoth, k.PlayA, k.PlayB, k.Vote.Two, tab.Retitle(k.Leave, "leave unvoted")}},
		{Title: revealedKeys, Keys: []key.Binding{k.Vote.Withdraw, k.Done}},
		{Title: withdrawKeys, Keys: []key.Binding{answers.Yes, answers.No}},
		{Title: chooserKeys, Keys: append(k.Moves.Bindings(), k.Pick, k.Cancel)},
	}}
	if h.mode == editing && h.path {
		return all.In(pathKeys)
	}
	return tab.InMode(all, h.mode, liveIn, formKeys)
}

// liveIn names the group that acts in each mode; in the form, the form's.
var liveIn = map[mode][]string{
	browsing: {taskKeys}, filtering: {filterKeys}, labelling: {labelKeys}, confirming: {confirmKeys}, picking: {chooserKeys},
	pairing: {pairKeys}, judging: {judgeKeys}, revealed: {revealedKeys}, withdrawing: {withdrawKeys},
}

// KeyModes is the help of each of the tab's modes, the tasks first (the
// form is a level in: esc leaves it for them). The key-grammar test walks
// them.
func KeyModes() []tab.Help {
	km := defaultKeyMap()
	out := []tab.Help{helpKeys{km: km, mode: browsing}.help(), helpKeys{km: km, mode: editing}.help(),
		helpKeys{km: km, mode: editing, list: true}.help(), helpKeys{km: km, mode: editing, path: true}.help()}
	for mo := picking; mo <= labelling; mo++ {
		out = append(out, helpKeys{km: km, mode: mo}.help())
	}
	return append(out, tab.Asking(guard.New().Help())) // the budget's question
}
