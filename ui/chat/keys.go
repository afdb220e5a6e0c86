package chat

import (
	"charm.land/bubbles/v2/key"

	"atelier/ui/components/confirm"
	"atelier/ui/components/editor"
	"atelier/ui/components/keys"
	"atelier/ui/markdown"
	"atelier/ui/tab"
)

// keyMap is every key of the Chat tab, used both to act and for help.
type keyMap struct {
	// Anywhere in the tab.
	New, Target, Regenerate, Stop, Focus, FocusBack key.Binding
	// The composer.
	Send, Newline, Editor, Attach, Detach, Unedit key.Binding
	// The conversation list, and the picker's rows.
	keys.Moves
	Open, Filter, Rename, Delete key.Binding
	// The reply pane (and the list): keys that would be text in the composer.
	Thinking, Copy, CopyCode, Edit, ToPrompt key.Binding
	// The fork in view: its alternatives or branches (alternatives.go).
	PrevAlt, NextAlt key.Binding
	Scroll           markdown.KeyMap
	// The number of a code block, after y.
	CodeNumber key.Binding
	// A question or a one-line field.
	Yes, No, Save, Cancel key.Binding
	// The target picker.
	Change, Close, TypeNumber key.Binding
}

func defaultKeyMap() keyMap {
	return keyMap{
		New:        keys.Bind("ctrl+n", "new chat", "ctrl+n"),
		Target:     keys.Bind("ctrl+t", "target", "ctrl+t"),
		Regenerate: keys.Bind("ctrl+r", "regenerate", "ctrl+r"),
		Stop:       keys.Bind("esc", "stop", "esc"),
		Focus:      keys.Bind("tab", "next pane", "tab"),
		FocusBack:  keys.Bind("shift+tab", "previous pane", "shift+tab"),

		Send:    keys.Send(),
		Newline: keys.Bind("⇧enter/ctrl+j", "new line", "shift+enter", "ctrl+j"),
		Editor:  editor.DefaultKeyMap().Open,
		Attach:  keys.Bind("alt+a", "attach image", "alt+a"),
		Detach:  keys.Bind("alt+x", "drop images", "alt+x"),
		Unedit:  keys.Bind("esc", "back: the prompt is not edited", "esc"),

		Moves:  keys.DefaultMoves(),
		Open:   keys.Open(),
		Filter: keys.Filter(),
		Rename: keys.Bind("r", "rename", "r"),
		Delete: keys.Bind("d/delete", "delete", "d", "delete"),

		Thinking: keys.Bind("t", "thinking", "t"),
		Copy:     keys.Bind("c", "copy reply", "c"),
		CopyCode: keys.Bind("y N", "copy block N", "y"),
		Edit:     keys.Bind("e", "edit a prompt", "e"),
		ToPrompt: keys.Bind("enter", "to the prompt", "enter"),
		PrevAlt:  keys.PrevAlternative(),
		NextAlt:  keys.NextAlternative(),
		Scroll:   markdown.DefaultKeyMap(),

		CodeNumber: keys.Bind("0-9", "the code block's number", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9"),

		Yes:    confirm.Keys("delete", "keep").Yes,
		No:     confirm.Keys("delete", "keep").No,
		Save:   keys.Bind("enter", "done", "enter"),
		Cancel: keys.Bind("esc", "cancel", "esc"),

		Change:     keys.Bind("←/→/h/l/space", "change", "left", "right", "h", "l", "space"),
		Close:      keys.Bind("esc/ctrl+t", "use this target", "esc", "ctrl+t"),
		TypeNumber: keys.Bind("0-9 . -", "type a number", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", ".", "-"),
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
	km      keyMap
	mode    mode
	pane    mode        // composing, browsing or reading: the pane with the keyboard
	running bool        // a reply arrives: esc stops it
	editing bool        // the composer holds a prompt chosen with e: esc drops that
	row     settingKind // picking: the kind of the row under the cursor
	field   fieldKind   // typing: the field open, noField in the picker
}

// with is b saying what it does here.
func with(b key.Binding, what string) key.Binding { return tab.Retitle(b, what) }

// pickerKeys are the picker's keys for the row under the cursor: what
// enter does depends on it (the footer said "enter done").
func (h helpKeys) pickerKeys() []key.Binding {
	k := h.km
	out := []key.Binding{k.Up, k.Down}
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
		return []key.Binding{k.Copy, k.CopyCode, k.Thinking, k.Edit, k.Regenerate, k.PrevAlt, k.NextAlt}
	case picking:
		return h.pickerKeys()
	case typing:
		return h.fieldKeys()
	case confirming:
		return []key.Binding{k.Yes, k.No}
	case numbering:
		return []key.Binding{k.CodeNumber, k.Cancel}
	}
	return []key.Binding{k.Send, k.Newline, k.Editor, k.Target, k.Focus}
}

// The titles of the help's groups.
const (
	promptKeys  = "Prompt"
	againKeys   = "A prompt chosen to edit (e)"
	replyKeys   = "Conversation"
	actionKeys  = "The reply in view"
	listKeys    = "Conversations list"
	tabKeys     = "Anywhere in Chat"
	streamKeys  = "While a reply arrives"
	pickKeys    = "Target picker (ctrl+t)"
	typingKeys  = "A field being typed"
	confirmKeys = "A conversation to delete"
	numberKeys  = "Copy which code block (y)"
)

// help is every key of the tab, a labelled group a context, the one the
// tab is in first and those that act now live.
func (h helpKeys) help() tab.Help {
	all := tab.Help{Short: h.short(), Groups: h.groups()}
	return tab.InMode(all, h.mode, ownGroup, h.live()...)
}

// ownGroup names the one group that acts in each mode that has one; in
// the others, the pane's (live).
var ownGroup = map[mode][]string{
	picking: {pickKeys}, typing: {typingKeys}, confirming: {confirmKeys}, numbering: {numberKeys},
}

// groups are every key of the tab, a group a context.
func (h helpKeys) groups() []tab.KeyGroup {
	k, s := h.km, h.km.Scroll
	return []tab.KeyGroup{
		{Title: promptKeys, Keys: []key.Binding{k.Send, k.Newline,
			with(s.PageUp, "scroll the conversation up"), with(s.PageDown, "scroll the conversation down")}},
		{Title: againKeys, Keys: []key.Binding{k.Unedit}},
		{Title: replyKeys, Keys: []key.Binding{s.Up, s.Down, s.PageUp, s.PageDown, s.Home, s.End, k.ToPrompt}},
		{Title: actionKeys, Keys: []key.Binding{k.Copy, k.CopyCode, k.Thinking, k.Edit, k.PrevAlt, k.NextAlt}},
		{Title: listKeys, Keys: append(k.Moves.Bindings(), k.Open, k.Filter, k.Rename, k.Delete)},
		{Title: tabKeys, Keys: []key.Binding{k.New, k.Target, k.Regenerate, k.Focus, k.FocusBack, k.Editor, k.Attach, k.Detach}},
		{Title: streamKeys, Keys: []key.Binding{k.Stop}},
		{Title: pickKeys, Keys: append(k.Moves.Bindings(), with(k.Change, "change a choice"),
			with(k.Save, "edit, next value or switch"), k.TypeNumber, k.Close)},
		{Title: typingKeys, Keys: []key.Binding{with(k.Save, "set it"), with(k.Cancel, "cancel, the old value stays")}},
		{Title: confirmKeys, Keys: []key.Binding{k.Yes, k.No}},
		{Title: numberKeys, Keys: []key.Binding{k.CodeNumber, with(k.Save, "copy the block typed"), k.Cancel}},
	}
}

// live are the groups that act in the pane with the keyboard: its own,
// the tab's, and esc's while a reply arrives or a prompt is edited again.
func (h helpKeys) live() []string {
	var live []string
	switch h.pane {
	case browsing:
		live = []string{listKeys, actionKeys, tabKeys}
	case reading:
		live = []string{replyKeys, actionKeys, tabKeys}
	default:
		live = []string{promptKeys, tabKeys}
	}
	switch {
	case h.running:
		live = append(live, streamKeys)
	case h.editing && (h.pane == composing || h.pane == reading):
		live = append(live, againKeys)
	}
	if h.mode == streaming {
		live = append([]string{streamKeys}, live...)
	}
	return live
}

// KeyModes is the help of each of the tab's modes: each pane, idle,
// editing a prompt chosen (in the prompt and the conversation) or while a reply arrives, the picker on each
// kind of row, each field, the question and the code block's number.
// The key-grammar test walks them.
func KeyModes() []tab.Help {
	km := defaultKeyMap()
	var out []tab.Help
	for _, pane := range []mode{composing, browsing, reading} {
		for _, running := range []bool{false, true} {
			mo := pane
			if running {
				mo = streaming
			}
			out = append(out, helpKeys{km: km, mode: mo, pane: pane, running: running}.help())
		}
	}
	for _, pane := range []mode{composing, reading} {
		out = append(out, helpKeys{km: km, mode: pane, pane: pane, editing: true}.help())
	}
	for _, row := range []settingKind{choiceSetting, boolSetting, intSetting, floatSetting, textSetting} {
		out = append(out, helpKeys{km: km, mode: picking, row: row}.help())
	}
	for _, f := range []fieldKind{noField, filterField, renameField, attachField} {
		out = append(out, helpKeys{km: km, mode: typing, field: f}.help())
	}
	return append(out, helpKeys{km: km, mode: confirming}.help(), helpKeys{km: km, mode: numbering}.help())
}
