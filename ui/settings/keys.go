package settings

import (
	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
)

// keyMap is every key of the Settings tab, used both to act and for help.
type keyMap struct {
	Up, Down, Edit, Delete key.Binding // browsing the list
	Save, Cancel           key.Binding // a field open for typing
	Yes, No                key.Binding // a deletion waiting for confirmation
}

func defaultKeyMap() keyMap {
	return keyMap{
		Up:     key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "up")),
		Down:   key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "down")),
		Edit:   key.NewBinding(key.WithKeys("enter", "space"), key.WithHelp("enter", "edit")),
		Delete: key.NewBinding(key.WithKeys("d", "delete"), key.WithHelp("d", "delete")),
		Save:   key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "save")),
		Cancel: key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel")),
		Yes:    key.NewBinding(key.WithKeys("y"), key.WithHelp("y", "delete")),
		No:     key.NewBinding(key.WithKeys("n", "esc"), key.WithHelp("n/esc", "keep")),
	}
}

// mode is what the keys act on right now.
type mode int

const (
	browsing mode = iota
	typing
	confirming
)

// helpKeys shows the keys of one mode: help.KeyMap for the shell.
type helpKeys struct {
	km   keyMap
	mode mode
}

var _ help.KeyMap = helpKeys{}

// ShortHelp lists the keys that matter in the current mode.
func (h helpKeys) ShortHelp() []key.Binding {
	switch h.mode {
	case typing:
		return []key.Binding{h.km.Save, h.km.Cancel}
	case confirming:
		return []key.Binding{h.km.Yes, h.km.No}
	}
	return []key.Binding{h.km.Up, h.km.Down, h.km.Edit, h.km.Delete}
}

// FullHelp lists every key of the tab, one column per mode.
func (h helpKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{h.km.Up, h.km.Down, h.km.Edit, h.km.Delete},
		{h.km.Save, h.km.Cancel},
		{h.km.Yes, h.km.No},
	}
}
