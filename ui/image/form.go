package imagetab

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textarea"
	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/ui/components/form"
)

// draft is the request being written: the prompt, a text area of its own
// (many lines, the editor), over the rows of ui/components/form generated
// from the client's table for the model named; and what the rows cannot
// hold: the earlier results an edit's inputs are (lineage) and a recipe's
// fields without a row.
type draft struct {
	prompt   *textarea.Model // by pointer: large, and the model is copied on every call
	fields   form.Model
	onPrompt bool   // the prompt has the cursor, else a row of fields
	model    string // the model the rows' rules are for
	// lineage maps an input's text to the earlier result it is (its
	// image_files row), so an edit of a result keeps its parent.
	lineage map[string]int64
	extra   client.Extra // fields a recipe brought that have no row
	// promptLate is the service's or the sender's word on the prompt, shown
	// until the prompt changes.
	promptLate string
	looks      *lookBook // the input files as they were when added
	width      int       // the rows' width, for rows made anew
	st         *styles
}

// promptLines is the most lines the prompt shows; longer text scrolls.
const promptLines = 3

func newDraft(model string, st *styles, km keyMap, looks *lookBook) draft {
	p := textarea.New()
	p.Prompt = ""
	p.ShowLineNumbers = false
	p.Placeholder = "what to draw"
	p.DynamicHeight, p.MinHeight, p.MaxHeight = true, 1, promptLines
	p.MaxContentHeight = 1 << 14
	p.KeyMap.InsertNewline = km.NewLine
	d := draft{prompt: &p, onPrompt: true, looks: looks, model: model, lineage: map[string]int64{}}
	d.fields = d.newFields(model)
	d.fields.Set(rowModel, model)
	d.fields.Set(rowStream, "true")
	d.setStyles(st)
	d.fields.Blur()
	p.Focus()
	return d
}

// fieldKeys are the form's keys but ↑/↓, which the tab takes to choose a
// value with.
func fieldKeys() form.KeyMap {
	k := form.DefaultKeyMap()
	k.Up, k.Down = key.NewBinding(key.WithDisabled()), key.NewBinding(key.WithDisabled())
	return k
}

// newFields is an empty set of rows for model, with the form's own keys:
// tab and shift+tab move (the tab catches them first, to go past either
// end), ↑/↓ are the tab's to choose a value with.
func (d draft) newFields(model string) form.Model {
	f := form.New(fieldsSpec(model), rulesWith(d.looks))
	f.KeyMap = fieldKeys()
	f.SetSize(d.width, 1<<10)
	if d.st != nil {
		f.SetStyles(d.st.Fields)
	}
	return f
}

func (d *draft) setStyles(st *styles) {
	d.st = st
	d.prompt.SetStyles(st.Form.Prompt)
	d.fields.SetStyles(st.Fields)
}

// setWidth sizes the prompt and the rows; the prompt's value column is
// the rows'.
func (d *draft) setWidth(w int) {
	d.width = w
	d.fields.SetSize(w, 1<<10)
	d.prompt.SetWidth(max(promptWidth(w), 10))
}

// remodel remakes the rows when the model named changed: the rules and
// words beside them are the new model's; the values, the focus and the
// inputs stay.
func (d *draft) remodel() {
	model := strings.TrimSpace(d.fields.Text(rowModel))
	if model == d.model {
		return
	}
	old := d.fields
	// Loaded rather than carried: lists come along, and a value the new
	// model refuses shows its violation at once.
	d.fields, _ = d.newFields(model).Load(old.Body(nil))
	d.fields.Set(rowSendAs, old.Text(rowSendAs))
	d.fields.Set(rowLabel, old.Text(rowLabel))
	d.fields.Goto(old.Index())
	if old.Tried() {
		d.fields.Try()
	}
	if !old.Focused() {
		d.fields.Blur()
	}
	d.model = model
}

// spec is the form's values.
func (d draft) spec() spec {
	f := d.fields
	s := spec{Model: strings.TrimSpace(f.Text(rowModel)), Prompt: d.prompt.Value(), Size: f.Text(rowSize),
		Quality: f.Text(rowQuality), Background: f.Text(rowBackground), Format: f.Text(rowFormat),
		N: f.Text(rowN), Compression: f.Text(rowCompression), Partials: f.Text(rowPartials),
		Stream: f.Text(rowStream) == "true", Multipart: f.Text(rowSendAs) == sendMultipart,
		Inputs: d.images(), Extra: maps.Clone(d.extra), Label: strings.TrimSpace(f.Text(rowLabel))}
	if mask := strings.TrimSpace(f.Text(rowMask)); mask != "" {
		s.Mask = &inputRef{Ref: mask, FileID: d.lineage[mask]}
	}
	return s
}

// images are the input images as typed, each with its lineage.
func (d draft) images() []inputRef {
	list, _ := d.fields.Body(nil)[rowImages].([]any)
	var out []inputRef
	for _, x := range list {
		if ref, _ := x.(string); strings.TrimSpace(ref) != "" {
			ref = strings.TrimSpace(ref)
			out = append(out, inputRef{Ref: ref, FileID: d.lineage[ref]})
		}
	}
	return out
}

// set fills the form from s, as loaded: what was wrong shows at once.
func (d *draft) set(s spec) {
	s = s.clone()
	d.prompt.SetValue(s.Prompt)
	d.promptLate = ""
	body := map[string]any{rowModel: s.Model, rowSize: s.Size, rowN: s.N, rowCompression: s.Compression,
		rowPartials: s.Partials, rowStream: s.Stream}
	for k, v := range map[string]string{rowQuality: s.Quality, rowBackground: s.Background, rowFormat: s.Format} {
		if v != "" {
			body[k] = v
		}
	}
	d.lineage = map[string]int64{}
	var refs []any
	for _, in := range s.Inputs {
		refs = append(refs, in.Ref)
		d.lineage[in.Ref] = in.FileID
	}
	if len(refs) > 0 {
		body[rowImages] = refs
	}
	if s.Mask != nil {
		body[rowMask] = s.Mask.Ref
		d.lineage[s.Mask.Ref] = s.Mask.FileID
	}
	focused, at := d.fields.Focused(), d.fields.Index()
	d.fields = d.newFields(strings.TrimSpace(s.Model))
	d.fields, _ = d.fields.Load(body)
	d.fields.Set(rowSendAs, map[bool]string{true: sendMultipart, false: sendJSON}[s.Multipart])
	d.fields.Set(rowLabel, s.Label)
	d.fields.Goto(at)
	if !focused {
		d.fields.Blur()
	}
	d.model, d.extra = strings.TrimSpace(s.Model), s.Extra
}

// editThis makes an earlier result the one input image.
func (d *draft) editThis(in inputRef) {
	s := d.spec()
	s.Inputs, s.Mask = []inputRef{in}, nil
	d.set(s)
}

// setText puts text in a row, as chosen with ↑/↓.
func (d *draft) setText(row, text string) {
	d.fields.Set(row, text)
	d.remodel()
}

// focusPrompt gives the prompt the cursor.
func (d *draft) focusPrompt() tea.Cmd {
	d.onPrompt = true
	d.fields.Blur()
	return d.prompt.Focus()
}

// focusRow gives row i of the fields the cursor (negative: from the end).
func (d *draft) focusRow(i int) {
	d.onPrompt = false
	d.prompt.Blur()
	d.fields.Focus()
	d.fields.Goto(i)
}

// focusName gives the row of a top-level field the cursor.
func (d *draft) focusName(name string) {
	d.focusRow(max(slices.Index(d.fields.Paths(), name), 0))
}

// blur takes the keyboard from every row, for the results or gallery.
func (d *draft) blur() {
	d.prompt.Blur()
	d.fields.Blur()
}

// typing reports whether keys are text for the row with the cursor.
func (d draft) typing() bool { return d.onPrompt || d.fields.EditsText() }

// row is the top-level field of the row with the cursor ("prompt" for
// the prompt).
func (d draft) row() string {
	if d.onPrompt {
		return "prompt"
	}
	p := d.fields.Path()
	if i := strings.IndexAny(p, ".["); i >= 0 {
		return p[:i]
	}
	return p
}

// inputRow reports whether the cursor is on an input image's path or the
// mask's: enter there ends the path rather than sending.
func (d draft) inputRow() bool {
	p := d.fields.Path()
	return !d.onPrompt && d.fields.EditsText() && (p == rowMask || strings.HasPrefix(p, rowImages+"["))
}

// addImage adds an empty input image under the cursor, to type its path.
func (d *draft) addImage() {
	d.focusName(rowImages)
	d.fields, _ = d.fields.Update(tea.KeyPressMsg{Code: 'n', Mod: tea.ModCtrl})
}

// removeImage removes the input under the cursor, else the last one; on
// the mask, clears it.
func (d *draft) removeImage() {
	switch p := d.fields.Path(); {
	case p == rowMask:
		d.fields.Set(rowMask, "")
	case p == rowImages && len(d.images()) > 0:
		d.focusRow(slices.Index(d.fields.Paths(), fmt.Sprintf("%s[%d]", rowImages, len(d.images())-1)))
		fallthrough
	case strings.HasPrefix(p, rowImages+"["):
		d.fields, _ = d.fields.Update(tea.KeyPressMsg{Code: 'x', Mod: tea.ModCtrl})
	}
}

// recheck runs the rules again after something they read besides the
// rows changed (a look at an input file): setting the model to itself is
// the component's way in, and marks nothing edited.
func (d *draft) recheck() { d.fields.Set(rowModel, d.fields.Text(rowModel)) }
