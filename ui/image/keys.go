package imagetab

import (
	"slices"

	"charm.land/bubbles/v2/key"

	"atelier/ui/components/ask"
	"atelier/ui/components/confirm"
	"atelier/ui/components/editor"
	"atelier/ui/components/form"
	"atelier/ui/components/guard"
	"atelier/ui/components/keys"
	"atelier/ui/components/list"
	"atelier/ui/components/strip"
	"atelier/ui/components/vote"
	"atelier/ui/tab"
)

// keyMap is every key of the Image tab, used both to act and for help.
type keyMap struct {
	// The form.
	Next, Prev        key.Binding // tab, shift+tab: the next or previous field
	Up, Down          key.Binding // the previous or next value of a field with a list
	Choose            key.Binding // Up and Down, for help
	Send              key.Binding // enter
	NewLine           key.Binding // a line break in the prompt
	Editor            key.Binding // ctrl+o: the prompt in $EDITOR
	AddImage, SetMask key.Binding
	Remove            key.Binding // the last input image, or the mask
	Stop              key.Binding // esc: stop the streams under way

	// The results.
	PrevImage, NextImage key.Binding
	PrevAlt, NextAlt     key.Binding // the results' alternatives (alternatives.go)
	Open                 key.Binding // enter: the system's image viewer
	EditThis             key.Binding
	Rerun                key.Binding
	FullScreen           key.Binding
	Gallery              key.Binding
	Compare              key.Binding
	Recipe               key.Binding // R: the form from the image's recipe
	Vary                 key.Binding // v: the image's recipe sent again, as a new job
	Share                key.Binding // P: the job as a page (ui/components/sharepage)
	ToVideo              key.Binding // V: the image to the Video tab, as an image-to-video input
	Label                key.Binding // L: set, change or take away the job's label
	Ask                  ask.KeyMap  // the label's question
	Variants             key.Binding // s in the gallery: the strip of the job's variants (ui/components/strip)
	Back                 key.Binding // esc: from the results, the gallery or the picker, one level back

	// The path prompt and the models picker.
	Accept, Cancel     key.Binding
	Moves              keys.Moves  // the models picker's cursor
	Toggle, Run, Blind key.Binding // Blind: b in the picker, the comparison blind or named

	// The arena: a blind comparison's vote, as every tab votes.
	Vote vote.KeyMap
}

func defaultKeyMap() keyMap {
	return keyMap{
		Next:     keys.NextField(),
		Prev:     keys.PrevField(),
		Up:       keys.Bind("↑", "previous listed value", "up"),
		Down:     keys.Bind("↓", "next listed value", "down"),
		Choose:   keys.Bind("↑/↓", "step: a listed model, a size, a number", "up", "down"),
		Send:     keys.Send(),
		NewLine:  keys.Bind("⇧enter/ctrl+j", "new line", "shift+enter", "ctrl+j"),
		Editor:   editor.DefaultKeyMap().Open,
		AddImage: keys.Bind("a", "add image", "a"),
		SetMask:  keys.Bind("m", "set mask", "m"),
		Remove:   keys.Bind("x/⌫/delete", "remove", "x", "backspace", "delete"),
		Stop:     keys.Bind("esc", "stop", "esc"),

		PrevImage:  keys.Bind("←/h/↑", "previous image", "left", "h", "up"),
		NextImage:  keys.Bind("→/l/↓/space", "next image", "right", "l", "down", "space"),
		PrevAlt:    keys.PrevAlternative(),
		NextAlt:    keys.NextAlternative(),
		Open:       keys.Bind("enter", "open", "enter"),
		EditThis:   keys.Bind("e", "edit this", "e"),
		Rerun:      keys.Bind("r", "re-run", "r"),
		FullScreen: keys.Bind("f", "full screen", "f"),
		Gallery:    keys.Bind("g", "gallery", "g"),
		Compare:    keys.Bind("c", "compare models", "c"),
		Recipe:     keys.Reload(),
		Vary:       keys.Bind("v", "vary", "v"),
		Share:      keys.Share(),
		ToVideo:    keys.ToVideo(),
		Label:      keys.Label(),
		Ask:        ask.Keys("set the label"),
		Variants:   keys.Variants(),
		Back:       keys.Back(),

		Accept: keys.Bind("enter", "add", "enter"),
		Cancel: keys.Bind("esc", "cancel", "esc"),
		Moves:  keys.DefaultMoves(),
		Toggle: keys.Bind("space/x", "select", "space", "x"),
		Run:    keys.Bind("enter", "run the comparison", "enter"),
		Blind:  keys.Bind("b", "blind on/off", "b"),

		Vote: vote.DefaultKeyMap(),
	}
}

// mode is what the keys act on right now.
type mode int

const (
	typing    mode = iota // a text field of the form
	choosing              // a field with a list of values and no text
	listing               // the input images or the mask
	naming                // the path or URL of an input image or the mask, typed
	viewing               // the results
	browsing              // the gallery
	stripping             // the strip of variants
	picking               // the models of a comparison
	voting                // a blind comparison before its vote
	asking                // a withdrawal waits for y or n
)

// helpKeys are the keys of one mode, for the shell's help.
type helpKeys struct {
	km      keyMap
	form    form.KeyMap // the form's rows
	list    list.KeyMap // the gallery's
	strip   strip.KeyMap
	mode    mode
	running bool          // esc stops something
	vote    []key.Binding // the vote's keys that act now (ui/components/vote's Live)
	typing  bool          // a ranking is typed: enter and esc are the vote's
}

// judging are the keys that show the blind images while the vote waits:
// the choice of image and full screen, and, unless a ranking being typed
// takes them, enter (open) and esc (leave unvoted).
func (h helpKeys) judging() []key.Binding {
	k := h.km
	out := []key.Binding{k.PrevImage, k.NextImage, k.FullScreen}
	if !h.typing {
		out = append(out, k.Open, tab.Retitle(k.Stop, "leave unvoted"))
	}
	return out
}

// short lists the keys that matter in the current mode, the most useful
// first, since the status line drops them from the end.
func (h helpKeys) short() []key.Binding {
	var ks []key.Binding
	k := h.km
	pick := keys.Bind("←/→", "choose", "left", "right") // the previous or next image, short
	switch h.mode {
	case typing:
		ks = []key.Binding{k.Send, k.Next, k.Editor}
	case choosing:
		ks = []key.Binding{k.Send, h.form.Change, k.Next, k.Gallery, k.Compare}
	case listing:
		ks = []key.Binding{k.Send, k.AddImage, k.SetMask, k.Remove, k.Next}
	case naming:
		return []key.Binding{k.Accept, k.Cancel, k.Next}
	case viewing:
		ks = []key.Binding{k.Open, k.EditThis, k.ToVideo, k.Gallery, k.Rerun, pick, k.FullScreen, k.Back}
	case browsing:
		return []key.Binding{k.Open, k.Rerun, k.EditThis, k.Variants, k.ToVideo, k.Recipe, k.Vary, k.Label, k.Share, k.Back}
	case stripping:
		return []key.Binding{h.strip.Prev, h.strip.Next, h.strip.Reload, tab.Retitle(k.Back, "back to the gallery")}
	case picking:
		return []key.Binding{k.Toggle, k.Run, k.Blind, k.Cancel}
	case voting:
		return append(slices.Clone(h.vote), pick, k.FullScreen)
	case asking:
		return h.vote
	}
	if h.running {
		ks = append([]key.Binding{k.Stop}, ks...)
	}
	return ks
}

// The titles of the help's groups.
const (
	formKeys    = "Form"
	inputKeys   = "Input images and mask"
	pathKeys    = "A path or URL, typed"
	resultKeys  = "Results"
	leaveKeys   = "Leaving the results"
	runningKeys = "While images arrive"
	galleryKeys = "Gallery (g)"
	stripKeys   = "Variants (s in the gallery)"
	pickerKeys  = "Models to compare (c)"
	voteKeys    = "The blind vote"
	judgeKeys   = "Judging blind"
)

// help is every key of the tab, a labelled group a context, the one the
// tab is in first and those that act now live.
func (h helpKeys) help() tab.Help {
	k, f, l := h.km, h.form, h.list
	all := tab.Help{Short: h.short(), Groups: []tab.KeyGroup{
		{Title: formKeys, Keys: []key.Binding{k.Send, k.Next, k.Prev, k.Choose, f.Change, f.Back, k.NewLine, k.Editor, k.Compare, k.Gallery}},
		{Title: inputKeys, Keys: []key.Binding{k.AddImage, k.SetMask, k.Remove}},
		{Title: pathKeys, Keys: []key.Binding{tab.Retitle(k.Accept, "add the path or URL typed"),
			tab.Retitle(k.Cancel, "drop an empty one"), k.Next, k.Prev}},
		{Title: resultKeys, Keys: []key.Binding{k.Open, k.EditThis, k.ToVideo, k.Rerun, k.Recipe, k.Vary, k.Label, k.FullScreen, k.PrevImage, k.NextImage,
			k.PrevAlt, k.NextAlt, k.AddImage, k.SetMask, k.Gallery, k.Compare, tab.Retitle(k.Next, "to the form"), tab.Retitle(k.Prev, "to the form's last row")}},
		{Title: leaveKeys, Keys: []key.Binding{tab.Retitle(k.Back, "back to the form")}},
		{Title: runningKeys, Keys: []key.Binding{k.Stop}},
		{Title: galleryKeys, Keys: append(l.Moves.Bindings(), l.Filter, k.Open, k.Rerun, k.EditThis, k.Variants, k.ToVideo, k.Recipe, k.Vary, k.Label, k.Share, k.PrevAlt, k.NextAlt, k.Back)},
		{Title: stripKeys, Keys: append(h.strip.Bindings(), tab.Retitle(k.Back, "back to the gallery"))},
		{Title: pickerKeys, Keys: append(k.Moves.Bindings(), k.Toggle, k.Run, k.Blind, k.Cancel)},
		{Title: voteKeys, Keys: h.vote},
		{Title: judgeKeys, Keys: h.judging()},
	}}
	var live []string
	switch h.mode {
	case typing, choosing:
		live = []string{formKeys}
	case listing:
		live = []string{inputKeys, formKeys}
	case naming:
		return all.In(pathKeys)
	case viewing:
		live = []string{resultKeys, voteKeys, leaveKeys}
	case browsing:
		return all.In(galleryKeys)
	case stripping:
		return all.In(stripKeys)
	case picking:
		return all.In(pickerKeys)
	case voting:
		return all.In(voteKeys, judgeKeys)
	case asking:
		return tab.Asking(h.vote)
	}
	if h.running {
		live = append([]string{runningKeys}, slices.DeleteFunc(live, func(s string) bool { return s == leaveKeys })...)
	}
	return all.In(live...)
}

// KeyModes is the help of each of the tab's modes, the first first, idle
// and while images arrive; a blind run of two and of three (a ranking
// typed or not), its vote standing, its withdrawal asked. The key-grammar
// test walks them.
func KeyModes() []tab.Help {
	km, out := defaultKeyMap(), []tab.Help{}
	h := func(mo mode, running bool, vote []key.Binding, typing bool) tab.Help {
		return helpKeys{km: km, form: fieldKeys(), list: list.DefaultKeyMap(), strip: strip.DefaultKeyMap(), mode: mo,
			running: running, vote: vote, typing: typing}.help()
	}
	for mo := typing; mo < voting; mo++ {
		out = append(out, h(mo, false, nil, false), h(mo, true, nil, false))
	}
	v := km.Vote
	answers := confirm.Keys("withdraw", "keep")
	return append(out, h(viewing, false, v.Now(3, false, false, true), false),
		h(voting, false, v.Now(2, true, false, false), false), h(voting, false, v.Now(3, true, false, false), false),
		h(voting, false, v.Now(3, true, true, false), true), h(asking, false, []key.Binding{answers.Yes, answers.No}, false),
		tab.Asking(guard.New().Help()), // the budget's question
		tab.Asking(km.Ask.Help()))      // a label's (L)
}
