package video

import (
	"charm.land/bubbles/v2/key"

	"atelier/ui/components/form"
	"atelier/ui/components/list"
	"atelier/ui/components/vote"
	"atelier/ui/tab"
)

// keyMap is every key of the Video tab, used both to act and for help.
type keyMap struct {
	Choose, Submit, Next, Prev key.Binding // anywhere but in the chooser
	Up, Down                   key.Binding // the tasks, the chooser
	Form                       form.KeyMap // the form's rows, choices and lists
	Leave                      key.Binding // from the form to the tasks
	Open, Copy, File           key.Binding // a task's video
	Resubmit, Delete, Filter   key.Binding // a task; the tasks
	Pick, Cancel               key.Binding // the endpoint chooser
	Yes, No                    key.Binding // a deletion waiting for confirmation
	Arena                      key.Binding // a finished task: judge it blind against another
	PlayBoth, PlayA, PlayB     key.Binding // the arena's videos
	Vote                       vote.KeyMap // the arena's vote, as every tab votes
}

// defaultKeyMap returns the Video tab's keys.
func defaultKeyMap() keyMap {
	lk := list.DefaultKeyMap()
	return keyMap{
		Choose:   key.NewBinding(key.WithKeys("ctrl+t"), key.WithHelp("ctrl+t", "endpoint")),
		Submit:   key.NewBinding(key.WithKeys("ctrl+s"), key.WithHelp("ctrl+s", "submit")),
		Next:     key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "next field")),
		Prev:     key.NewBinding(key.WithKeys("shift+tab"), key.WithHelp("shift+tab", "previous field")),
		Up:       lk.Up,
		Down:     lk.Down,
		Form:     form.DefaultKeyMap(),
		Leave:    key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "to tasks")),
		Open:     key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "play")),
		Copy:     key.NewBinding(key.WithKeys("y"), key.WithHelp("y", "copy URL")),
		File:     key.NewBinding(key.WithKeys("f"), key.WithHelp("f", "file")),
		Resubmit: key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "re-submit")),
		Delete:   lk.Delete,
		Filter:   lk.Filter,
		Pick:     key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "choose")),
		Cancel:   key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel")),
		Yes:      lk.Yes,
		No:       lk.No,
		Arena:    key.NewBinding(key.WithKeys("c"), key.WithHelp("c", "arena")),
		PlayBoth: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "play A then B")),
		PlayA:    key.NewBinding(key.WithKeys("1"), key.WithHelp("1", "play A")),
		PlayB:    key.NewBinding(key.WithKeys("2"), key.WithHelp("2", "play B")),
		Vote:     vote.DefaultKeyMap(),
	}
}

// mode is what the keys act on right now.
type mode int

const (
	editing    mode = iota // a row of the form
	browsing               // the task list
	picking                // the endpoint chooser
	confirming             // a deletion waiting for y (the task list asks; for help)
	pairing                // the arena's chooser: which task meets the selected one
	judging                // the arena: A and B, blind until the vote
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
	case picking:
		return []key.Binding{k.Pick, k.Cancel}
	case confirming:
		return []key.Binding{k.Yes, k.No}
	case browsing:
		return []key.Binding{k.Open, k.Copy, k.File, k.Resubmit, k.Arena, k.Delete, k.Next}
	case pairing:
		return []key.Binding{k.Pick, k.Cancel}
	case judging:
		return []key.Binding{k.PlayBoth, k.PlayA, k.PlayB, k.Vote.Two, k.Leave}
	}
	if h.list {
		return []key.Binding{k.Submit, k.Next, k.Form.Add, k.Form.Remove, k.Choose}
	}
	return []key.Binding{k.Submit, k.Next, k.Choose, k.Leave}
}

// help is every key of the tab, a labelled group a context, the one the
// tab is in first.
func (h helpKeys) help() tab.Help {
	k := h.km
	all := tab.Help{Short: h.short(), Groups: []tab.KeyGroup{
		{Title: "Form", Keys: append(append([]key.Binding{k.Choose, k.Submit, k.Next, k.Prev}, k.Form.Bindings()...), k.Leave)},
		{Title: "Tasks", Keys: []key.Binding{k.Up, k.Down, k.Open, k.Copy, k.File, k.Resubmit, k.Arena, k.Filter, k.Delete, k.Yes, k.No}},
		{Title: "Arena (c)", Keys: []key.Binding{k.Up, k.Down, k.Pick, k.PlayBoth, k.PlayA, k.PlayB, k.Vote.Two, k.Vote.Withdraw, k.Leave}},
		{Title: "Endpoint chooser (ctrl+t)", Keys: []key.Binding{k.Up, k.Down, k.Pick, k.Cancel}},
	}}
	switch h.mode {
	case browsing, confirming:
		return all.First("Tasks")
	case picking:
		return all.First("Endpoint chooser (ctrl+t)")
	case pairing, judging:
		return all.First("Arena (c)")
	}
	return all
}
