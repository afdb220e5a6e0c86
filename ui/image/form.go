package imagetab

import (
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textarea"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"atelier/client"
)

// form is the request being written: one line per field.
type form struct {
	focus  field
	w      *widgets
	choice [fieldCount]string // quality, background, format
	stream bool
	multi  bool // send an edit as multipart/form-data
	images []inputRef
	mask   *inputRef
	extra  client.Extra // fields a recipe brought that have no row
	naming field        // fInputs or fMask while the path prompt is open, else -1
}

// widgets are the form's text fields. They are large, so the form holds
// them by pointer: a model copied for every call would copy them too. Only
// Update changes them, as with every part of the model.
type widgets struct {
	prompt textarea.Model
	text   [fieldCount]textinput.Model // the one-line text fields
	path   textinput.Model             // the path prompt of an input image or mask
}

// promptLines is the most lines the prompt shows; longer text scrolls.
const promptLines = 3

func newForm(model string, st *styles, km keyMap) form {
	f := form{naming: -1, stream: true, w: &widgets{}}
	f.w.prompt = textarea.New()
	f.w.prompt.Prompt = ""
	f.w.prompt.ShowLineNumbers = false
	f.w.prompt.Placeholder = "what to draw"
	f.w.prompt.DynamicHeight, f.w.prompt.MinHeight, f.w.prompt.MaxHeight = true, 1, promptLines
	f.w.prompt.MaxContentHeight = 1 << 14
	f.w.prompt.KeyMap.InsertNewline = km.NewLine
	for fl := range fieldCount {
		if fl.kind() == textKind && fl != fPrompt {
			f.w.text[fl] = newInput("")
		}
	}
	f.w.text[fModel].SetValue(model)
	f.w.text[fModel].CharLimit = 200
	f.w.text[fModel].Placeholder = "a model name"
	f.w.text[fSize].Placeholder, f.w.text[fN].Placeholder = "default", "default"
	f.w.text[fCompression].Placeholder, f.w.text[fPartials].Placeholder = "default", "default"
	f.w.path = newInput("file path or URL")
	f.setStyles(st)
	return f
}

func newInput(placeholder string) textinput.Model {
	in := textinput.New()
	in.Prompt = ""
	in.Placeholder = placeholder
	in.CharLimit = 4096
	return in
}

func (f *form) setStyles(st *styles) {
	f.w.prompt.SetStyles(st.Form.Prompt)
	for fl := range fieldCount {
		if fl.kind() == textKind && fl != fPrompt {
			f.w.text[fl].SetStyles(st.Form.Input)
		}
	}
	f.w.path.SetStyles(st.Form.Input)
}

func (f *form) setWidth(w int) {
	f.w.prompt.SetWidth(max(w, 10))
	// A one-line field draws its cursor one cell past its width.
	for fl := range fieldCount {
		if fl.kind() == textKind && fl != fPrompt {
			f.w.text[fl].SetWidth(max(w-1, 10))
		}
	}
	f.w.path.SetWidth(max(w-7, 10)) // after "add ▸ "

}

// model is the model the form names.
func (f form) model() string { return strings.TrimSpace(f.w.text[fModel].Value()) }

// spec is the form's values.
func (f form) spec() spec {
	return spec{
		Model: f.model(), Prompt: f.w.prompt.Value(), Size: f.w.text[fSize].Value(),
		Quality: f.choice[fQuality], Background: f.choice[fBackground], Format: f.choice[fFormat],
		N: f.w.text[fN].Value(), Compression: f.w.text[fCompression].Value(), Partials: f.w.text[fPartials].Value(),
		Stream: f.stream, Multipart: f.multi, Extra: f.extra,
	}.withInputs(f.images, f.mask).clone()
}

func (s spec) withInputs(images []inputRef, mask *inputRef) spec {
	s.Inputs, s.Mask = images, mask
	return s
}

// set fills the form from s.
func (f *form) set(s spec) {
	s = s.clone()
	f.w.prompt.SetValue(s.Prompt)
	f.w.text[fModel].SetValue(s.Model)
	f.w.text[fSize].SetValue(s.Size)
	f.w.text[fN].SetValue(s.N)
	f.w.text[fCompression].SetValue(s.Compression)
	f.w.text[fPartials].SetValue(s.Partials)
	f.choice[fQuality], f.choice[fBackground], f.choice[fFormat] = s.Quality, s.Background, s.Format
	f.stream, f.multi = s.Stream, s.Multipart
	f.images, f.mask, f.extra = s.Inputs, s.Mask, s.Extra
}

// typing reports whether keys are text for a field.
func (f form) typing() bool { return f.naming >= 0 || f.focus.kind() == textKind }

// focusOn moves the cursor to field fl and gives it the keyboard.
func (f *form) focusOn(fl field) tea.Cmd {
	f.w.prompt.Blur()
	for i := range fieldCount {
		if i.kind() == textKind && i != fPrompt {
			f.w.text[i].Blur()
		}
	}
	f.focus = (fl%fieldCount + fieldCount) % fieldCount
	switch {
	case f.focus == fPrompt:
		return f.w.prompt.Focus()
	case f.focus.kind() == textKind:
		f.w.text[f.focus].CursorEnd()
		return f.w.text[f.focus].Focus()
	}
	return nil
}

// blur takes the keyboard from every field, for the results or gallery.
func (f *form) blur() {
	f.w.prompt.Blur()
	for i := range fieldCount {
		if i.kind() == textKind && i != fPrompt {
			f.w.text[i].Blur()
		}
	}
}

// choose moves field fl's value d steps through its list.
func (f *form) choose(fl field, d int) {
	switch fl {
	case fStream:
		f.stream = !f.stream
	case fSendAs:
		f.multi = !f.multi
	case fQuality, fBackground, fFormat:
		f.choice[fl] = cycle(choices(fl, f.model()), f.choice[fl], d)
	case fN, fCompression:
		f.w.text[fl].SetValue(step(fl, f.w.text[fl].Value(), d))
		f.w.text[fl].CursorEnd()
	case fModel, fSize, fPartials:
		f.w.text[fl].SetValue(cycle(choices(fl, f.model()), strings.TrimSpace(f.w.text[fl].Value()), d))
		f.w.text[fl].CursorEnd()
	}
}

// update passes a message to the field that has the keyboard.
func (f form) update(msg tea.Msg) (form, tea.Cmd) {
	var cmd tea.Cmd
	switch {
	case f.naming >= 0:
		f.w.path, cmd = f.w.path.Update(msg)
	case f.focus == fPrompt:
		f.w.prompt, cmd = f.w.prompt.Update(msg)
	case f.focus.kind() == textKind:
		f.w.text[f.focus], cmd = f.w.text[f.focus].Update(msg)
	}
	return f, cmd
}

// startNaming opens the path prompt for an input image or the mask.
func (f *form) startNaming(fl field) tea.Cmd {
	f.blur()
	f.focus, f.naming = fl, fl
	f.w.path.SetValue("")
	return f.w.path.Focus()
}

// finishNaming adds what was typed as an input image or the mask.
func (f *form) finishNaming() {
	ref := strings.TrimSpace(f.w.path.Value())
	if ref != "" && f.naming == fInputs {
		f.images = append(f.images, inputRef{Ref: ref})
	}
	if ref != "" && f.naming == fMask {
		f.mask = &inputRef{Ref: ref}
	}
	f.naming = -1
	f.w.path.Blur()
}

func (f *form) cancelNaming() {
	f.naming = -1
	f.w.path.Blur()
}

// remove drops the last input image, or the mask.
func (f *form) remove(fl field) {
	switch {
	case fl == fMask:
		f.mask = nil
	case fl == fInputs && len(f.images) > 0:
		f.images = f.images[:len(f.images)-1]
	}
}

// editThis makes an earlier result the one input image.
func (f *form) editThis(in inputRef) {
	f.images, f.mask = []inputRef{in}, nil
}

// arrowsChoose reports whether ↑/↓ change the value of the field under the
// cursor rather than move in its text.
func (f form) arrowsChoose(msg tea.KeyPressMsg, km keyMap) bool {
	if f.focus == fPrompt || f.focus.kind() == listKind {
		return false
	}
	return key.Matches(msg, km.Up, km.Down)
}
