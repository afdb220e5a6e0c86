package chat

import (
	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"

	"atelier/ui/markdown"
)

// keyMap is every key of the Chat tab, used both to act and for help.
type keyMap struct {
	// Anywhere in the tab.
	New, Target, Regenerate, Stop, Focus, FocusBack key.Binding
	// The composer.
	Send, Newline, Editor, Attach, Detach key.Binding
	// The conversation list.
	Up, Down, Open, Filter, Rename, Delete key.Binding
	// The reply pane (and the list): keys that would be text in the composer.
	Thinking, Copy, CopyCode, Edit key.Binding
	Scroll                         markdown.KeyMap
	// A question or a one-line field.
	Yes, No, Save, Cancel key.Binding
	// The target picker.
	Change, Close key.Binding
}

func defaultKeyMap() keyMap {
	b := func(keys []string, k, what string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(k, what))
	}
	return keyMap{
		New:        b([]string{"ctrl+n"}, "ctrl+n", "new chat"),
		Target:     b([]string{"ctrl+t"}, "ctrl+t", "target"),
		Regenerate: b([]string{"ctrl+r"}, "ctrl+r", "regenerate"),
		Stop:       b([]string{"esc"}, "esc", "stop"),
		Focus:      b([]string{"tab"}, "tab", "next pane"),
		FocusBack:  b([]string{"shift+tab"}, "shift+tab", "previous pane"),

		Send:    b([]string{"enter"}, "enter", "send"),
		Newline: b([]string{"shift+enter", "ctrl+j"}, "⇧enter/ctrl+j", "new line"),
		Editor:  b([]string{"ctrl+o"}, "ctrl+o", "editor"),
		Attach:  b([]string{"alt+a"}, "alt+a", "attach image"),
		Detach:  b([]string{"alt+x"}, "alt+x", "drop images"),

		Up:     b([]string{"up", "k"}, "↑/k", "up"),
		Down:   b([]string{"down", "j"}, "↓/j", "down"),
		Open:   b([]string{"enter"}, "enter", "open"),
		Filter: b([]string{"/"}, "/", "filter"),
		Rename: b([]string{"r"}, "r", "rename"),
		Delete: b([]string{"d"}, "d", "delete"),

		Thinking: b([]string{"t"}, "t", "thinking"),
		Copy:     b([]string{"c"}, "c", "copy reply"),
		CopyCode: b([]string{"y"}, "y N", "copy block N"),
		Edit:     b([]string{"e"}, "e", "edit prompt"),
		Scroll:   markdown.DefaultKeyMap(),

		Yes:    b([]string{"y"}, "y", "delete"),
		No:     b([]string{"n", "esc"}, "n/esc", "keep"),
		Save:   b([]string{"enter"}, "enter", "done"),
		Cancel: b([]string{"esc"}, "esc", "cancel"),

		Change: b([]string{"left", "right", "h", "l", "space"}, "←/→", "change"),
		Close:  b([]string{"esc", "ctrl+t"}, "esc", "close"),
	}
}

// mode is what the keys act on right now.
type mode int

const (
	composing  mode = iota
	browsing        // the list has the keyboard
	reading         // the reply pane has the keyboard
	streaming       // a reply is arriving
	picking         // the target picker is open
	typing          // a one-line field: filter, rename, attach
	confirming      // delete?
	numbering       // y was pressed: a digit names the code block
)

// helpKeys shows the keys of one mode: help.KeyMap for the shell.
type helpKeys struct {
	km   keyMap
	mode mode
}

var _ help.KeyMap = helpKeys{}

// ShortHelp lists the keys that matter in the current mode.
func (h helpKeys) ShortHelp() []key.Binding {
	k := h.km
	switch h.mode {
	case streaming:
		return []key.Binding{k.Stop, k.Focus}
	case browsing:
		return []key.Binding{k.Open, k.New, k.Filter, k.Rename, k.Delete}
	case reading:
		return []key.Binding{k.Copy, k.CopyCode, k.Thinking, k.Edit, k.Regenerate}
	case picking:
		return []key.Binding{k.Up, k.Down, k.Change, k.Save, k.Close}
	case typing:
		return []key.Binding{k.Save, k.Cancel}
	case confirming:
		return []key.Binding{k.Yes, k.No}
	case numbering:
		return []key.Binding{k.Cancel}
	}
	return []key.Binding{k.Send, k.Newline, k.Editor, k.Target, k.Focus}
}

// FullHelp lists every key of the tab, one column per area: the prompt,
// the conversation, the list.
func (h helpKeys) FullHelp() [][]key.Binding {
	k := h.km
	return [][]key.Binding{
		{k.Send, k.Newline, k.Editor, k.Attach, k.Detach, k.Stop},
		{k.New, k.Target, k.Regenerate, k.Focus, k.Copy, k.CopyCode, k.Thinking, k.Edit},
		{k.Open, k.Filter, k.Rename, k.Delete, k.Scroll.PageUp, k.Scroll.PageDown},
	}
}
