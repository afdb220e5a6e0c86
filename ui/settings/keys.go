package settings

import (
	"charm.land/bubbles/v2/key"

	"atelier/ui/components/confirm"
	"atelier/ui/components/form"
	"atelier/ui/components/style"
	"atelier/ui/tab"
)

// keyMap is every key of the Settings tab, used both to act and for help.
type keyMap struct {
	Up, Down, Edit, Delete key.Binding // browsing the list
	Save, Cancel           key.Binding // a field open for typing
	SaveForm               key.Binding // the price form
	Yes, No                key.Binding // a deletion waiting for confirmation
}

func defaultKeyMap() keyMap {
	answers := confirm.Keys("delete", "keep")
	return keyMap{
		Up:       style.ListUp(),
		Down:     style.ListDown(),
		Edit:     key.NewBinding(key.WithKeys("enter", "space"), key.WithHelp("enter", "edit")),
		Delete:   key.NewBinding(key.WithKeys("d", "delete"), key.WithHelp("d", "delete")),
		Save:     key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "save")),
		Cancel:   key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel")),
		SaveForm: key.NewBinding(key.WithKeys("ctrl+s"), key.WithHelp("ctrl+s", "save the price")),
		Yes:      answers.Yes,
		No:       answers.No,
	}
}

// mode is what the keys act on right now.
type mode int

const (
	browsing mode = iota
	typing
	confirming
	pricing // the price form is open
)

// helpKeys are the keys of one mode, for the shell's help.
type helpKeys struct {
	km   keyMap
	form form.KeyMap
	mode mode
}

// help is the keys that matter in the current mode, and every key of the
// tab in labelled groups, the one the tab is in first.
func (h helpKeys) help() tab.Help {
	k := h.km
	all := tab.Help{Short: []key.Binding{k.Up, k.Down, k.Edit, k.Delete}, Groups: []tab.KeyGroup{
		{Title: "Settings", Keys: []key.Binding{k.Up, k.Down, k.Edit, k.Delete}},
		{Title: "A value being typed", Keys: []key.Binding{k.Save, k.Cancel}},
		{Title: "A key to delete", Keys: []key.Binding{k.Yes, k.No}},
		{Title: "A price being edited", Keys: []key.Binding{k.SaveForm, k.Cancel, h.form.Add, h.form.Remove}},
	}}
	switch h.mode {
	case typing:
		all.Short = []key.Binding{k.Save, k.Cancel}
		return all.First("A value being typed")
	case confirming:
		all.Short = []key.Binding{k.Yes, k.No}
		return all.First("A key to delete")
	case pricing:
		all.Short = []key.Binding{k.SaveForm, k.Cancel, h.form.Add, h.form.Remove}
		return all.First("A price being edited")
	}
	return all
}
