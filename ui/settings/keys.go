package settings

import (
	"charm.land/bubbles/v2/key"

	"atelier/ui/components/confirm"
	"atelier/ui/components/form"
	"atelier/ui/components/keys"
	"atelier/ui/tab"
)

// keyMap is every key of the Settings tab, used both to act and for help.
type keyMap struct {
	keys.Moves                     // browsing the list
	Edit, Delete                   key.Binding
	Save, Cancel                   key.Binding // a field open for typing
	SaveForm, NextField, PrevField key.Binding // the price form
	Yes, No                        key.Binding // a deletion waiting for confirmation
}

func defaultKeyMap() keyMap {
	answers := confirm.Keys("delete", "keep")
	return keyMap{
		Moves:     keys.DefaultMoves(),
		Edit:      keys.Bind("enter/space", "edit", "enter", "space"),
		Delete:    keys.Bind("d/delete", "delete", "d", "delete"),
		Save:      keys.Bind("enter", "save", "enter"),
		Cancel:    keys.Bind("esc", "cancel", "esc"),
		SaveForm:  keys.Bind("ctrl+s", "save the price", "ctrl+s"),
		NextField: keys.NextField(),
		PrevField: keys.PrevField(),
		Yes:       answers.Yes,
		No:        answers.No,
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

// The titles of the help's groups.
const (
	listKeys    = "Settings"
	typingKeys  = "A value being typed"
	confirmKeys = "A key to delete"
	priceKeys   = "A price being edited"
)

// help is the keys that matter in the current mode, and every key of the
// tab in labelled groups, the one the tab is in first and those that act
// now live.
func (h helpKeys) help() tab.Help {
	k, f := h.km, h.form
	all := tab.Help{Short: []key.Binding{k.Up, k.Down, k.Edit, k.Delete}, Groups: []tab.KeyGroup{
		{Title: listKeys, Keys: append(k.Moves.Bindings(), k.Edit, k.Delete)},
		{Title: typingKeys, Keys: []key.Binding{k.Save, k.Cancel}},
		{Title: confirmKeys, Keys: []key.Binding{k.Yes, k.No}},
		{Title: priceKeys, Keys: []key.Binding{k.SaveForm, k.Cancel, k.NextField, k.PrevField, f.Up, f.Down, f.Add, f.Remove}},
	}}
	switch h.mode {
	case typing:
		all.Short = []key.Binding{k.Save, k.Cancel}
		return all.In(typingKeys)
	case confirming:
		all.Short = []key.Binding{k.Yes, k.No}
		return all.In(confirmKeys)
	case pricing:
		all.Short = []key.Binding{k.SaveForm, k.Cancel, k.NextField, f.Add, f.Remove}
		return all.In(priceKeys)
	}
	return all.In(listKeys)
}

// KeyModes is the help of each of the tab's modes, the first first. The
// key-grammar test walks them.
func KeyModes() []tab.Help {
	var out []tab.Help
	for mo := browsing; mo <= pricing; mo++ {
		out = append(out, helpKeys{km: defaultKeyMap(), form: form.DefaultKeyMap(), mode: mo}.help())
	}
	return out
}
