package imagetab

import (
	"charm.land/bubbles/v2/key"

	"atelier/ui/components/editor"
	"atelier/ui/components/vote"
	"atelier/ui/tab"
)

// keyMap is every key of the Image tab, used both to act and for help.
type keyMap struct {
	// The form.
	Next, Prev        key.Binding // tab, shift+tab: the next or previous field
	Up, Down          key.Binding // the previous or next value of a field with a list
	Left, Right       key.Binding // the same on a field that takes no text
	Send              key.Binding // enter
	NewLine           key.Binding // a line break in the prompt
	Editor            key.Binding // ctrl+o: the prompt in $EDITOR
	AddImage, SetMask key.Binding
	Remove            key.Binding // the last input image, or the mask
	Stop              key.Binding // esc: stop the streams under way

	// The results.
	Open       key.Binding // enter: the system's image viewer
	EditThis   key.Binding
	Rerun      key.Binding
	FullScreen key.Binding
	Gallery    key.Binding
	Compare    key.Binding
	Recipe     key.Binding // R: the form from the image's recipe
	Vary       key.Binding // v: the image's recipe sent again, as a new job

	// The path prompt, the model picker and the gallery.
	Accept, Cancel key.Binding
	Toggle, Run    key.Binding
	Blind          key.Binding // b in the picker: the comparison blind or named
	Close          key.Binding

	// The arena: a blind comparison's vote, as every tab votes.
	Vote vote.KeyMap
}

func defaultKeyMap() keyMap {
	return keyMap{
		Next:     key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "next field")),
		Prev:     key.NewBinding(key.WithKeys("shift+tab"), key.WithHelp("shift+tab", "previous field")),
		Up:       key.NewBinding(key.WithKeys("up"), key.WithHelp("↑/↓", "choose")),
		Down:     key.NewBinding(key.WithKeys("down"), key.WithHelp("↓", "next value")),
		Left:     key.NewBinding(key.WithKeys("left", "h"), key.WithHelp("←/→", "choose")),
		Right:    key.NewBinding(key.WithKeys("right", "l", "space"), key.WithHelp("→", "next")),
		Send:     key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "send")),
		NewLine:  key.NewBinding(key.WithKeys("shift+enter", "ctrl+j"), key.WithHelp("shift+enter", "new line")),
		Editor:   editor.DefaultKeyMap().Open,
		AddImage: key.NewBinding(key.WithKeys("a"), key.WithHelp("a", "add image")),
		SetMask:  key.NewBinding(key.WithKeys("m"), key.WithHelp("m", "set mask")),
		Remove:   key.NewBinding(key.WithKeys("x", "backspace", "delete"), key.WithHelp("x", "remove")),
		Stop:     key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "stop")),

		Open:       key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "open")),
		EditThis:   key.NewBinding(key.WithKeys("e"), key.WithHelp("e", "edit this")),
		Rerun:      key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "re-run")),
		FullScreen: key.NewBinding(key.WithKeys("f"), key.WithHelp("f", "full screen")),
		Gallery:    key.NewBinding(key.WithKeys("g"), key.WithHelp("g", "gallery")),
		Compare:    key.NewBinding(key.WithKeys("c"), key.WithHelp("c", "compare models")),
		Recipe:     key.NewBinding(key.WithKeys("R"), key.WithHelp("R", "form from recipe")),
		Vary:       key.NewBinding(key.WithKeys("v"), key.WithHelp("v", "vary")),

		Accept: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "add")),
		Cancel: key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel")),
		Toggle: key.NewBinding(key.WithKeys("space", "x"), key.WithHelp("space", "select")),
		Run:    key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "run")),
		Blind:  key.NewBinding(key.WithKeys("b"), key.WithHelp("b", "blind on/off")),
		Close:  key.NewBinding(key.WithKeys("esc", "g"), key.WithHelp("g/esc", "close")),

		Vote: vote.DefaultKeyMap(),
	}
}

// mode is what the keys act on right now.
type mode int

const (
	typing   mode = iota // a text field of the form
	choosing             // a field with a list of values and no text
	listing              // the input images or the mask
	naming               // the path prompt of a new input image or mask
	viewing              // the results
	browsing             // the gallery
	picking              // the models of a comparison
	voting               // a blind comparison before its vote
)

// helpKeys are the keys of one mode, for the shell's help.
type helpKeys struct {
	km      keyMap
	mode    mode
	running bool          // esc stops something
	vote    []key.Binding // the vote's keys that matter now
}

// short lists the keys that matter in the current mode, the most useful
// first, since the status line drops them from the end.
func (h helpKeys) short() []key.Binding {
	var ks []key.Binding
	switch h.mode {
	case typing:
		ks = []key.Binding{h.km.Send, h.km.Next, h.km.Editor}
	case choosing:
		ks = []key.Binding{h.km.Send, h.km.Left, h.km.Next, h.km.Gallery, h.km.Compare}
	case listing:
		ks = []key.Binding{h.km.Send, h.km.AddImage, h.km.SetMask, h.km.Remove, h.km.Next}
	case naming:
		return []key.Binding{h.km.Accept, h.km.Cancel}
	case viewing:
		ks = []key.Binding{h.km.Open, h.km.EditThis, h.km.Gallery, h.km.Rerun, h.km.Left, h.km.FullScreen}
	case browsing:
		return []key.Binding{h.km.Open, h.km.Rerun, h.km.EditThis, h.km.Recipe, h.km.Vary, h.km.Close}
	case picking:
		return []key.Binding{h.km.Toggle, h.km.Run, h.km.Blind, h.km.Cancel}
	case voting:
		return append(h.vote, h.km.Left, h.km.Open, tab.Retitle(h.km.Stop, "leave unvoted"))
	}
	if h.running {
		ks = append([]key.Binding{h.km.Stop}, ks...)
	}
	return ks
}

// The titles of the help's groups.
const (
	formKeys    = "Form"
	inputKeys   = "Input images and mask"
	resultKeys  = "Results"
	galleryKeys = "Gallery (g)"
	pickerKeys  = "Models to compare (c)"
	arenaKeys   = "Blind comparison"
)

// help is every key of the tab, a labelled group a context, the one the
// tab is in first.
func (h helpKeys) help() tab.Help {
	k := h.km
	all := tab.Help{Short: h.short(), Groups: []tab.KeyGroup{
		{Title: formKeys, Keys: []key.Binding{k.Send, k.Next, k.Prev, k.Up, k.Left, k.NewLine, k.Editor, k.Compare, k.Gallery, k.Stop}},
		{Title: inputKeys, Keys: []key.Binding{k.AddImage, k.SetMask, k.Remove, tab.Retitle(k.Accept, "add the path or URL typed"), k.Cancel}},
		{Title: resultKeys, Keys: []key.Binding{k.Open, k.EditThis, k.Rerun, k.Recipe, k.Vary, k.FullScreen, k.Left}},
		{Title: galleryKeys, Keys: []key.Binding{k.Open, k.Rerun, k.EditThis, k.Recipe, k.Vary, k.Close}},
		{Title: pickerKeys, Keys: []key.Binding{k.Toggle, k.Run, k.Blind, k.Cancel}},
		{Title: arenaKeys, Keys: []key.Binding{k.Vote.Two, k.Vote.Rank, k.Vote.Record, k.Vote.Erase,
			tab.Retitle(k.Stop, "leave unvoted"), k.Vote.Withdraw}},
	}}
	context := map[mode]string{typing: formKeys, choosing: formKeys, listing: inputKeys, naming: inputKeys,
		viewing: resultKeys, browsing: galleryKeys, picking: pickerKeys, voting: arenaKeys}
	return all.First(context[h.mode])
}
