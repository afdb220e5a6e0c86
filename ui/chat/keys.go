package chat

import (
	"charm.land/bubbles/v2/key"

	"atelier/ui/components/confirm"
	"atelier/ui/components/editor"
	"atelier/ui/markdown"
	"atelier/ui/tab"
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
	Change, Close, TypeNumber key.Binding
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
		Editor:  editor.DefaultKeyMap().Open,
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

		Yes:    confirm.Keys("delete", "keep").Yes,
		No:     confirm.Keys("delete", "keep").No,
		Save:   b([]string{"enter"}, "enter", "done"),
		Cancel: b([]string{"esc"}, "esc", "cancel"),

		Change:     b([]string{"left", "right", "h", "l", "space"}, "←/→", "change"),
		Close:      b([]string{"esc", "ctrl+t"}, "esc", "use this target"),
		TypeNumber: b([]string{"0", "1", "2", "3", "4", "5", "6", "7", "8", "9", ".", "-"}, "0-9", "type a number"),
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

// helpKeys are the keys of one mode, for the shell's help.
type helpKeys struct {
	km    keyMap
	mode  mode
	row   settingKind // picking: the kind of the row under the cursor
	field fieldKind   // typing: the field open, noField in the picker
}

// with is b saying what it does here.
func with(b key.Binding, what string) key.Binding { return tab.Retitle(b, what) }

// pickerKeys are the picker's keys for the row under the cursor: what
// enter does depends on it (issue 19: the footer said "enter done").
func (h helpKeys) pickerKeys() []key.Binding {
	k := h.km
	out := []key.Binding{with(k.Up, "up"), with(k.Down, "down")}
	switch h.row {
	case choiceSetting:
		out = append(out, with(k.Change, "change"), with(k.Save, "next value"))
	case boolSetting:
		out = append(out, with(k.Save, "switch on/off"))
	case intSetting, floatSetting:
		out = append(out, with(k.Save, "edit"), k.TypeNumber)
	default:
		out = append(out, with(k.Save, "edit"))
	}
	return append(out, k.Close)
}

// fieldKeys are the keys of the field open: enter does what it is for.
func (h helpKeys) fieldKeys() []key.Binding {
	k := h.km
	switch h.field {
	case filterField:
		return []key.Binding{with(k.Save, "keep filter"), with(k.Cancel, "clear filter")}
	case renameField:
		return []key.Binding{with(k.Save, "rename"), k.Cancel}
	case attachField:
		return []key.Binding{with(k.Save, "attach"), k.Cancel}
	}
	return []key.Binding{with(k.Save, "set"), with(k.Cancel, "keep the old value")} // the picker's field
}

// short lists the keys that matter in the current mode.
func (h helpKeys) short() []key.Binding {
	k := h.km
	switch h.mode {
	case streaming:
		return []key.Binding{k.Stop, k.Focus}
	case browsing:
		return []key.Binding{k.Open, k.New, k.Filter, k.Rename, k.Delete}
	case reading:
		return []key.Binding{k.Copy, k.CopyCode, k.Thinking, k.Edit, k.Regenerate}
	case picking:
		return h.pickerKeys()
	case typing:
		return h.fieldKeys()
	case confirming:
		return []key.Binding{k.Yes, k.No}
	case numbering:
		return []key.Binding{with(k.Yes, "block number"), k.Cancel}
	}
	return []key.Binding{k.Send, k.Newline, k.Editor, k.Target, k.Focus}
}

// The titles of the help's groups.
const (
	promptKeys = "Prompt"
	replyKeys  = "Conversation"
	listKeys   = "Conversations list"
	tabKeys    = "Anywhere in Chat"
	pickKeys   = "Target picker (ctrl+t)"
	typingKeys = "A field being typed"
)

// help is every key of the tab, a labelled group a context, the one the
// tab is in first.
func (h helpKeys) help() tab.Help {
	k, s := h.km, h.km.Scroll
	all := tab.Help{Short: h.short(), Groups: []tab.KeyGroup{
		{Title: promptKeys, Keys: []key.Binding{k.Send, k.Newline, k.Editor, k.Attach, k.Detach}},
		{Title: replyKeys, Keys: []key.Binding{k.Copy, k.CopyCode, k.Thinking, k.Edit, s.Up, s.Down, s.PageUp, s.PageDown, s.Home, s.End}},
		{Title: listKeys, Keys: []key.Binding{k.Up, k.Down, k.Open, k.Filter, k.Rename, k.Delete, with(k.Yes, "confirm a delete")}},
		{Title: tabKeys, Keys: []key.Binding{k.New, k.Target, k.Regenerate, k.Stop, k.Focus, k.FocusBack}},
		{Title: pickKeys, Keys: []key.Binding{with(k.Up, "up"), with(k.Down, "down"), with(k.Change, "change a choice"),
			with(k.Save, "edit, next value or switch"), k.TypeNumber, k.Close}},
		{Title: typingKeys, Keys: []key.Binding{with(k.Save, "set it"), with(k.Cancel, "cancel, the old value stays")}},
	}}
	context := map[mode]string{composing: promptKeys, reading: replyKeys, numbering: replyKeys, browsing: listKeys,
		confirming: listKeys, streaming: tabKeys, picking: pickKeys, typing: typingKeys}
	return all.First(context[h.mode])
}
