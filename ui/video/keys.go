package video

import (
	"charm.land/bubbles/v2/key"

	"atelier/ui/tab"
)

// keyMap is every key of the Video tab, used both to act and for help.
type keyMap struct {
	Choose, Submit, Next, Prev key.Binding // anywhere but in the chooser
	Up, Down                   key.Binding // the form's rows, the tasks, the chooser
	Change, Back               key.Binding // a choice: next and previous value
	Add, Remove                key.Binding // a list's items
	Leave                      key.Binding // from the form to the tasks
	Open, Copy, File           key.Binding // a task's video
	Resubmit, Delete           key.Binding // a task
	Pick, Cancel               key.Binding // the endpoint chooser
	Yes, No                    key.Binding // a deletion waiting for confirmation
}

// defaultKeyMap returns the Video tab's keys.
func defaultKeyMap() keyMap {
	return keyMap{
		Choose:   key.NewBinding(key.WithKeys("ctrl+t"), key.WithHelp("ctrl+t", "endpoint")),
		Submit:   key.NewBinding(key.WithKeys("ctrl+s"), key.WithHelp("ctrl+s", "submit")),
		Next:     key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "next field")),
		Prev:     key.NewBinding(key.WithKeys("shift+tab"), key.WithHelp("shift+tab", "previous field")),
		Up:       key.NewBinding(key.WithKeys("up"), key.WithHelp("↑", "up")),
		Down:     key.NewBinding(key.WithKeys("down"), key.WithHelp("↓", "down")),
		Change:   key.NewBinding(key.WithKeys("space", "enter", "right"), key.WithHelp("space", "next value")),
		Back:     key.NewBinding(key.WithKeys("left"), key.WithHelp("←", "previous value")),
		Add:      key.NewBinding(key.WithKeys("ctrl+n"), key.WithHelp("ctrl+n", "add item")),
		Remove:   key.NewBinding(key.WithKeys("ctrl+x"), key.WithHelp("ctrl+x", "remove item")),
		Leave:    key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "to tasks")),
		Open:     key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "play")),
		Copy:     key.NewBinding(key.WithKeys("y"), key.WithHelp("y", "copy URL")),
		File:     key.NewBinding(key.WithKeys("f"), key.WithHelp("f", "file")),
		Resubmit: key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "re-submit")),
		Delete:   key.NewBinding(key.WithKeys("d", "delete"), key.WithHelp("d", "delete")),
		Pick:     key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "choose")),
		Cancel:   key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel")),
		Yes:      key.NewBinding(key.WithKeys("y"), key.WithHelp("y", "confirm delete")),
		No:       key.NewBinding(key.WithKeys("n", "esc"), key.WithHelp("n/esc", "keep")),
	}
}

// mode is what the keys act on right now.
type mode int

const (
	editing    mode = iota // a row of the form
	browsing               // the task list
	picking                // the endpoint chooser
	confirming             // a deletion waiting for y
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
		return []key.Binding{k.Open, k.Copy, k.File, k.Resubmit, k.Delete, k.Next}
	}
	if h.list {
		return []key.Binding{k.Submit, k.Next, k.Add, k.Remove, k.Choose}
	}
	return []key.Binding{k.Submit, k.Next, k.Choose, k.Leave}
}

// help is every key of the tab, a labelled group a context, the one the
// tab is in first.
func (h helpKeys) help() tab.Help {
	k := h.km
	all := tab.Help{Short: h.short(), Groups: []tab.KeyGroup{
		{Title: "Form", Keys: []key.Binding{k.Choose, k.Submit, k.Next, k.Prev, k.Up, k.Down, k.Change, k.Back, k.Add, k.Remove, k.Leave}},
		{Title: "Tasks", Keys: []key.Binding{k.Up, k.Down, k.Open, k.Copy, k.File, k.Resubmit, k.Delete, k.Yes, k.No}},
		{Title: "Endpoint chooser (ctrl+t)", Keys: []key.Binding{k.Up, k.Down, k.Pick, k.Cancel}},
	}}
	switch h.mode {
	case browsing, confirming:
		return all.First("Tasks")
	case picking:
		return all.First("Endpoint chooser (ctrl+t)")
	}
	return all
}
