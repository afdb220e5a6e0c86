package video

import (
	"charm.land/bubbles/v2/key"

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
	Choose, Submit, Next, Prev key.Binding // anywhere but in the chooser
	Up, Down                   key.Binding // the tasks, the chooser
	Moves                      keys.Moves  // the choosers
	Form                       form.KeyMap // the form's rows, choices and lists
	List                       list.KeyMap // the tasks
	Leave                      key.Binding // from the form to the tasks
	Open, Copy, File           key.Binding // a task's video
	Resubmit, Delete, Filter   key.Binding // a task; the tasks
	Pick, Cancel               key.Binding // the endpoint chooser
	Yes, No                    key.Binding // a deletion waiting for confirmation
	Arena                      key.Binding // a finished task: judge it blind against another
	PlayBoth, PlayA, PlayB     key.Binding // the arena's videos
	Vote                       vote.KeyMap // the arena's vote, as every tab votes
	Done                       key.Binding // after the reveal: back to the tasks
}

// defaultKeyMap returns the Video tab's keys.
func defaultKeyMap() keyMap {
	lk := list.DefaultKeyMap()
	b := func(keys []string, k, what string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(k, what))
	}
	return keyMap{
		Choose:   b([]string{"ctrl+t"}, "ctrl+t", "endpoint"),
		Submit:   b([]string{"ctrl+s"}, "ctrl+s", "submit"),
		Next:     keys.NextField(),
		Prev:     keys.PrevField(),
		Up:       lk.Up,
		Down:     lk.Down,
		Moves:    keys.DefaultMoves(),
		Form:     form.DefaultKeyMap(),
		List:     lk,
		Leave:    b([]string{"esc"}, "esc", "to tasks"),
		Open:     b([]string{"enter"}, "enter", "play"),
		Copy:     b([]string{"y"}, "y", "copy URL"),
		File:     b([]string{"f"}, "f", "file"),
		Resubmit: b([]string{"r"}, "r", "re-submit"),
		Delete:   lk.Delete,
		Filter:   lk.Filter,
		Pick:     b([]string{"enter"}, "enter", "choose"),
		Cancel:   b([]string{"esc"}, "esc", "cancel"),
		Yes:      lk.Yes,
		No:       lk.No,
		Arena:    key.NewBinding(key.WithKeys("c"), key.WithHelp("c", "arena")),
		PlayBoth: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "play A then B")),
		PlayA:    key.NewBinding(key.WithKeys("1"), key.WithHelp("1", "play A")),
		PlayB:    key.NewBinding(key.WithKeys("2"), key.WithHelp("2", "play B")),
		Vote:     vote.DefaultKeyMap(),
		Done:     key.NewBinding(key.WithKeys("enter", "esc"), key.WithHelp("enter/esc", "back to the tasks")),
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
)

// helpKeys are the keys of one mode, for the shell's help.
type helpKeys struct {
	km   keyMap
	mode mode
	list bool // the focused row is part of a list
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
		return []key.Binding{k.Open, k.Copy, k.File, k.Resubmit, k.Arena, k.Delete, k.Next}
	case judging:
		return []key.Binding{k.PlayBoth, k.PlayA, k.PlayB, k.Vote.Two, k.Leave}
	case revealed:
		return []key.Binding{k.Vote.Withdraw, k.Done}
	case filtering:
		return k.List.Filtering()
	}
	if h.list {
		return []key.Binding{k.Submit, k.Next, k.Form.Add, k.Form.Remove, k.Choose}
	}
	return []key.Binding{k.Submit, k.Next, k.Choose, k.Leave}
}

// The titles of the help's groups.
const (
	formKeys     = "Form"
	taskKeys     = "Tasks"
	filterKeys   = "Filter (/)"
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
		{Title: formKeys, Keys: append(append([]key.Binding{k.Choose, k.Submit, k.Next, k.Prev}, k.Form.Bindings()...), k.Leave)},
		{Title: taskKeys, Keys: append(k.List.Moves.Bindings(), k.Open, k.Copy, k.File, k.Resubmit, k.Arena, k.Filter, k.Delete,
			k.Choose, k.Submit, tab.Retitle(k.Next, "to the form"), tab.Retitle(k.Prev, "to the form's last row"))},
		{Title: filterKeys, Keys: k.List.Filtering()},
		{Title: confirmKeys, Keys: []key.Binding{k.Yes, k.No}},
		{Title: pairKeys, Keys: append(k.Moves.Bindings(), k.Pick, k.Cancel)},
		{Title: judgeKeys, Keys: []key.Binding{k.PlayBoth, k.PlayA, k.PlayB, k.Vote.Two, tab.Retitle(k.Leave, "leave unvoted")}},
		{Title: revealedKeys, Keys: []key.Binding{k.Vote.Withdraw, k.Done}},
		{Title: withdrawKeys, Keys: []key.Binding{answers.Yes, answers.No}},
		{Title: chooserKeys, Keys: append(k.Moves.Bindings(), k.Pick, k.Cancel)},
	}}
	switch h.mode {
	case browsing:
		return all.In(taskKeys)
	case filtering:
		return all.In(filterKeys)
	case confirming:
		return all.In(confirmKeys)
	case picking:
		return all.In(chooserKeys)
	case pairing:
		return all.In(pairKeys)
	case judging:
		return all.In(judgeKeys)
	case revealed:
		return all.In(revealedKeys)
	case withdrawing:
		return all.In(withdrawKeys)
	}
	return all.In(formKeys)
}

// KeyModes is the help of each of the tab's modes, the tasks first (the
// form is a level in: esc leaves it for them). The key-grammar test walks
// them.
func KeyModes() []tab.Help {
	km := defaultKeyMap()
	out := []tab.Help{helpKeys{km: km, mode: browsing}.help(), helpKeys{km: km, mode: editing}.help(),
		helpKeys{km: km, mode: editing, list: true}.help()}
	for mo := picking; mo <= filtering; mo++ {
		out = append(out, helpKeys{km: km, mode: mo}.help())
	}
	return append(out, tab.Asking(guard.New().Help())) // the budget's question
}
